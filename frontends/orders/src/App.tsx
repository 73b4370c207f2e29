import { Route, Routes } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { ErrorPanel, PlaceholderPage, UI_MESSAGES } from '@mediport/ui';

const SECTION = 'Aufträge und Abholung';

const locked = <ErrorPanel title={UI_MESSAGES.contractRequiredTitle} message={UI_MESSAGES.contractRequiredText} />;

/** Routes of the orders remote, relative to the shell's router (ARCHITECTURE.md "Frontends"). */
export default function App() {
  return (
    <Routes>
      <Route element={<RequirePermission name="task_list_view" />}>
        <Route path="anforderungen" element={<PlaceholderPage title="Anforderungen" section={SECTION} />} />
      </Route>
      <Route element={<RequirePermission name="task_create_view" locked={locked} />}>
        <Route path="v3/anforderung/neu" element={<PlaceholderPage title="Neue Anforderung" section={SECTION} />} />
      </Route>
      <Route element={<RequirePermission name="pickup_list_view" />}>
        <Route path="v3/abholauftraege" element={<PlaceholderPage title="Abholaufträge" section={SECTION} />} />
        <Route path="abholauftraege" element={<PlaceholderPage title="Abholaufträge" section={SECTION} />} />
      </Route>
      <Route element={<RequirePermission name="task_create_recipe_requirement" />}>
        <Route path="anforderungen/erzeugen" element={<PlaceholderPage title="Rezeptanforderungen" section={SECTION} />} />
      </Route>
      <Route element={<RequirePermission name="task_import_view" />}>
        <Route path="anforderungen/import" element={<PlaceholderPage title="Import" section={SECTION} />} />
      </Route>
      <Route path="*" element={<PlaceholderPage title="Anforderungen" section={SECTION} />} />
    </Routes>
  );
}
