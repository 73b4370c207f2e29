import type { RemoteManifest } from '@mediport/contracts';

/** Exposed as `./nav`: the paths this remote renders and its sidebar entries (read by the shell at start). */
export const manifest: RemoteManifest = {
  name: 'profile',
  area: 'Profil',
  routePrefixes: ['/profil'],
  // The plain group at the bottom of the sidebar, for every signed-in user.
  sections: [{ id: 'profile', order: 90 }],
  nav: [{ section: 'profile', label: 'Profil', path: '/profil' }],
};

export default manifest;
