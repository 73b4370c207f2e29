import { PRODUCT_NAME, TASK_MESSAGES } from '@mediport/contracts';

/**
 * German texts of the order wizard and the patient's order page. Toasts and rule messages come
 * from the contracts and libs/validation word for word.
 */
export const WIZARD_TEXTS = {
  section: 'Aufträge und Abholung',
  newTitle: 'Neue Anforderung',
  // Ours: the copy and edit titles.
  copyTitle: 'Auftrag nachbestellen',
  editTitle: 'Auftrag bearbeiten',
  ordersTitle: 'Letzte Aufträge',

  // The three steps.
  steps: ['Patient', 'Medikament', 'Auftrag'] as const,
  back: 'Zurück',
  cancel: 'Abbrechen',

  // Step 1: patient.
  patientSearch: 'Patient suchen',
  patientSearchHint: 'Name eingeben und den Patienten auswählen',
  newPatient: 'Neuer Patient',
  createPatient: 'Patient anlegen',
  firstname: 'Vorname',
  lastname: 'Nachname',
  dateOfBirth: 'Geburtsdatum',
  datePlaceholder: 'TT.MM.JJJJ',
  home: 'Pflegeeinrichtung',
  homeGroup: 'Wohnbereich',
  noHomeGroup: 'Kein Wohnbereich',
  duplicateTitle: 'Patient bereits vorhanden?',
  duplicateConfirm: 'Trotzdem anlegen',
  patientSaved: 'Patient gespeichert.',
  searchFailed: 'Die Suche ist fehlgeschlagen. Bitte erneut versuchen.',
  chosenPatient: 'Gewählter Patient',
  changePatient: 'Anderen Patienten wählen',
  bornOn: (date: string) => `geb. ${date}`,

  // Step 2: medicine.
  pastMedicines: 'Bisherige Medikamente',
  noPastMedicines: 'Für diesen Patienten gibt es noch keine Aufträge.',
  reorder: 'Nachbestellen',
  newMedicine: 'Neues Medikament',
  keepMedicine: 'Weiter mit diesem Auftrag',
  lastOrdered: (date: string, count: number) => `zuletzt am ${date}, ${count === 1 ? 'einmal' : `${count}-mal`} bestellt`,

  // Step 3: order (the German labels of the groups are ours).
  patient: 'Patient',
  medicine: 'Medikament',
  dose: 'Dosierung/Darreichungsform',
  amount: 'Menge',
  group: 'Gruppe',
  latestDelivery: 'Spätestens liefern bis',
  type: 'Auftragsart',
  doctor: 'Arzt',
  doctorFixed: 'Arzt (Ihre Praxis)',
  newDoctor: 'Neuer Arzt',
  doctorFirstname: 'Vorname des Arztes',
  doctorLastname: 'Nachname des Arztes',
  preferred: 'Kontaktart',
  email: 'E-Mail',
  fax: 'Fax',
  save: 'Speichern',
  saveAndNew: 'Speichern & Neuen Auftrag',
  created: TASK_MESSAGES.created,
  updated: TASK_MESSAGES.updated,

  // The patient's order page (also at the older path /anforderung/patient/{patientId}).
  addOrder: 'Bestellung hinzufügen',
  date: 'Datum',
  status: 'Status',
  noData: 'Keine Daten',
  notFound: 'Der Datensatz wurde nicht gefunden oder Sie haben keinen Zugriff darauf.',
} as const;

export { TASK_GROUP_LABELS as GROUP_LABELS } from '@mediport/contracts';

export const ORDERS_LIST_PATH = '/anforderungen';
/** The list's URL parameter naming the order just saved: it is shown pinned at the top, marked "Neu angelegt". */
export const CREATED_PARAM = 'created';
export const patientOrdersPath = (patientId: string) => `/anforderung/patient/${patientId}`;
export const newOrderForPatientPath = (patientId: string) => `/anforderung/neu/${patientId}`;

export const WIZARD_CRUMBS = [{ label: PRODUCT_NAME, to: '/' }, { label: WIZARD_TEXTS.section }, { label: 'Anforderungen', to: ORDERS_LIST_PATH }] as const;
