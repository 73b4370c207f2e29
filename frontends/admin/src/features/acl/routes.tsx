import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { AclPage } from './components/acl-page';

/** Routes of this feature; App.tsx mounts them. */
export const aclRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="acl_list_view" />,
    children: [{ path: 'v3/acl', element: <AclPage /> }],
  },
];
