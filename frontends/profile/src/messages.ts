/** German texts of the profile remote (spec part 1 §2 Profile, §8). */
export const MESSAGES = {
  title: 'Profil bearbeiten',
  breadcrumb: 'Profil',
  currentPassword: 'Aktuelles Passwort',
  newPassword: 'Neues Passwort',
  repeatPassword: 'Passwort wiederholen',
  generate: 'Passwort generieren',
  save: 'Speichern',
  cancel: 'Abbrechen',
  saved: 'Profil geändert.',
  onceWarning: 'Das Passwort ist nur einmal gültig und muss geändert werden!',
  generatedHint: 'Das erzeugte Passwort ist in beiden Feldern eingetragen. Notieren Sie es sich, bevor Sie speichern.',
  passwordIntro:
    'Das neue Passwort benötigt mindestens 12 Zeichen, davon je mindestens 2 kleine und große Buchstaben, Zahlen und Sonderzeichen.',
  tabsLabel: 'Profilbereiche',
  notYet: 'Dieser Bereich folgt mit einer der nächsten Versionen.',
  readOnlyNote: 'Die Bearbeitung der Stammdaten folgt in Kürze.',
  username: 'Benutzername',
  salutation: 'Anrede',
  titleField: 'Titel',
  firstname: 'Vorname',
  lastname: 'Nachname',
  street: 'Straße',
  postalCode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  salutations: { '': '', mr: 'Herr', mrs: 'Frau' } as Record<string, string>,
} as const;

/** Profile tabs with their fixed index (?tab=N / #scrollable-force-tab-N) and permission. */
export const PROFILE_TABS = [
  { index: 0, label: 'Stammdaten', permission: 'profile_data_view' },
  { index: 1, label: 'Passwort', permission: 'profile_password_view' },
  { index: 2, label: 'Rechnungen', permission: 'profile_invoice_view' },
  { index: 3, label: 'Verträge', permission: 'profile_contract_view' },
  { index: 4, label: 'Dokumente', permission: 'profile_document_view' },
  { index: 5, label: 'Mandat', permission: 'profile_mandate_view' },
  { index: 6, label: 'Backup', permission: 'profile_backup_view' },
] as const;
