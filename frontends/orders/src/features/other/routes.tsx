import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

const SECTION = 'Aufträge und Abholung';

/** Screens of later issues (pickup, recipe requests, import): placeholders until then. */
export const otherRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="pickup_list_view" />,
    children: [
      { path: 'v3/abholauftraege', element: <PlaceholderPage title="Abholaufträge" section={SECTION} /> },
      { path: 'abholauftraege', element: <PlaceholderPage title="Abholaufträge" section={SECTION} /> },
    ],
  },
  { element: <RequirePermission name="task_create_recipe_requirement" />, children: [{ path: 'anforderungen/erzeugen', element: <PlaceholderPage title="Rezeptanforderungen" section={SECTION} /> }] },
  { element: <RequirePermission name="task_import_view" />, children: [{ path: 'anforderungen/import', element: <PlaceholderPage title="Import" section={SECTION} /> }] },
];
