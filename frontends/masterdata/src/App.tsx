import { Route, Routes } from 'react-router-dom';
import { RequirePermission } from '@mediport/api-client';
import { PlaceholderPage } from '@mediport/ui';

const SECTION = 'Stammdaten';

const PAGES = [
  { path: 'patienten', title: 'Patienten', permission: 'patient_list_view' },
  { path: 'aerzte', title: 'Ärzte', permission: 'doctor_list_view' },
  { path: 'v3/arztpraxis', title: 'Arztpraxen', permission: 'doctor_office_list_view' },
  { path: 'einrichtungen', title: 'Pflegeeinrichtungen', permission: 'home_list_view' },
  { path: 'pflegeeinrichtungen', title: 'Pflegeeinrichtungen', permission: 'home_list_view' },
  { path: 'v3/medikamente', title: 'Medikamente', permission: 'medicine_list_view' },
] as const;

/** Routes of the master-data remote, relative to the shell's router. */
export default function App() {
  return (
    <Routes>
      {PAGES.map((p) => (
        <Route key={p.path} element={<RequirePermission name={p.permission} />}>
          <Route path={p.path} element={<PlaceholderPage title={p.title} section={SECTION} />} />
        </Route>
      ))}
      <Route path="*" element={<PlaceholderPage title={SECTION} />} />
    </Routes>
  );
}
