/** Company settings (/einstellungen, /api/settings). */
import type { SettingsDto } from './index.js';

/** Marker value of the logo field that deletes the stored logo. */
export const LOGO_DELETE_MARKER = '_delete';

/** Path of the stored logo (public, for the imprint and documents). */
export const SETTINGS_LOGO_PATH = '/api/settings/logo';

/** GET /api/settings for holders of settings_list: all fields plus the partner-platform flag. */
export interface SettingsAdminDto extends SettingsDto {
  debtorId: string;
  instanceId: string;
  /** The instance belongs to the partner platform: the company name is managed there. */
  partnerInstance: boolean;
}

/** Texts of the settings screen and API (the spec words the success toast; the refusals are ours). */
export const SETTINGS_MESSAGES = {
  saved: 'Einstellungen geaendert.',
  adminOnly: 'Kundennummer und Instanz-Nummer können nur von einem Administrator geändert werden.',
  partnerCompany: 'Der Firmenname wird über Apomondo verwaltet und kann hier nicht geändert werden.',
} as const;
