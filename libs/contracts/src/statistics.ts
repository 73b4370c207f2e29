import type { Role } from './index.js';
import type { MeetingDto } from './meetings.js';

/** Dashboard statistics and seen marks. */

/** Kinds with "new" counts and mark-all-read (`PUT /api/statistics/{kind}_read_all`). */
export const SEEN_KINDS = ['task', 'event', 'pickup', 'home', 'doctor', 'user', 'patient'] as const;
export type SeenKind = (typeof SEEN_KINDS)[number];

export function isSeenKind(value: unknown): value is SeenKind {
  return typeof value === 'string' && (SEEN_KINDS as readonly string[]).includes(value);
}

/**
 * Changes of one version for the roles they concern. A version may have several entries, one per
 * audience; the dashboard shows a reader the entries of their roles (an administrator all of them),
 * joined under one heading per version.
 */
export interface ChangelogEntry {
  version: string;
  /** DD.MM.YYYY */
  date: string;
  changes: string[];
  /** The roles the changes are for; absent: everyone who sees the dashboard. */
  roles?: Role[];
}

export interface FaqEntry {
  question: string;
  answer: string;
}

/** Answer of GET /api/statistics. */
export interface StatisticsResponse {
  log: ChangelogEntry[];
  faq: FaqEntry[];
  /** Unseen items per kind the caller has a dashboard_new_<kind>_view tile for. */
  counts: Partial<Record<SeenKind, number>>;
  /** Running and upcoming webinars (meetings with a date that have not ended), earliest first. */
  webinars: MeetingDto[];
}

/** Answer of PUT /api/statistics/{kind}_read_all. */
export interface ReadAllResponse {
  kind: SeenKind;
  /** ISO timestamp: everything created up to here counts as seen. */
  at: string;
}

/** Success toasts of the mark-all-read actions. */
export const READ_ALL_MESSAGES: Record<SeenKind, string> = {
  task: 'Alle Aufträge als gelesen markiert.',
  event: 'Alle Nachrichten als gelesen markiert.',
  pickup: 'Alle Abholaufträge wurden als gelesen markiert',
  home: 'Alle Pflegeeinrichtungen wurden als gelesen markiert',
  doctor: 'Alle Ärzte wurden als gelesen markiert',
  user: 'Alle Nutzer wurden als gelesen markiert',
  patient: 'Alle Patienten wurden als gelesen markiert',
};
