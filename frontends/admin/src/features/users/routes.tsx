import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

/** Routes of this feature; App.tsx mounts them. */
export const usersRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="user_list_view" />,
    children: [
      { path: 'v3/nutzer/*', element: <PlaceholderPage title="Nutzer" section="Administration" /> },
      { path: 'nutzer/*', element: <PlaceholderPage title="Nutzer" section="Administration" /> },
    ],
  },
];
