import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { lazyModule, lazyPage, PlaceholderPage } from '@mediport/ui';

// One chunk per page file (a form file holds its new/edit/delete pages).
const PatientListPage = lazyPage(() => import(/* webpackChunkName: "page-patient-list" */ './pages/patient-list-page').then((m) => m.PatientListPage));
const PatientFormPage = lazyPage(() => import(/* webpackChunkName: "page-patient-form" */ './pages/patient-form-page').then((m) => m.PatientFormPage));
const DoctorListPage = lazyPage(() => import(/* webpackChunkName: "page-doctor-list" */ './pages/doctor-list-page').then((m) => m.DoctorListPage));
const doctorForm = lazyModule(() => import(/* webpackChunkName: "page-doctor-form" */ './pages/doctor-form-page'));
const NewDoctorPage = doctorForm.page((m) => m.NewDoctorPage);
const DoctorPage = doctorForm.page((m) => m.DoctorPage);
const OfficeListPage = lazyPage(() => import(/* webpackChunkName: "page-office-list" */ './pages/office-list-page').then((m) => m.OfficeListPage));
const OfficeViewPage = lazyPage(() => import(/* webpackChunkName: "page-office-view" */ './pages/office-view-page').then((m) => m.OfficeViewPage));
const officeForm = lazyModule(() => import(/* webpackChunkName: "page-office-form" */ './pages/office-form-page'));
const NewOfficePage = officeForm.page((m) => m.NewOfficePage);
const EditOfficePage = officeForm.page((m) => m.EditOfficePage);
const HomeListPage = lazyPage(() => import(/* webpackChunkName: "page-home-list" */ './pages/home-list-page').then((m) => m.HomeListPage));
const homeForm = lazyModule(() => import(/* webpackChunkName: "page-home-form" */ './pages/home-form-page'));
const HomeNewPage = homeForm.page((m) => m.HomeNewPage);
const HomeEditPage = homeForm.page((m) => m.HomeEditPage);
const HomeDeletePage = homeForm.page((m) => m.HomeDeletePage);
const HomeGroupDeletePage = lazyPage(() => import(/* webpackChunkName: "page-home-group-delete" */ './pages/home-group-delete-page').then((m) => m.HomeGroupDeletePage));
const MedicineListPage = lazyPage(() => import(/* webpackChunkName: "page-medicine-list" */ './pages/medicine-list-page').then((m) => m.MedicineListPage));

const gate = (name: string, children: RouteObject[]): RouteObject => ({ element: <RequirePermission name={name} />, children });

/** Routes of the patient screens. /patient/{id}/auftraege belongs to the orders remote. */
export const patientsRoutes: RouteObject[] = [
  gate('patient_list_view', [
    { path: 'patienten', element: <PatientListPage /> },
    { path: 'patient/details/:id', element: <PatientFormPage mode="details" /> },
    { path: 'patienten/details/:id', element: <PatientFormPage mode="details" /> },
  ]),
  gate('patient_create_view', [{ path: 'patient/neu', element: <PatientFormPage mode="new" /> }]),
  gate('patient_edit_view', [{ path: 'patient/:id', element: <PatientFormPage mode="edit" /> }]),
  gate('patient_delete_view', [{ path: 'patient/:id/loeschen', element: <PatientFormPage mode="delete" /> }]),
];

/** Routes of the doctors and practices screens. */
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

/**
 * Care homes and living areas. Whoever may list homes may open one (read-only
 * without `editable`) and the living-area deletion page (admin, pharma, home, doctor; Löschen
 * follows the home's `groupsEditable`, as the server's home_group_edit_view does).
 */
export const homesRoutes: RouteObject[] = [
  gate('home_list_view', [
    { path: 'einrichtungen', element: <HomeListPage /> },
    { path: 'pflegeeinrichtungen', element: <HomeListPage /> },
    { path: 'einrichtung/:id', element: <HomeEditPage /> },
    { path: 'pflegeeinrichtungen/bearbeiten/:id', element: <HomeEditPage /> },
    { path: 'einrichtung/:id/wohnbereich/:groupId/loeschen', element: <HomeGroupDeletePage /> },
  ]),
  gate('home_create_view', [
    { path: 'einrichtung/neu', element: <HomeNewPage /> },
    { path: 'pflegeeinrichtung/neu', element: <HomeNewPage /> },
  ]),
  gate('home_delete_view', [{ path: 'einrichtung/:id/loeschen', element: <HomeDeletePage /> }]),
];

/** Routes of the medicines list. */
export const medicinesRoutes: RouteObject[] = [gate('medicine_list_view', [{ path: 'v3/medikamente', element: <MedicineListPage /> }])];

/** Routes of the master-data remote, relative to the shell's router; App.tsx renders them. */
export const masterdataRoutes: RouteObject[] = [
  ...patientsRoutes,
  ...doctorsRoutes,
  ...homesRoutes,
  ...medicinesRoutes,
  { path: '*', element: <PlaceholderPage title="Stammdaten" /> },
];
