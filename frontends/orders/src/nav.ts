import type { RemoteManifest } from '@mediport/contracts';
import { taskListPrefetch } from './features/list/list-request';

/** Exposed as `./nav`: the paths this remote renders and its sidebar entries (read by the shell at start). */
export const manifest: RemoteManifest = {
  name: 'orders',
  area: 'Aufträge und Abholung',
  routePrefixes: ['/anforderung*', '/v3/anforderung*', '/abholauftraege', '/v3/abholauftraege', '/patient/:id/auftraege'],
  sections: [{ id: 'orders', title: 'Aufträge und Abholung', permission: 'section_orders_view', order: 10 }],
  nav: [
    { section: 'orders', label: 'Anforderungen', path: '/anforderungen', permission: 'task_list_view' },
    { section: 'orders', label: 'Neue Anforderung', path: '/v3/anforderung/neu', permission: 'task_create_view', contractLock: 'locked' },
    { section: 'orders', label: 'Abholaufträge', path: '/v3/abholauftraege', permission: 'pickup_list_view' },
    { section: 'orders', label: 'Rezeptanforderungen', path: '/anforderungen/erzeugen', permission: 'task_create_recipe_requirement' },
    { section: 'orders', label: 'Angeforderte Rezepte', path: '/anforderungen/rezeptanforderungen', permission: 'task_create_recipe_requirement' },
    { section: 'orders', label: 'Import', path: '/anforderungen/import', permission: 'task_import_view' },
  ],
  prefetch: taskListPrefetch,
};

export default manifest;
