import { useRoutes } from 'react-router-dom';
import { documentRoutes } from './features/documents/routes';
import { ProfilePage } from './pages/profile-page';

const routes = [...documentRoutes, { path: 'profil', element: <ProfilePage /> }, { path: 'profil/*', element: <ProfilePage /> }];

/** Routes of the profile remote, relative to the shell's router. */
export default function App() {
  return useRoutes(routes);
}
