import type { ChangelogEntry, FaqEntry } from '@mediport/contracts';

/**
 * Changelog of the portal (newest first), shown on the dashboard. Each entry names the roles it is
 * written for (none: everyone); the dashboard shows a reader only the entries of their roles.
 */
export const CHANGELOG: ChangelogEntry[] = [
  {
    version: '2.9.1',
    date: '02.06.2025',
    changes: [
      'Dashboard mit Kacheln für neue Aufträge, Nachrichten, Abholaufträge, Pflegeeinrichtungen, Ärzte, Nutzer und Patienten; jede Kachel lässt sich als gelesen markieren.',
      'Profil: Stammdaten mit Profilbild per Drag and Drop, Passwortgenerator und Dokumente mit Akzeptieren, Ablehnen und Download.',
      'Hinweis auf die künftige Webadresse des Portals mit Countdown.',
    ],
  },
  {
    version: '2.9.1',
    date: '02.06.2025',
    roles: ['ROLE_ADMIN'],
    changes: ['Rechteverwaltung: Änderungen an der Rechtematrix gelten sofort, ohne Neustart des Servers.'],
  },
  {
    version: '2.9.1',
    date: '02.06.2025',
    roles: ['ROLE_PHARMA'],
    changes: ['Anmeldung über Apomondo (Single Sign-on) für Partner-Apotheken.'],
  },
  {
    version: '2.9.0',
    date: '14.04.2025',
    roles: ['ROLE_MANAGER'],
    changes: ['Neue Nutzerverwaltung mit Kartenansicht, Detailseite und Anmeldung als Nutzer für Administratoren.'],
  },
  {
    version: '2.9.0',
    date: '14.04.2025',
    changes: ['Einmalpasswörter: neue Nutzer müssen ihr Passwort bei der ersten Anmeldung ändern.'],
  },
  {
    version: '2.9.0',
    date: '14.04.2025',
    roles: ['ROLE_PHARMA', 'ROLE_HOME', 'ROLE_DOCTOR'],
    changes: ['Webinare und Termine mit Countdown und Teilnehmen-Link.'],
  },
  {
    version: '2.8.0',
    date: '03.02.2025',
    roles: ['ROLE_PHARMA', 'ROLE_HOME', 'ROLE_DOCTOR'],
    changes: ['Medikamentenliste mit Filter für deaktivierte Medikamente.'],
  },
  {
    version: '2.8.0',
    date: '03.02.2025',
    changes: ['Strengere Passwortregeln: mindestens 12 Zeichen mit je 2 kleinen und großen Buchstaben, Zahlen und Sonderzeichen.'],
  },
];

/** Frequently asked questions about the portal, shown on the dashboard. */
export const FAQ: FaqEntry[] = [
  {
    question: 'Was bedeuten die Zahlen auf den Kacheln?',
    answer:
      'Jede Kachel zählt die Einträge, die seit Ihrem letzten Besuch neu hinzugekommen sind und die Sie noch nicht geöffnet haben. Mit „Als gelesen markieren“ setzen Sie den Zähler für diese Kategorie auf null.',
  },
  {
    question: 'Wie ändere ich mein Passwort?',
    answer:
      'Öffnen Sie oben rechts Ihr Profil und wählen Sie den Reiter „Passwort“. Geben Sie Ihr aktuelles Passwort und zweimal das neue ein oder lassen Sie sich mit „Passwort generieren“ ein sicheres Passwort erzeugen.',
  },
  {
    question: 'Warum muss ich mein Passwort sofort ändern?',
    answer:
      'Neue Zugänge erhalten ein Einmalpasswort. Es ist nur einmal gültig und muss bei der ersten Anmeldung durch ein eigenes Passwort ersetzt werden.',
  },
  {
    question: 'Warum ist ein Menüpunkt mit einem Schloss versehen?',
    answer:
      'Diese Funktion setzt einen Vertrag voraus. Ärzte und Pflegeeinrichtungen können den Vertrag über die Apotheke übernehmen; danach ist die Funktion freigeschaltet.',
  },
  {
    question: 'Wo finde ich Dokumente, die ich bestätigen soll?',
    answer:
      'Im Profil unter „Dokumente“. Ein Klick öffnet das Dokument; dort können Sie es akzeptieren, ablehnen oder herunterladen.',
  },
  {
    question: 'Wie nehme ich an einem Webinar teil?',
    answer:
      'Laufende Webinare erscheinen auf dem Dashboard mit dem Link „Teilnehmen“. Ein Webinar gilt drei Stunden nach Beginn als beendet.',
  },
];
