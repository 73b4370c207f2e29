/** Company settings and meeting rules (spec part 1 §5). */
import { checkEmail, checkPostalCode, checkRequired } from './field-rules.js';
import type { FieldError } from './user-rules.js';

export const SETTINGS_LABELS = {
  company: 'Firma',
  street: 'Straße',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  phone: 'Telefon',
  fax: 'Fax',
  email: 'E-Mail',
  debtorId: 'Kundennummer',
  instanceId: 'Instanz-Nummer',
} as const;

export type SettingsInput = Partial<Record<keyof typeof SETTINGS_LABELS, string>>;

/** Every operator field is required; postal code digits only (max 5); e-mail pattern. */
export function validateSettings(input: SettingsInput): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of ['company', 'street', 'postalCode', 'city', 'phone', 'fax', 'email'] as const) {
    const message = checkRequired(input[key], SETTINGS_LABELS[key]);
    if (message) errors.push({ path: key, message });
  }
  const postal = checkPostalCode(input.postalCode ?? '');
  if (postal) errors.push({ path: 'postalCode', message: postal });
  const email = checkEmail(input.email ?? '');
  if (input.email && email) errors.push({ path: 'email', message: email });
  return errors;
}

export const MEETING_SYSTEMS = ['Skype', 'Microsoft Teams', 'Discord', 'Zoom'] as const;
export const MEETING_MESSAGES = { incomplete: 'Bitte füllen Sie alle Felder aus.' } as const;

export interface MeetingInput {
  date?: string | null;
  time?: string | null;
  system?: string | null;
}

/** Date (DD.MM.YYYY), time (HH:mm) and system are required. */
export function validateMeeting(input: MeetingInput): FieldError[] {
  const errors: FieldError[] = [];
  if (!input.date || !/^\d{2}\.\d{2}\.\d{4}$/.test(input.date)) errors.push({ path: 'date', message: MEETING_MESSAGES.incomplete });
  if (!input.time || !/^([01]\d|2[0-3]):[0-5]\d$/.test(input.time)) errors.push({ path: 'time', message: MEETING_MESSAGES.incomplete });
  if (!input.system || !(MEETING_SYSTEMS as readonly string[]).includes(input.system)) {
    errors.push({ path: 'system', message: MEETING_MESSAGES.incomplete });
  }
  return errors;
}
