import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { DoctorListPage } from './components/doctor-list-page';
import { DoctorPage, NewDoctorPage } from './components/doctor-form-page';
import { OfficeListPage } from './offices/components/office-list-page';
import { EditOfficePage, NewOfficePage } from './offices/components/office-form-page';
import { OfficeViewPage } from './offices/components/office-view-page';

const gate = (name: string, children: RouteObject[]): RouteObject => ({ element: <RequirePermission name={name} />, children });

/** Routes of the doctors and practices screens (spec part 2 §2); App.tsx mounts them. */
export const doctorsRoutes: RouteObject[] = [
  gate('doctor_list_view', [{ path: 'aerzte', element: <DoctorListPage /> }]),
  gate('doctor_create_view', [{ path: 'arzt/neu', element: <NewDoctorPage /> }]),
  gate('doctor_edit_view', [{ path: 'arzt/:id', element: <DoctorPage mode="edit" /> }]),
  gate('doctor_delete_view', [{ path: 'arzt/:id/loeschen', element: <DoctorPage mode="delete" /> }]),
  gate('doctor_office_list_view', [
    { path: 'v3/arztpraxis', element: <OfficeListPage /> },
    { path: 'v3/arztpraxis/:id', element: <OfficeViewPage /> },
  ]),
  gate('doctor_office_create_view', [{ path: 'v3/arztpraxis/neu', element: <NewOfficePage /> }]),
  gate('doctor_office_edit_view', [{ path: 'v3/arztpraxis/bearbeiten/:id', element: <EditOfficePage /> }]),
];
