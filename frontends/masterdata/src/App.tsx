import { useRoutes, type RouteObject } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';
import { medicinesRoutes } from './features/medicines/routes';

const SECTION = 'Stammdaten';

/** Areas of the master-data issue; landing pages until it arrives. */
const PAGES = [
  { path: 'patienten', title: 'Patienten', permission: 'patient_list_view' },
  { path: 'aerzte', title: 'Ärzte', permission: 'doctor_list_view' },
  { path: 'v3/arztpraxis', title: 'Arztpraxen', permission: 'doctor_office_list_view' },
  { path: 'einrichtungen', title: 'Pflegeeinrichtungen', permission: 'home_list_view' },
  { path: 'pflegeeinrichtungen', title: 'Pflegeeinrichtungen', permission: 'home_list_view' },
] as const;

const landingRoutes: RouteObject[] = PAGES.map((p) => ({
  element: <RequirePermission name={p.permission} />,
  children: [{ path: p.path, element: <PlaceholderPage title={p.title} section={SECTION} /> }],
}));

/** Routes of the master-data remote, relative to the shell's router. Each feature owns its routes file. */
export default function App() {
  return useRoutes([...landingRoutes, ...medicinesRoutes, { path: '*', element: <PlaceholderPage title={SECTION} /> }]);
}
