import type { RemoteManifest } from '@mediport/contracts';
import { ADMIN_AREA, NAV_TEXT } from './messages';

/** Exposed as `./nav`: the paths this remote renders and its sidebar entries (read by the shell at start). */
export const manifest: RemoteManifest = {
  name: 'admin',
  area: ADMIN_AREA,
  routePrefixes: ['/nutzer*', '/v3/nutzer*', '/v3/acl', '/v3/termine*', '/einstellungen', '/v3/postausgang'],
  sections: [{ id: 'admin', title: ADMIN_AREA, permission: 'section_administration_view', order: 30 }],
  nav: [
    { section: 'admin', label: NAV_TEXT.users, path: '/v3/nutzer', permission: 'user_list_view' },
    { section: 'admin', label: NAV_TEXT.acl, path: '/v3/acl', permission: 'acl_list_view' },
    { section: 'admin', label: NAV_TEXT.meetings, path: '/v3/termine', permission: 'meeting_list_view' },
    { section: 'admin', label: NAV_TEXT.settings, path: '/einstellungen', permission: 'settings_list' },
    { section: 'admin', label: NAV_TEXT.outbox, path: '/v3/postausgang', permission: 'outbox_list_view' },
  ],
};

export default manifest;
