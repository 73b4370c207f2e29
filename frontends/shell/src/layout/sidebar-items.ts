import { grantOf } from '@mediport/permissions';

export interface SidebarItem {
  label: string;
  to: string;
  /** Permission needed; none = always shown. */
  permission?: string;
}

export interface SidebarSection {
  /** Section header; none for the top and bottom entries. */
  title?: string;
  permission?: string;
  items: SidebarItem[];
}

/** The sidebar of the common brief "Sidebar" (sections by permission, each with its items). */
export const SIDEBAR: readonly SidebarSection[] = [
  { items: [{ label: 'Dashboard', to: '/', permission: 'dashboard_view' }] },
  {
    title: 'Aufträge und Abholung',
    permission: 'section_orders_view',
    items: [
      { label: 'Anforderungen', to: '/anforderungen', permission: 'task_list_view' },
      { label: 'Neue Anforderung', to: '/v3/anforderung/neu', permission: 'task_create_view' },
      { label: 'Abholaufträge', to: '/v3/abholauftraege', permission: 'pickup_list_view' },
      { label: 'Rezeptanforderungen', to: '/anforderungen/erzeugen', permission: 'task_create_recipe_requirement' },
      { label: 'Import', to: '/anforderungen/import', permission: 'task_import_view' },
    ],
  },
  {
    title: 'Stammdaten',
    permission: 'section_masterdata_view',
    items: [
      { label: 'Patienten', to: '/patienten', permission: 'patient_list_view' },
      { label: 'Ärzte', to: '/aerzte', permission: 'doctor_list_view' },
      { label: 'Arztpraxen', to: '/v3/arztpraxis', permission: 'doctor_office_list_view' },
      { label: 'Pflegeeinrichtungen', to: '/einrichtungen', permission: 'home_list_view' },
      { label: 'Medikamente', to: '/v3/medikamente', permission: 'medicine_list_view' },
    ],
  },
  {
    title: 'Administration',
    permission: 'section_administration_view',
    items: [
      { label: 'Nutzer', to: '/v3/nutzer', permission: 'user_list_view' },
      { label: 'Rechte', to: '/v3/acl', permission: 'acl_list_view' },
      { label: 'Termine', to: '/v3/termine', permission: 'meeting_list_view' },
      { label: 'Einstellungen', to: '/einstellungen', permission: 'settings_list' },
    ],
  },
  { items: [{ label: 'Profil', to: '/profil' }] },
];

export interface VisibleItem extends SidebarItem {
  locked: boolean;
}

export interface VisibleSection {
  title?: string;
  items: VisibleItem[];
}

/**
 * What a user sees: items held fully or own-only, items held only `_required_contract` as locked,
 * a section only with its section permission and at least one visible item.
 */
export function visibleSidebar(permissions: readonly string[]): VisibleSection[] {
  const out: VisibleSection[] = [];
  for (const section of SIDEBAR) {
    if (section.permission) {
      const g = grantOf(permissions, section.permission);
      if (g !== 'all' && g !== 'own') continue;
    }
    const items: VisibleItem[] = [];
    for (const item of section.items) {
      if (!item.permission) {
        items.push({ ...item, locked: false });
        continue;
      }
      const g = grantOf(permissions, item.permission);
      if (g === 'all' || g === 'own') items.push({ ...item, locked: false });
      else if (g === 'locked') items.push({ ...item, locked: true });
    }
    if (items.length > 0) out.push({ title: section.title, items });
  }
  return out;
}
