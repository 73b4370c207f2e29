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
  /** SEPA creditor identifier, the creditor account (IBAN in groups of four) and its BIC: the direct-debit export's creditor (the API always answers them). */
  creditorId?: string;
  creditorIban?: string;
  creditorBic?: string;
  /** The instance belongs to the partner platform: the company name is managed there. */
  partnerInstance: boolean;
}

/** GET /api/settings answered with the fields only holders of settings_list read. */
export function isSettingsAdmin(settings: SettingsDto | SettingsAdminDto): settings is SettingsAdminDto {
  return 'partnerInstance' in settings;
}

/**
 * Body of PUT /api/settings (multipart: these fields, plus the logo file as "logo"). Every operator
 * field is required; `debtorId` and `instanceId` change only by an administrator.
 */
export type SettingsUpdateRequest = Omit<SettingsDto, 'logo'> & {
  creditorId?: string;
  creditorIban?: string;
  creditorBic?: string;
  /** LOGO_DELETE_MARKER removes the stored logo. */
  logo?: typeof LOGO_DELETE_MARKER;
};

/** Texts of the settings screen and API (the spec words the success toast, with the umlaut written; the refusals are ours). */
export const SETTINGS_MESSAGES = {
  saved: 'Einstellungen geändert.',
  adminOnly: 'Kundennummer und Instanz-Nummer können nur von einem Administrator geändert werden.',
  partnerCompany: 'Der Firmenname wird über Apomondo verwaltet und kann hier nicht geändert werden.',
} as const;
