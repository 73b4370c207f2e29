import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

/** Routes of the medicines feature; App.tsx mounts them. */
export const medicinesRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="medicine_list_view" />,
    children: [{ path: 'v3/medikamente', element: <PlaceholderPage title="Medikamente" section="Stammdaten" /> }],
  },
];
