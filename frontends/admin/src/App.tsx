import { Route, Routes } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

const SECTION = 'Administration';

const PAGES = [
  { path: 'v3/nutzer', title: 'Nutzer', permission: 'user_list_view' },
  { path: 'nutzer', title: 'Nutzer', permission: 'user_list_view' },
  { path: 'v3/acl', title: 'Rechte', permission: 'acl_list_view' },
  { path: 'v3/termine', title: 'Termine', permission: 'meeting_list_view' },
  { path: 'einstellungen', title: 'Einstellungen', permission: 'settings_list' },
] as const;

/** Routes of the administration remote, relative to the shell's router. */
export default function App() {
  return (
    <Routes>
      {PAGES.map((p) => (
        <Route key={p.path} element={<RequirePermission name={p.permission} />}>
          <Route path={p.path} element={<PlaceholderPage title={p.title} section={SECTION} />} />
        </Route>
      ))}
      <Route path="*" element={<PlaceholderPage title={SECTION} />} />
    </Routes>
  );
}
