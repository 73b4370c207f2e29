// Type-only imports: nav.ts reads this file too, and must stay free of runtime libraries.
import type { ImageDropzoneTexts } from '@mediport/ui';

/**
 * Every German text of the administration remote except the users feature's (which still has its
 * own file, features/users/messages.ts). Umlauts are always written out, never as ae/oe/ue
 * (docs/decisions/german-wording.md).
 */

/** Sidebar section and its breadcrumb. */
export const ADMIN_AREA = 'Administration';

/** Sidebar entries of this remote (nav.ts). */
export const NAV_TEXT = {
  users: 'Nutzer',
  acl: 'Rechte',
  meetings: 'Termine',
  settings: 'Einstellungen',
  outbox: 'Postausgang',
} as const;

/** Buttons used on several screens. */
export const COMMON_TEXT = {
  save: 'Speichern',
  cancel: 'Abbrechen',
  edit: 'Bearbeiten',
  details: 'Details',
} as const;

/** The rights matrix (/v3/acl). */
export const ACL_TEXT = {
  title: 'Rechte',
  immediateNote: 'Änderungen gelten sofort für alle Nutzer – ein Neustart ist nicht nötig.',
  save: 'Speichern',
  discard: 'Verwerfen',
  saved: 'Rechte gespeichert.',
  /** `roles` is "1 Rolle" / "3 Rollen" (formatCount). */
  unsaved: (roles: string) => `${roles} geändert – noch nicht gespeichert.`,
  readOnly: 'Sie können die Rechte ansehen, aber nicht ändern.',
  intro: 'Einführung',
  details: 'Details',
  permission: 'Recht',
  detailTitle: 'Details zum Recht',
  name: 'Technischer Name',
  url: 'Seite',
  api: 'API-Aufruf',
  holders: 'Rollen mit diesem Recht',
  noHolders: 'Keine Rolle',
  image: (label: string) => `Dokumentation: ${label}`,
  imageLoading: 'Dokumentation wird geladen …',
  close: 'Schließen',
  back: 'Zurück',
  next: 'Weiter',
  done: 'Verstanden',
  /** Short labels beside the toggles of a matrix cell. */
  short: { own: 'eigene', manager: 'Manager', contract: 'Vertrag' },
  loadFailed: 'Die Rechte konnten nicht geladen werden.',
  areas: 'Bereiche',
  tableLabel: (group: string) => `Rechte: ${group}`,
  introTitle: 'Einführung in die Rechteverwaltung',
} as const;

/** The four-step introduction. */
export const INTRO_STEPS = [
  {
    label: 'Bereiche',
    text: 'Die Rechte sind nach Bereichen sortiert. Über die Reiter oben wechseln Sie zwischen Dashboard, Navigation, Aufträgen, Stammdaten, Administration und Profil. Innerhalb eines Reiters sind die Rechte in Abschnitte gegliedert.',
  },
  {
    label: 'Rechte schalten',
    text: 'Jede Zeile ist ein Recht, jede Spalte eine Rolle. Der Schalter „Zugriff“ gibt der Rolle das Recht oder nimmt es ihr. Über „Details“ sehen Sie, welche Seite und welcher API-Aufruf zu dem Recht gehören.',
  },
  {
    label: 'Eigene, Manager, Vertrag',
    text: '„Nur eigene“ beschränkt das Recht auf Datensätze der eigenen Einrichtung bzw. Praxis. „Nur Manager“ gilt nur für Nutzer, die zusätzlich die Rolle Manager haben (nicht in der Spalte Administrator). „Vertrag nötig“ gibt es bei Heim und Arzt: ohne Vertrag wird die Funktion gesperrt angezeigt.',
  },
  {
    label: 'Speichern',
    text: 'Ihre Änderungen werden erst mit „Speichern“ übernommen. Sie gelten dann sofort für alle Nutzer der geänderten Rollen – beim nächsten Aufruf, ohne Neustart.',
  },
] as const;

/** Company settings (/einstellungen). */
export const SETTINGS_TEXT = {
  title: 'Einstellungen',
  formLabel: 'Firmeneinstellungen',
  heading: 'Firmendaten',
  intro: 'Diese Angaben erscheinen im Impressum und als Absender auf gefaxten oder gemailten Dokumenten.',
  adminOnly: 'Nur durch einen Administrator änderbar.',
  loadFailed: 'Die Einstellungen konnten nicht geladen werden.',
  /** The creditor of the invoices' direct-debit export (ours); the success toast is SETTINGS_MESSAGES.saved. */
  creditorHeading: 'Lastschrift (SEPA-Gläubiger)',
  creditorIntro: 'Diese Angaben werden als Gläubiger im Lastschrift-Export der Rechnungen verwendet.',
  creditorLabels: { creditorId: 'Gläubiger-Identifikationsnummer', creditorIban: 'IBAN', creditorBic: 'BIC' },
} as const;

/** Texts of the logo field on the settings page. */
export const LOGO_TEXT: ImageDropzoneTexts = {
  label: 'Logo',
  drop: 'Logo hierher ziehen oder hier klicken, um eine Bilddatei auszuwählen.',
  hint: 'PNG, JPEG, GIF oder WebP, höchstens 2 MB',
  choose: 'Datei auswählen',
  remove: 'Logo löschen',
  input: 'Logo',
  previewAlt: 'Logo',
  none: 'Kein Logo hinterlegt.',
  marked: 'Das Logo wird beim Speichern gelöscht.',
  replaced: 'Neues Logo, wird beim Speichern übernommen.',
  notImage: 'Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.',
  tooLarge: 'Die Datei ist zu groß.',
};

/** Meetings (/v3/termine): list, details, edit form. */
export const MEETING_TEXT = {
  title: 'Termine',
  meeting: 'Termin',
  editTitle: 'Termin bearbeiten',
  listLabel: 'Termine',
  loadFailed: 'Die Termine konnten nicht geladen werden.',
  notFound: 'Der Termin wurde nicht gefunden.',
  rowsPerPage: 'Einträge pro Seite',
  /** On phones, so the pagination fits 390 px. */
  rowsPerPageShort: 'Pro Seite',
  columns: { title: 'Titel', company: 'Firma', when: 'Termin', system: 'System', status: 'Status', actions: 'Aktionen' },
  fields: {
    status: 'Status',
    company: 'Firma',
    when: 'Termin',
    system: 'System',
    url: 'URL',
    info: 'Info',
    description: 'Beschreibung',
    bookedAt: 'Gebucht am',
    date: 'Datum',
    time: 'Uhrzeit',
  },
  datePlaceholder: 'TT.MM.JJJJ',
  timePlaceholder: 'HH:MM',
  dateHelp: 'Format: TT.MM.JJJJ',
  timeHelp: 'Format: HH:MM',
  openCalendar: 'Kalender öffnen',
  openClock: 'Uhrzeit auswählen',
  urlPlaceholder: 'https://',
  detailsOf: (title: string) => `Details: ${title}`,
  editOf: (title: string) => `Bearbeiten: ${title}`,
  joinOf: (title: string) => `Teilnehmen: ${title}`,
  planning: 'In Planung',
  ended: 'Beendet',
  join: 'Teilnehmen',
  startsIn: (countdown: string) => `Beginnt in ${countdown}`,
  runningUntil: (time: string) => `Läuft bis ${time} Uhr`,
  at: (date: string, time: string) => `${date} ${time} Uhr`,
  /** "aktualisiert" in lower case, as German writes it (the API's MEETING_SAVED_MESSAGE has a capital slip). */
  saved: 'Daten wurden im Termin aktualisiert.',
} as const;

/** /v3/postausgang: the outbox of outgoing e-mails and faxes. */
export const OUTBOX_TEXT = {
  title: 'Postausgang',
  intro: 'Alle ausgehenden E-Mails und Faxe mit ihrem Stand. Fehlgeschlagene Nachrichten können erneut gesendet werden.',
  listLabel: 'Nachrichten im Postausgang',
  loadFailed: 'Der Postausgang konnte nicht geladen werden.',
  state: 'Status',
  channel: 'Kanal',
  all: 'Alle',
  rowsPerPage: 'Einträge pro Seite',
  rowsPerPageShort: 'Pro Seite',
  columns: { createdAt: 'Erstellt', channel: 'Kanal', to: 'Empfänger', subject: 'Betreff', state: 'Status', attempts: 'Versuche', detail: 'Hinweis', actions: 'Aktionen' },
  attempts: (n: number, max: number) => `${n} von ${max}`,
  nextAttempt: (when: string) => `Nächster Versuch ${when}`,
  reportUntil: (when: string) => `Bericht erwartet bis ${when}`,
  sentAt: (when: string) => `Gesendet ${when}`,
  by: (name: string) => `von ${name}`,
  retry: 'Erneut senden',
  retryOf: (subject: string) => `Erneut senden: ${subject}`,
  summaryWaiting: (n: number) => `Wartend: ${n}`,
  summaryFailed: (n: number) => `Fehlgeschlagen: ${n}`,
  summarySubmitted: (n: number) => `Zustellbericht ausstehend: ${n}`,
  search: 'Suche (Empfänger, Betreff)',
  summaryOldest: (minutes: number) => (minutes < 1 ? 'Älteste wartende Nachricht: gerade eben' : `Älteste wartende Nachricht: seit ${minutes} Min.`),
} as const;
