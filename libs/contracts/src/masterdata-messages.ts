/** Texts of the master-data screens and API (a subpath: the login page's contracts chunk leaves them out). */

/** Success toasts of the master-data screens. */
export const MASTERDATA_SUCCESS = {
  patientSaved: 'Patient gespeichert.',
  patientChanged: 'Patient geändert.',
  patientDeleted: 'Patient gelöscht.',
  doctorSaved: 'Arzt gespeichert',
  doctorChanged: 'Arzt geändert',
  doctorDeleted: 'Arzt wurde gelöscht',
  doctorDeletedLong: 'Arzt wurde erfolgreich gelöscht.',
  officeCreated: 'Arztpraxis wurde erstellt.',
  homeSaved: 'Pflegeeinrichtung gespeichert',
  homeChanged: 'Pflegeeinrichtung geändert',
  homeDeleted: 'Pflegeeinrichtung gelöscht',
  homeGroupDeleted: 'Wohnbereich gelöscht',
  homeUpdated: 'Pflegeheim wurde erfolgreich aktualisiert.',
  homeDeletedLong: 'Pflegeheim wurde erfolgreich gelöscht.',
} as const;

/** Refusals of the master-data API that the spec does not word (ours). */
export const MASTERDATA_API_MESSAGES = {
  debtorIdAdminOnly: 'Die Kundennummer kann nur von einem Administrator geändert werden.',
  officeAdminOrPharmacy: 'Die Arztpraxis können nur Administratoren und die Apotheke zuordnen.',
  senderSettingsNotAllowed: 'Die Absendereinstellungen können nur Administratoren und Manager einer Einrichtung mit Vertrag ändern.',
  homeGroupInUse: 'Der Wohnbereich ist noch Patienten zugeordnet. Bitte ordnen Sie diese Patienten zuerst einem anderen Wohnbereich zu.',
  homeGroupTaken: 'Diesen Wohnbereich gibt es in dieser Einrichtung bereits.',
  homeDeactivated: 'Die Einrichtung ist deaktiviert.',
  officeDoctorUnknown: 'Bitte wählen Sie nur vorhandene Ärzte aus.',
  officeUnknown: 'Bitte wählen Sie eine vorhandene Arztpraxis aus.',
  homeUnknown: 'Bitte wählen Sie eine vorhandene Pflegeeinrichtung aus.',
  duplicateQuery: 'Bitte geben Sie Nachname und Geburtsdatum an.',
} as const;
