import { useRoutes } from 'react-router-dom';
import { PlaceholderPage } from '@mediport/ui';
import { medicinesRoutes } from './features/medicines/routes';
import { patientsRoutes } from './features/patients/routes';
import { doctorsRoutes } from './features/doctors/routes';
import { homesRoutes } from './features/homes/routes';

const SECTION = 'Stammdaten';

/** Routes of the master-data remote, relative to the shell's router. Each feature owns its routes file. */
export default function App() {
  return useRoutes([...patientsRoutes, ...doctorsRoutes, ...homesRoutes, ...medicinesRoutes, { path: '*', element: <PlaceholderPage title={SECTION} /> }]);
}
