import type { RemoteManifest } from '@mediport/contracts';

/** Exposed as `./nav`: the paths this remote renders and its sidebar entries (read by the shell at start). */
export const manifest: RemoteManifest = {
  name: 'masterdata',
  area: 'Stammdaten',
  routePrefixes: ['/patient*', '/aerzte', '/arzt*', '/v3/arztpraxis*', '/einrichtung*', '/pflegeeinrichtung*', '/v3/medikamente'],
  sections: [{ id: 'masterdata', title: 'Stammdaten', permission: 'section_masterdata_view', order: 20 }],
  nav: [
    { section: 'masterdata', label: 'Patienten', path: '/patienten', permission: 'patient_list_view' },
    { section: 'masterdata', label: 'Ärzte', path: '/aerzte', permission: 'doctor_list_view' },
    { section: 'masterdata', label: 'Arztpraxen', path: '/v3/arztpraxis', permission: 'doctor_office_list_view' },
    { section: 'masterdata', label: 'Pflegeeinrichtungen', path: '/einrichtungen', permission: 'home_list_view' },
    { section: 'masterdata', label: 'Medikamente', path: '/v3/medikamente', permission: 'medicine_list_view' },
  ],
};

export default manifest;
