import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { MedicineListPage } from './components/medicine-list-page';

/** Routes of the medicines feature; App.tsx mounts them. */
export const medicinesRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="medicine_list_view" />,
    children: [{ path: 'v3/medikamente', element: <MedicineListPage /> }],
  },
];
