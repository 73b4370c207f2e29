import type { RemoteManifest } from '@mediport/contracts';

/** Exposed as `./nav`: the paths this remote renders and its sidebar entries (read by the shell at start). */
export const manifest: RemoteManifest = {
  name: 'admin',
  area: 'Administration',
  routePrefixes: ['/nutzer*', '/v3/nutzer*', '/v3/acl', '/v3/termine*', '/einstellungen'],
  sections: [{ id: 'admin', title: 'Administration', permission: 'section_administration_view', order: 30 }],
  nav: [
    { section: 'admin', label: 'Nutzer', path: '/v3/nutzer', permission: 'user_list_view' },
    { section: 'admin', label: 'Rechte', path: '/v3/acl', permission: 'acl_list_view' },
    { section: 'admin', label: 'Termine', path: '/v3/termine', permission: 'meeting_list_view' },
    { section: 'admin', label: 'Einstellungen', path: '/einstellungen', permission: 'settings_list' },
  ],
};

export default manifest;
