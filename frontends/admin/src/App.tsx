import { useRoutes } from 'react-router-dom';
import { PlaceholderPage } from '@mediport/ui';
import { aclRoutes } from './features/acl/routes';
import { meetingsRoutes } from './features/meetings/routes';
import { settingsRoutes } from './features/settings/routes';
import { usersRoutes } from './features/users/routes';
import { ADMIN_AREA } from './messages';

/** Routes of the administration remote, relative to the shell's router. Each feature owns its routes file. */
export default function App() {
  return useRoutes([
    ...usersRoutes,
    ...aclRoutes,
    ...meetingsRoutes,
    ...settingsRoutes,
    { path: '*', element: <PlaceholderPage title={ADMIN_AREA} /> },
  ]);
}
