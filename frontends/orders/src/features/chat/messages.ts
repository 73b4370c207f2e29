import type { Role } from '@mediport/contracts';

/** Texts of the event feed besides EVENT_MESSAGES. */
export const CHAT_TEXTS = {
  title: 'Nachrichten',
  message: 'Nachricht',
  send: 'Senden',
  attach: 'Datei anhängen',
  removeFile: (name: string) => `${name} entfernen`,
  download: (name: string) => `${name} herunterladen`,
  fileTooLarge: (name: string) => `Die Datei ${name} ist größer als 10 MB.`,
  emailFailed: 'E-Mail konnte nicht versendet werden',
  resend: 'Erneut senden',
  statusChange: (from: string, to: string) => `${from} → ${to}`,
  system: 'System',
  attachments: 'Anhänge',
  // The driver's delivery proof and incidents.
  signature: (recipient: string) => `Unterschrift von ${recipient}`,
  position: 'Position',
  positionAccuracy: (metres: number) => `Genauigkeit: ± ${metres} m`,
  warning: 'Warnung',
} as const;

/** The author icon's name per role: home staff, practice staff, pharmacy staff, driver. */
export const AUTHOR_LABELS: Partial<Record<Role, string>> = {
  ROLE_HOME: 'Pflegeeinrichtung',
  ROLE_DOCTOR: 'Arztpraxis',
  ROLE_PHARMA: 'Apotheke',
  ROLE_ADMIN: 'Apotheke',
  ROLE_DRIVER: 'Fahrer',
};
