import { MASTERDATA_API_MESSAGES, MASTERDATA_SUCCESS } from '@mediport/contracts/masterdata-messages';

/** German texts of the care-home and living-area screens. */
export const HOME_TEXTS = {
  listTitle: 'Pflegeeinrichtungen',
  newTitle: 'Neue Einrichtung',
  editTitle: 'Einrichtung bearbeiten',
  viewTitle: 'Einrichtung',
  deleteTitle: 'Einrichtung löschen',
  groupDeleteTitle: 'Wohnbereich löschen',
  create: 'Neue Einrichtung',

  // List columns
  name: 'Name',
  withLogin: 'Mit Zugang',
  selfPay: 'Selbstzahler',
  homeGroups: 'Wohnbereiche',

  // Tabs
  tabs: 'Bereiche der Einrichtung',
  tabMaster: 'Stammdaten',
  tabGroups: 'Wohnbereich',
  tabSender: 'Absendereinstellungen',
  groupsAfterSave: 'Wohnbereiche können nach dem ersten Speichern angelegt werden.',

  // Stammdaten
  company: 'Firma',
  headFirstname: 'Vorname der Leitung',
  headLastname: 'Nachname der Leitung',
  email: 'E-Mail',
  fax: 'Fax',
  phone: 'Telefon',
  debtorId: 'Kundennummer',
  debtorIdAdminOnly: 'Nur ein Administrator kann die Kundennummer ändern.',

  // Wohnbereich
  groupName: 'Wohnbereich',
  groupPatients: 'Patienten',
  newGroup: 'Neuer Wohnbereich',
  addGroup: 'Hinzufügen',
  groupAdded: 'Wohnbereich angelegt',
  noGroups: 'Noch keine Wohnbereiche angelegt.',
  groupsReadOnly: 'Wohnbereiche können nur Administratoren und Manager anlegen und löschen.',
  deleteGroupLabel: (name: string) => `${name} löschen`,
  groupInUse: (n: number) => (n === 1 ? 'Diesem Wohnbereich ist noch 1 Patient zugeordnet.' : `Diesem Wohnbereich sind noch ${n} Patienten zugeordnet.`),
  home: 'Einrichtung',
  groupDeleteQuestion: 'Möchten Sie diesen Wohnbereich wirklich löschen?',

  // Absendereinstellungen
  senderIntro: 'Diese Angaben erscheinen als Absender auf Faxen und E-Mails der Einrichtung.',
  senderName: 'Name',
  senderPhone: 'Telefon',
  senderFax: 'Fax',
  logo: {
    label: 'Logo',
    drop: 'Logo hierher ziehen oder klicken, um eine Datei auszuwählen',
    hint: 'PNG, JPEG, GIF oder WebP, höchstens 2 MB',
    choose: 'Datei auswählen',
    remove: 'Logo löschen',
    input: 'Logo-Datei',
    previewAlt: 'Logo der Einrichtung',
    none: 'Kein Logo',
    marked: 'Das Logo wird beim Speichern gelöscht.',
    replaced: 'Das neue Logo wird beim Speichern hochgeladen.',
    notImage: 'Bitte wählen Sie ein Bild (PNG, JPEG, GIF oder WebP).',
    tooLarge: 'Das Logo darf höchstens 2 MB groß sein.',
  },

  // Deactivation
  deleteWarning:
    'Die Einrichtung wird nicht endgültig gelöscht, sondern deaktiviert: Verträge, Patienten und Nutzer bleiben erhalten. ' +
    'Die Nutzer der Einrichtung können das System erst wieder verwenden, wenn die Einrichtung reaktiviert wurde.',
  deactivatedNote: MASTERDATA_API_MESSAGES.homeDeactivated,

  saved: MASTERDATA_SUCCESS.homeSaved,
  changed: MASTERDATA_SUCCESS.homeChanged,
  deleted: MASTERDATA_SUCCESS.homeDeleted,
  groupDeleted: MASTERDATA_SUCCESS.homeGroupDeleted,
} as const;

export const HOME_LIST_PATH = '/einrichtungen';
export const homeEditPath = (id: string) => `/einrichtung/${id}`;
export const homeDeletePath = (id: string) => `/einrichtung/${id}/loeschen`;
export const homeGroupDeletePath = (id: string, groupId: string) => `/einrichtung/${id}/wohnbereich/${groupId}/loeschen`;
/** The edit form opened on its Wohnbereich tab (after a living area was deleted). */
export const homeGroupsPath = (id: string) => `${homeEditPath(id)}?tab=wohnbereich`;
