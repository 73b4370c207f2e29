
/** Texts of the orders list; the toasts come from TASK_MESSAGES. */
export const LIST_TEXTS = {
  title: 'Anforderungen',
  section: 'Aufträge und Abholung',
  // Columns.
  expand: 'Details',
  select: 'Auswahl',
  selectRow: (patient: string) => `${patient} auswählen`,
  messages: 'Nachrichten',
  messagesCount: (events: number, unseen: number) => (unseen > 0 ? `${events} Nachrichten, ${unseen} ungelesen` : `${events} Nachrichten`),
  patient: 'Patient',
  home: 'Einrichtung',
  medicine: 'Medikament',
  doctor: 'Arzt',
  status: 'Status',
  datePlaceholder: 'TT.MM.JJJJ',
  amount: 'Menge',
  urgent: 'dringend',
  deliverBy: (date: string) => `bis ${date}`,
  error: 'Fehler beim Senden an den Arzt (E-Mail oder Fax)',
  // Actions.
  pickup: 'Abholauftrag erzeugen',
  print: 'Drucken',
  mail: 'Per E-Mail senden',
  fax: 'Per Fax senden',
  template: 'Nachbestellen',
  edit: 'Bearbeiten',
  finish: 'Vorgang abschließen',
  cancel: 'Stornieren',
  reopen: 'Wieder öffnen',
  cancelTitle: 'Vorgang stornieren',
  cancelConfirm: 'Stornieren',
  undo: 'Rückgängig',
  // Why an action is greyed out in a row.
  finishPending: 'Wird gerade abgeschlossen – im Hinweis oben lässt es sich noch rückgängig machen',
  pickupOnlyNew: 'Nur neue Aufträge können an die Fahrer übergeben werden',
  pickupNotForType: (type: string) => `Für die Auftragsart „${type}“ gibt es keinen Abholauftrag`,
  editOnlyOpen: 'Nur offene Aufträge können bearbeitet werden',
  alreadyFinished: 'Der Auftrag ist bereits erledigt',
  cancelOnlyOpen: 'Nur offene Aufträge können storniert werden',
  reopenOnlyClosed: 'Nur erledigte oder stornierte Aufträge können wieder geöffnet werden',
  notThisOrder: 'Für diesen Auftrag nicht erlaubt',
  noEmail: 'Für den Arzt ist keine E-Mail-Adresse hinterlegt',
  noFax: 'Für den Arzt ist keine Faxnummer hinterlegt',
  // Filters.
  search: 'Suche',
  latestDelivery: 'Spätester Liefertermin',
  statusFilter: 'Status',
  doctorFilter: 'Arzt',
  medicineFilter: 'Medikament',
  homeFilter: 'Einrichtung',
  all: 'Alle',
  onlyNew: 'Nur neue',
  onlyUnreadMessages: 'Ungelesene Nachrichten',
  from: 'Von',
  to: 'Bis',
  dateType: 'Datum',
  createdDate: 'Erstellt',
  modified: 'Geändert',
  markSelectedRead: 'Ausgewählte als gelesen markieren',
  pickupSelected: 'Abholauftrag (Auswahl)',
  pickupSelectionBlocked: (reasons: string[]) => `Nicht für alle ausgewählten Aufträge möglich: ${reasons.join(' · ')}`,
  markAllRead: 'Alle als gelesen markieren',
  markAllReadQuestion: 'Möchten Sie wirklich alle Aufträge als gelesen markieren? Die Markierung „neu“ verschwindet dann bei allen Aufträgen.',
  markAllReadConfirm: 'Als gelesen markieren',
  chip: (label: string, value: string) => `${label}: ${value}`,
  /** The chip and the pinned row of the order just saved (`?created=<id>`). */
  created: 'Neu angelegt',
  refresh: 'Aktualisieren',
  // Details.
  details: 'Details',
  type: 'Auftragsart',
  group: 'Gruppe',
  dose: 'Dosierung/Darreichungsform',
  createdBy: 'Erstellt',
  modifiedBy: 'Geändert',
  byAt: (name: string, at: string) => (name ? `${name}, ${at}` : at),
  close: 'Schließen',
} as const;


/** Routes the list links to (the wizard's and the documents screen's). */
export const editTaskPath = (id: string) => `/v3/anforderungen/bearbeiten/${id}`;
export const copyTaskPath = (id: string) => `/v3/anforderung/neu/${id}`;
export const sendTaskPath = (id: string, type: 'email' | 'fax') => `/anforderungen/erzeugen?tasks=${encodeURIComponent(id)}&type=${type}`;
export const homeEditPath = (id: string) => `/pflegeeinrichtungen/bearbeiten/${id}`;
