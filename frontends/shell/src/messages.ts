/** Every German text of the shell. */
export const MESSAGES = {
  username: 'Benutzername',
  password: 'Passwort',
  signIn: 'Anmelden',
  signInWith: (partner: string) => `Anmelden mit ${partner}`,
  demoTitle: 'Demo-Zugänge',
  demoHint: 'Klicken Sie auf einen Eintrag, um die Felder zu füllen.',
  demoUser: 'Benutzer',
  demoPassword: 'Passwort',
  or: 'oder',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
  oauthWaiting: 'Anmeldung im System über Apomondo. Kleinen Moment Geduld.',
  oauthFailed:
    'Fehler bei der Anmeldung. Eventuell sind Sie nicht berechtigt auf diese Resource zuzugreifen. Bitte prüfen Sie ihr Apomondo Abo.',
  toLogin: 'Zur Anmeldung',
  dashboard: 'Dashboard',
  welcome: (name: string) => `Willkommen, ${name}!`,
  dashboardNote: 'Hier finden Sie künftig die Zahl neuer Aufträge, Nachrichten und Abholungen sowie Webinare und Neuigkeiten.',
  profile: 'Profil',
  signOut: 'Abmelden',
  switchBack: 'Zurück zum Administrator',
  version: '2.9.1',
  remoteUnavailable: (area: string) =>
    `Der Bereich ${area} ist zurzeit nicht erreichbar. Bitte versuchen Sie es später erneut.`,
  remotesUnavailable: (areas: readonly string[]) =>
    `Die Bereiche ${areas.slice(0, -1).join(', ')} und ${areas[areas.length - 1]} sind zurzeit nicht erreichbar. Bitte versuchen Sie es später erneut.`,
  remoteUnavailableTitle: 'Bereich nicht erreichbar',
  /** Sidebar note in the section of a remote that cannot be reached. */
  areaUnavailable: 'Bereich zurzeit nicht erreichbar',
  navLoading: 'Menü wird geladen …',
  notFoundTitle: 'Seite nicht gefunden',
  notFound: 'Die aufgerufene Seite gibt es nicht. Bitte wählen Sie einen Eintrag aus dem Menü.',
  addressChange: (date: string, url: string, countdown: string) =>
    `Ab dem ${date} erreichen Sie das Portal unter ${url}. Noch ${countdown}.`,
  unsupportedBrowser: (name: string, version: string) =>
    `Leider wird Ihr aktueller Browser ${name} ${version} nicht unterstützt. ` +
    'Bitte verwenden Sie Chrome >=90, Edge >=90, Firefox >=90 oder Safari >=14.',
  menu: 'Menü',
  homeLink: 'Medikationsportal – zum Dashboard',
  forcedNote:
    'Bitte ändern Sie zuerst Ihr Einmal-Passwort. Bis dahin können Sie nur Ihr Profil aufrufen oder sich abmelden; die übrigen Bereiche erscheinen nach der Änderung.',
  mainNavigation: 'Hauptnavigation',
  signingOut: 'Sie werden abgemeldet...',
  profileLink: 'Profil bearbeiten',
  topBarAvatar: 'Eigenes Profilbild',
} as const;

/** Sidebar areas, also used in the remote error panel. */
export const AREA_LABELS = {
  orders: 'Aufträge und Abholung',
  masterdata: 'Stammdaten',
  admin: 'Administration',
  profile: 'Profil',
} as const;
