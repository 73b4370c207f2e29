import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PatientFormPage } from './components/patient-form-page';
import { PatientListPage } from './components/patient-list-page';

/** Routes of the patient screens (spec part 2 §2 Patients); App.tsx mounts them. /patient/{id}/auftraege belongs to the orders remote. */
export const patientsRoutes: RouteObject[] = [
  {
    element: <RequirePermission name="patient_list_view" />,
    children: [
      { path: 'patienten', element: <PatientListPage /> },
      { path: 'patient/details/:id', element: <PatientFormPage mode="details" /> },
      { path: 'patienten/details/:id', element: <PatientFormPage mode="details" /> },
    ],
  },
  { element: <RequirePermission name="patient_create_view" />, children: [{ path: 'patient/neu', element: <PatientFormPage mode="new" /> }] },
  { element: <RequirePermission name="patient_edit_view" />, children: [{ path: 'patient/:id', element: <PatientFormPage mode="edit" /> }] },
  { element: <RequirePermission name="patient_delete_view" />, children: [{ path: 'patient/:id/loeschen', element: <PatientFormPage mode="delete" /> }] },
];
