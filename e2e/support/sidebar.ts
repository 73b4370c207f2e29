import type { Role } from '@mediport/contracts';
import { DEFAULT_MATRIX, effectivePermissions, grantOf } from '@mediport/permissions';

/** The sidebar each role must see: sections by permission, items by permission, in this order. */
const SIDEBAR = [
  {
    title: 'Aufträge und Abholung',
    permission: 'section_orders_view',
    items: [
      { label: 'Anforderungen', path: '/anforderungen', permission: 'task_list_view' },
      { label: 'Neue Anforderung', path: '/v3/anforderung/neu', permission: 'task_create_view' },
      { label: 'Abholaufträge', path: '/v3/abholauftraege', permission: 'pickup_list_view' },
      { label: 'Rezeptanforderungen', path: '/anforderungen/erzeugen', permission: 'task_create_recipe_requirement' },
      { label: 'Angeforderte Rezepte', path: '/anforderungen/rezeptanforderungen', permission: 'task_create_recipe_requirement' },
      { label: 'Import', path: '/anforderungen/import', permission: 'task_import_view' },
    ],
  },
  {
    title: 'Stammdaten',
    permission: 'section_masterdata_view',
    items: [
      { label: 'Patienten', path: '/patienten', permission: 'patient_list_view' },
      { label: 'Ärzte', path: '/aerzte', permission: 'doctor_list_view' },
      { label: 'Arztpraxen', path: '/v3/arztpraxis', permission: 'doctor_office_list_view' },
      { label: 'Pflegeeinrichtungen', path: '/einrichtungen', permission: 'home_list_view' },
      { label: 'Medikamente', path: '/v3/medikamente', permission: 'medicine_list_view' },
    ],
  },
  {
    title: 'Administration',
    permission: 'section_administration_view',
    items: [
      { label: 'Nutzer', path: '/v3/nutzer', permission: 'user_list_view' },
      { label: 'Rechte', path: '/v3/acl', permission: 'acl_list_view' },
      { label: 'Termine', path: '/v3/termine', permission: 'meeting_list_view' },
      { label: 'Einstellungen', path: '/einstellungen', permission: 'settings_list' },
    ],
  },
] as const;

export interface DemoUser {
  username: string;
  roles: Role[];
  /** Whether the user's home or doctor has a contract in the demo data. */
  hasContract: boolean;
  /** Where the user lands after signing in. */
  landing: string;
}

export const DEMO_PASSWORD = 'Demo#Passwort24!';

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', roles: ['ROLE_ADMIN'], hasContract: false, landing: '/' },
  { username: 'apotheke', roles: ['ROLE_PHARMA', 'ROLE_MANAGER'], hasContract: false, landing: '/' },
  { username: 'heim', roles: ['ROLE_HOME'], hasContract: true, landing: '/' },
  { username: 'arzt', roles: ['ROLE_DOCTOR'], hasContract: false, landing: '/' },
  { username: 'fahrer', roles: ['ROLE_DRIVER'], hasContract: false, landing: '/' },
  { username: 'buchhaltung', roles: ['ROLE_ACCOUNTING'], hasContract: false, landing: '/profil' },
];

export interface SidebarEntry {
  label: string;
  path: string;
  locked: boolean;
}

export interface ExpectedSidebar {
  permissions: string[];
  /** Section titles shown, in order. */
  sections: string[];
  /** Entries shown (Dashboard, the section items, Profil), in order. */
  entries: SidebarEntry[];
  /** Every known label (sections and items) that must NOT appear. */
  absent: string[];
}

/** Derives the sidebar a demo user must see from the default matrix. */
export function expectedSidebar(user: DemoUser): ExpectedSidebar {
  const permissions = effectivePermissions(DEFAULT_MATRIX, { roles: user.roles, hasContract: user.hasContract });
  const sections: string[] = [];
  const entries: SidebarEntry[] = [];
  const absent: string[] = [];
  if (isGranted(permissions, 'dashboard_view')) entries.push({ label: 'Dashboard', path: '/', locked: false });
  else absent.push('Dashboard');
  for (const section of SIDEBAR) {
    const sectionGranted = isGranted(permissions, section.permission);
    const visible = section.items
      .map((item) => ({ item, grant: grantOf(permissions, item.permission) }))
      .filter(({ grant }) => grant !== null);
    if (sectionGranted && visible.length > 0) {
      sections.push(section.title);
      for (const { item, grant } of visible) entries.push({ label: item.label, path: item.path, locked: grant === 'locked' });
      for (const item of section.items) if (!visible.some((v) => v.item === item)) absent.push(item.label);
    } else {
      absent.push(section.title, ...section.items.map((i) => i.label));
    }
  }
  entries.push({ label: 'Profil', path: '/profil', locked: false });
  return { permissions, sections, entries, absent };
}

function isGranted(permissions: string[], name: string): boolean {
  const g = grantOf(permissions, name);
  return g === 'all' || g === 'own';
}
