import type { SeenKind } from '@mediport/contracts';

/** German texts of the dashboard. */
export const DASHBOARD_MESSAGES = {
  tilesTitle: 'Neuigkeiten',
  markRead: 'Als gelesen markieren',
  markReadOf: (label: string) => `${label}: als gelesen markieren`,
  open: 'Anzeigen',
  webinars: 'Webinare',
  noWebinars: 'Zurzeit sind keine Webinare geplant.',
  join: 'Teilnehmen',
  running: 'Läuft gerade',
  startsAt: (date: string, time: string) => `${date} um ${time} Uhr`,
  faq: 'Häufige Fragen',
  changelog: 'Änderungen',
  version: (v: string, date: string) => `Version ${v} vom ${date}`,
  loading: 'Lade Daten...',
} as const;

export interface TileDefinition {
  kind: SeenKind;
  label: string;
  to: string;
  /** Needed to mark the kind as read (PUT /api/statistics/{kind}_read_all). */
  listPermission: string;
}

/**
 * The dashboard tiles, in the order shown. "Anzeigen" opens the list with the
 * new ones filtered: the orders list's filters notSeen ("Nur neue") and notSeenEvents ("Ungelesene
 * Nachrichten"), the master-data lists' notSeen.
 */
export const TILES: TileDefinition[] = [
  { kind: 'task', label: 'Neue Aufträge', to: '/anforderungen?notSeen=1', listPermission: 'task_list_view' },
  { kind: 'event', label: 'Neue Nachrichten', to: '/anforderungen?notSeenEvents=1', listPermission: 'task_list_view' },
  { kind: 'pickup', label: 'Neue Abholaufträge', to: '/v3/abholauftraege', listPermission: 'pickup_list_view' },
  { kind: 'home', label: 'Neue Pflegeeinrichtungen', to: '/einrichtungen?notSeen=1', listPermission: 'home_list_view' },
  { kind: 'doctor', label: 'Neue Ärzte', to: '/aerzte?notSeen=1', listPermission: 'doctor_list_view' },
  { kind: 'user', label: 'Neue Nutzer', to: '/nutzer', listPermission: 'user_list_view' },
  { kind: 'patient', label: 'Neue Patienten', to: '/patienten?notSeen=1', listPermission: 'patient_list_view' },
];
