/**
 * German texts of the shared guards (unsaved changes, generated password). They belong in
 * UI_MESSAGES (messages.ts); kept here until that catalogue takes them in.
 */
export const GUARD_TEXTS = {
  discardTitle: 'Ungespeicherte Änderungen verwerfen?',
  discardText: 'Ihre Änderungen auf dieser Seite sind noch nicht gespeichert. Wenn Sie die Seite jetzt verlassen, gehen sie verloren.',
  stay: 'Weiter bearbeiten',
  discard: 'Verwerfen',
  generatedTitle: 'Generiertes Passwort',
  generatedHint: 'Das Passwort ist in beiden Feldern eingetragen. Kopieren oder notieren Sie es, bevor Sie speichern: Es wird danach nicht mehr angezeigt.',
  copy: 'Kopieren',
  copyLabel: 'Generiertes Passwort kopieren',
  copied: 'Das Passwort wurde in die Zwischenablage kopiert.',
  copyFailed: 'Kopieren nicht möglich. Bitte markieren und kopieren Sie das Passwort von Hand.',
} as const;
