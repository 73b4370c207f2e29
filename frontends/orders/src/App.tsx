import { useRoutes } from 'react-router-dom';
import { PlaceholderPage } from '@mediport/ui';
import { listRoutes } from './features/list/routes';
import { otherRoutes } from './features/other/routes';
import { wizardRoutes } from './features/wizard/routes';

/** Routes of the orders remote, relative to the shell's router (ARCHITECTURE.md "Frontends"). Each feature owns its routes file. */
export default function App() {
  return useRoutes([...listRoutes, ...wizardRoutes, ...otherRoutes, { path: '*', element: <PlaceholderPage title="Anforderungen" section="Aufträge und Abholung" /> }]);
}
