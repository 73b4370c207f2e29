/** German texts shown by the shared components (loading and empty states, the table's pagination). */
export const UI_MESSAGES = {
  loading: 'Lade Daten...',
  empty: 'Kein Daten vorhanden.',
  noData: 'Keine Daten',
  noSearchResults: 'Keine Suchergebnisse',
  errorTitle: 'Fehler',
  retry: 'Erneut versuchen',
  showPassword: 'Passwort anzeigen',
  hidePassword: 'Passwort verbergen',
  contractRequiredTitle: 'Vertrag benötigt!',
  contractRequiredText:
    'Diese Funktion steht erst zur Verfügung, wenn für Ihre Einrichtung bzw. Praxis ein Vertrag übernommen wurde. ' +
    'Im Profil unter „Verträge“ sehen Sie den Vertrag und wer die Übernahme beantragen kann; die Apotheke bestätigt sie anschließend.',
  toContracts: 'Zu den Verträgen',
  close: 'Schließen',
  breadcrumb: 'Navigationspfad',
  rowsPerPage: 'Zeilen pro Seite:',
  displayedRows: ({ from, to, count }: { from: number; to: number; count: number }) => `${from}–${to} von ${count}`,
  /** The generic table's pagination: 'x - y von N Datensätzen', 'Zeilen'. */
  rows: 'Zeilen',
  recordsRange: ({ from, to, count }: { from: number; to: number; count: number }) => `${from} - ${to} von ${count} Datensätzen`,
  /** The range when the list counted only up to a cap: 'x - y von mehr als 10.000 Datensätzen'. */
  recordsRangeCapped: ({ from, to, count }: { from: number; to: number; count: number }) => `${from} - ${to} von mehr als ${count.toLocaleString('de-DE')} Datensätzen`,
  /** Names of the pagination's page buttons (MUI `getItemAriaLabel`). */
  pageButton: { first: 'Erste Seite', previous: 'Vorherige Seite', next: 'Nächste Seite', last: 'Letzte Seite' },
  actions: 'Aktionen',
  search: 'Suche',
  loadFailed: 'Die Daten konnten nicht geladen werden.',
  onlyNew: 'Nur neue',
  markAllRead: 'Alle als gelesen markieren',
  newBadge: 'neu',
  confirm: 'Bestätigen',
  cancel: 'Abbrechen',
  dontAskAgain: 'Nicht mehr fragen',
  /** The button that shows the further filters of a list on small screens. */
  filters: 'Filter',
  /** The button that shows the less used filters of a list beside the main ones. */
  moreFilters: 'Weitere Filter',
  /** The set filters of a list as removable chips. */
  activeFilters: 'Aktive Filter',
  removeChip: (label: string) => `${label} entfernen`,
  /** The switch between compact and roomy rows of a list. */
  compactView: 'Kompakte Ansicht',
  /** The button that opens a row's further actions. */
  moreActions: 'Weitere Aktionen',
  /** Names of a row's expand button (expandable table rows). */
  expandRow: 'Details anzeigen',
  collapseRow: 'Details ausblenden',
} as const;

/** Text of the area landing pages until their screens arrive. */
export const PLACEHOLDER_NOTE =
  'Dieser Bereich wird gerade aufgebaut. Die Funktionen folgen mit einer der nächsten Versionen des Medikationsportals.';
