import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

/** Routes of this feature; App.tsx mounts them. */
export const meetingsRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="meeting_list_view" />,
    children: [
      { path: 'v3/termine/*', element: <PlaceholderPage title="Termine" section="Administration" /> },
    ],
  },
];
