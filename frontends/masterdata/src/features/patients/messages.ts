import { PRODUCT_NAME } from '@mediport/contracts';
import { MASTERDATA_SUCCESS } from '@mediport/contracts/masterdata-messages';
import { UI_MESSAGES } from '@mediport/ui';

/**
 * German texts of the patient screens. Toasts and the duplicate warning come from the contracts
 * and libs/validation word for word; texts written for these screens alone are marked "ours".
 */
export const PATIENT_TEXTS = {
  listTitle: 'Patienten',
  newTitle: 'Neuer Patient',
  // Ours (the spec names the new form's title only).
  editTitle: 'Patient bearbeiten',
  detailsTitle: 'Patientendetails',
  deleteTitle: 'Patient löschen',
  formLabel: 'Patient',
  create: 'Neuer Patient',

  // Fields
  firstname: 'Vorname',
  lastname: 'Nachname',
  title: 'Titel',
  dateOfBirth: 'Geburtsdatum',
  datePlaceholder: 'TT.MM.JJJJ',
  homepatient: 'Heimpatient',
  home: 'Pflegeeinrichtung',
  homeGroup: 'Wohnbereich',
  deceased: 'Verstorben',
  noHomeGroup: 'Kein Wohnbereich',
  chooseHomeFirst: 'Bitte zuerst eine Pflegeeinrichtung wählen',

  // List filter: every living area of the chosen home
  all: 'Alle',

  // The patient's "Letzte Aufträge" and their empty text.
  lastOrders: 'Letzte Aufträge',
  noOrders: UI_MESSAGES.noData,

  // Deleting only deactivates: the patient cannot use the system until reactivated (wording ours).
  deleteWarning: 'Der Patient wird nicht gelöscht, sondern deaktiviert. Er kann das System erst wieder nutzen, wenn er reaktiviert wurde.',
  // Ours: a deactivated patient and its reactivation.
  deactivatedNote: 'Dieser Patient ist deaktiviert. Er kann das System erst wieder nutzen, wenn er reaktiviert wurde.',
  notEditable: 'Dieser Patient kann von Ihnen nicht bearbeitet werden.',
  reactivated: 'Patient reaktiviert.',

  // The non-blocking duplicate warning (the message itself comes from the server's answer).
  duplicateTitle: 'Patient bereits vorhanden?',
  duplicateConfirm: 'Trotzdem speichern',

  // Toasts
  saved: MASTERDATA_SUCCESS.patientSaved,
  changed: MASTERDATA_SUCCESS.patientChanged,
  deleted: MASTERDATA_SUCCESS.patientDeleted,
} as const;

export const PATIENT_LIST_PATH = '/patienten';
export const PATIENT_NEW_PATH = '/patient/neu';
export const patientEditPath = (id: string) => `/patient/${id}`;
export const patientDetailsPath = (id: string) => `/patient/details/${id}`;
export const patientDeletePath = (id: string) => `/patient/${id}/loeschen`;

export const PATIENT_CRUMBS = [{ label: PRODUCT_NAME, to: '/' }, { label: 'Stammdaten' }, { label: PATIENT_TEXTS.listTitle, to: PATIENT_LIST_PATH }] as const;
