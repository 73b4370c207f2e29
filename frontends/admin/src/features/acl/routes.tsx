import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

/** Routes of this feature; App.tsx mounts them. */
export const aclRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="acl_list_view" />,
    children: [
      { path: 'v3/acl', element: <PlaceholderPage title="Rechte" section="Administration" /> },
    ],
  },
];
