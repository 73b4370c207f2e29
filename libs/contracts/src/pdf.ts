/** What a user reads when no PDF can be made right now; each asks to try again or names the missing piece. */
export const PDF_MESSAGES = {
  browserMissing: (executable: string) => `PDF-Erstellung nicht möglich: Der Browser Chromium wurde nicht gefunden (${executable}).`,
  browserFailed: 'PDF-Erstellung nicht möglich: Der Browser Chromium konnte nicht gestartet werden.',
  busy: 'Der PDF-Dienst ist ausgelastet. Bitte versuchen Sie es gleich noch einmal.',
  timeout: 'Die PDF-Erstellung hat zu lange gedauert. Bitte versuchen Sie es gleich noch einmal.',
  failed: 'Die PDF-Erstellung ist fehlgeschlagen. Bitte versuchen Sie es gleich noch einmal.',
  closed: 'Der PDF-Dienst wird gerade beendet. Bitte versuchen Sie es gleich noch einmal.',
} as const;
