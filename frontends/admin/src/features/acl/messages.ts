/** Texts of the rights matrix screen. */
export const ACL_TEXT = {
  title: 'Rechte',
  section: 'Administration',
  immediateNote: 'Änderungen gelten sofort für alle Nutzer – ein Neustart ist nicht nötig.',
  save: 'Speichern',
  discard: 'Verwerfen',
  saved: 'Rechte gespeichert.',
  unsaved: (n: number) => (n === 1 ? '1 Rolle geändert – noch nicht gespeichert.' : `${n} Rollen geändert – noch nicht gespeichert.`),
  readOnly: 'Sie können die Rechte ansehen, aber nicht ändern.',
  intro: 'Einführung',
  details: 'Details',
  permission: 'Recht',
  detailTitle: 'Details zum Recht',
  name: 'Technischer Name',
  url: 'Seite',
  api: 'API-Aufruf',
  holders: 'Rollen mit diesem Recht',
  noHolders: 'Keine Rolle',
  image: (label: string) => `Dokumentation: ${label}`,
  imageLoading: 'Dokumentation wird geladen …',
  close: 'Schließen',
  back: 'Zurück',
  next: 'Weiter',
  done: 'Verstanden',
} as const;

/** The four-step introduction. */
export const INTRO_STEPS = [
  {
    label: 'Bereiche',
    text: 'Die Rechte sind nach Bereichen sortiert. Über die Reiter oben wechseln Sie zwischen Dashboard, Navigation, Aufträgen, Stammdaten, Administration und Profil. Innerhalb eines Reiters sind die Rechte in Abschnitte gegliedert.',
  },
  {
    label: 'Rechte schalten',
    text: 'Jede Zeile ist ein Recht, jede Spalte eine Rolle. Der Schalter „Zugriff“ gibt der Rolle das Recht oder nimmt es ihr. Über „Details“ sehen Sie, welche Seite und welcher API-Aufruf zu dem Recht gehören.',
  },
  {
    label: 'Eigene, Manager, Vertrag',
    text: '„Nur eigene“ beschränkt das Recht auf Datensätze der eigenen Einrichtung bzw. Praxis. „Nur Manager“ gilt nur für Nutzer, die zusätzlich die Rolle Manager haben (nicht in der Spalte Administrator). „Vertrag nötig“ gibt es bei Heim und Arzt: ohne Vertrag wird die Funktion gesperrt angezeigt.',
  },
  {
    label: 'Speichern',
    text: 'Ihre Änderungen werden erst mit „Speichern“ übernommen. Sie gelten dann sofort für alle Nutzer der geänderten Rollen – beim nächsten Aufruf, ohne Neustart.',
  },
] as const;

export const INTRO_SEEN_KEY = 'acl-intro-seen';
