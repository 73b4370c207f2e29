import { Route, Routes } from 'react-router-dom';
import { ProfilePage } from './pages/profile-page';

/** Routes of the profile remote, relative to the shell's router. */
export default function App() {
  return (
    <Routes>
      <Route path="profil" element={<ProfilePage />} />
      <Route path="profil/*" element={<ProfilePage />} />
    </Routes>
  );
}
