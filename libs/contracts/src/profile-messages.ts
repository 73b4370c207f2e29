/** Texts of the profile screens and API (a subpath: the login page's contracts chunk leaves them out). */

export const PROFILE_MESSAGES = {
  saved: 'Profil geändert.',
  documentDecisionSaved: 'Auswahl wurde gespeichert',
  noDocuments: 'Keine Dokumente gefunden',
  documentPlaced: 'Dokument wurde hinterlegt.',
  documentDeleted: 'Dokument wurde entfernt.',
  documentNameInvalid: 'Bitte geben Sie einen gültigen Dokumentnamen an (ohne / \\ und ohne geschweifte Klammer am Anfang).',
  documentFileMissing: 'Bitte wählen Sie ein PDF-Dokument aus.',
  decisionInvalid: 'Bitte wählen Sie Akzeptieren oder Ablehnen.',
  decisionNameMismatch: 'Der Name passt nicht zum Dokument.',
} as const;
