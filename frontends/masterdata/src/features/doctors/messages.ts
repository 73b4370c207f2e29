import { PRODUCT_NAME } from '@mediport/contracts';
import { MASTERDATA_SUCCESS } from '@mediport/contracts/masterdata-messages';
import { FORM_TEXTS } from '../../shared/texts';

/**
 * German texts of the doctor and practice screens. Toasts come from MASTERDATA_SUCCESS word for
 * word; texts written for these screens alone are marked "ours".
 */
export const DOCTOR_TEXTS = {
  listTitle: 'Ärzte',
  newTitle: 'Neuer Arzt',
  editTitle: 'Arzt bearbeiten',
  deleteTitle: 'Arzt löschen',
  create: 'Neuer Arzt',
  // Fields ("Bevorzugter Kontakt" is the label inside DOCTOR_MESSAGES.preferredRequired)
  title: 'Titel',
  firstname: 'Vorname',
  lastname: 'Nachname',
  expertise: 'Fachrichtung',
  office: 'Arztpraxis',
  preferred: 'Bevorzugter Kontakt',
  email: 'E-Mail',
  fax: 'Fax',
  debtorId: 'Kundennummer',
  // List
  expertises: 'Fachrichtungen',
  // The deletion page (the doctor is deactivated, not deleted)
  deleteWarning:
    'Der Arzt wird nicht gelöscht, sondern deaktiviert. Seine Daten bleiben zur Dokumentation erhalten, werden bei der Abrechnung aber nicht mehr berücksichtigt. ' +
    'Ein deaktivierter Arzt kann das System erst wieder nutzen, wenn er reaktiviert wurde.',
  // Ours: states of a deactivated doctor and its reactivation.
  alreadyDeactivated: 'Dieser Arzt ist deaktiviert. Er kann das System erst wieder nutzen, wenn er reaktiviert wurde.',
  reactivateTitle: 'Arzt reaktivieren',
  reactivateQuestion: (name: string) => `Möchten Sie ${name} wieder aktivieren? Die Nutzer des Arztes können sich danach wieder anmelden.`,
  reactivated: 'Arzt wurde reaktiviert.',
  noLoginHint: 'E-Mail-Benachrichtigung, Fax-Benachrichtigung und „Keine“ sind nur für Ärzte mit Zugang möglich.',
  // Ours: the two questions the cookies 'hide-question-create-doctor' / 'hide-question-empty-doctor' suppress.
  createQuestionTitle: 'Neuen Arzt anlegen?',
  createQuestion: 'Bitte prüfen Sie, ob der Arzt bereits angelegt ist, bevor Sie ihn neu anlegen. Möchten Sie den Arzt jetzt anlegen?',
  createConfirm: 'Arzt anlegen',
  emptyQuestionTitle: 'Arzt ohne E-Mail und Fax speichern?',
  emptyQuestion:
    'Für diesen Arzt ist weder eine E-Mail-Adresse noch eine Faxnummer hinterlegt. Er kann daher weder per E-Mail noch per Fax kontaktiert werden. Trotzdem speichern?',
  emptyConfirm: 'Trotzdem speichern',
  // Toasts
  saved: MASTERDATA_SUCCESS.doctorSaved,
  changed: MASTERDATA_SUCCESS.doctorChanged,
  deleted: MASTERDATA_SUCCESS.doctorDeleted,
} as const;

export const OFFICE_TEXTS = {
  listTitle: 'Arztpraxen',
  newTitle: 'Neue Arztpraxis',
  editTitle: 'Arztpraxis bearbeiten',
  viewTitle: 'Arztpraxis',
  create: 'Neue Arztpraxis',
  // Fields (labels inside OFFICE_MESSAGES: Telefon, E-Mail, Fax)
  name: 'Name',
  street: 'Straße',
  zip: 'PLZ',
  city: 'Ort',
  contactType: 'Kontaktart',
  phone: 'Telefon',
  mail: 'E-Mail',
  fax: 'Fax',
  doctors: 'Ärzte',
  doctorCount: 'Anzahl Ärzte',
  noDoctors: 'Dieser Arztpraxis sind keine Ärzte zugeordnet.',
  // Ours: the deletion question (the spec names no text).
  deleteQuestionTitle: 'Arztpraxis löschen',
  deleteQuestion: (name: string) => `Möchten Sie die Arztpraxis „${name}“ wirklich löschen? Die zugeordneten Ärzte bleiben erhalten, sind danach aber keiner Arztpraxis mehr zugeordnet.`,
  // Saving a practice without doctors warns (at least 2 doctors recommended), with confirm or cancel; ours.
  noDoctorsQuestionTitle: 'Keine Ärzte zugeordnet',
  noDoctorsQuestion: 'Es wird empfohlen, mindestens 2 Ärzte zuzuordnen. Trotzdem speichern?',
  noDoctorsConfirm: 'Trotzdem speichern',
  // The image (ImageDropzone)
  image: {
    label: 'Bild',
    drop: 'Bild hierher ziehen oder klicken, um eine Datei auszuwählen',
    hint: 'PNG, JPEG, GIF oder WebP, höchstens 2 MB',
    choose: 'Bild auswählen',
    remove: 'Bild entfernen',
    input: 'Bilddatei',
    previewAlt: 'Bild der Arztpraxis',
    none: 'Kein Bild',
    marked: 'Das Bild wird beim Speichern entfernt.',
    replaced: 'Das neue Bild wird beim Speichern hochgeladen.',
    notImage: 'Bitte wählen Sie ein Bild (PNG, JPEG, GIF oder WebP).',
    tooLarge: 'Das Bild darf höchstens 2 MB groß sein.',
  },
  // Toasts: creation from MASTERDATA_SUCCESS; change and deletion are ours.
  created: MASTERDATA_SUCCESS.officeCreated,
  changed: 'Arztpraxis wurde gespeichert.',
  deleted: 'Arztpraxis wurde gelöscht.',
} as const;

/** The first breadcrumbs of every doctor and practice page. */
export const SECTION_CRUMBS = [{ label: PRODUCT_NAME, to: '/' }, { label: FORM_TEXTS.section }] as const;
