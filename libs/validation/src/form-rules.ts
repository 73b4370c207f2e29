/** Company settings and meeting rules. */
import { checkEmail, checkPostalCode, checkRequired } from './field-rules.js';
import { parseGermanDate } from './masterdata-rules.js';
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

/** "Bitte füllen Sie alle Felder aus." for empty fields; the others name what is wrong. */
export const MEETING_MESSAGES = {
  incomplete: 'Bitte füllen Sie alle Felder aus.',
  dateImpossible: (date: string) => `Den ${date} gibt es nicht. Bitte geben Sie ein gültiges Datum ein.`,
  dateFormat: 'Bitte geben Sie das Datum im Format TT.MM.JJJJ ein.',
  timeImpossible: (time: string) => `Die Uhrzeit ${time} gibt es nicht. Bitte geben Sie eine Uhrzeit zwischen 00:00 und 23:59 ein.`,
  timeFormat: 'Bitte geben Sie die Uhrzeit im Format HH:MM ein.',
} as const;

export interface MeetingInput {
  date?: string | null;
  time?: string | null;
  system?: string | null;
}

/** A German date with or without leading zeros ("1.2.2026"). */
const LOOSE_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
/** A time of day with or without a leading zero ("9:30"). */
const LOOSE_TIME = /^(\d{1,2}):(\d{2})$/;

const pad = (n: string) => n.padStart(2, '0');

/** "1.2.2026" → "01.02.2026"; null when the text is no German date or the day does not exist (31.02.2026). */
export function normalizeMeetingDate(value: string): string | null {
  const m = LOOSE_DATE.exec(value.trim());
  if (!m) return null;
  const date = `${pad(m[1]!)}.${pad(m[2]!)}.${m[3]}`;
  return parseGermanDate(date) ? date : null;
}

/** "9:30" → "09:30"; null when the text is no time of day (25:00). */
export function normalizeMeetingTime(value: string): string | null {
  const m = LOOSE_TIME.exec(value.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${pad(m[1]!)}:${m[2]}`;
}

function checkMeetingDate(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return MEETING_MESSAGES.incomplete;
  if (normalizeMeetingDate(text)) return null;
  return LOOSE_DATE.test(text) ? MEETING_MESSAGES.dateImpossible(text) : MEETING_MESSAGES.dateFormat;
}

function checkMeetingTime(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  if (!text) return MEETING_MESSAGES.incomplete;
  if (normalizeMeetingTime(text)) return null;
  return LOOSE_TIME.test(text) ? MEETING_MESSAGES.timeImpossible(text) : MEETING_MESSAGES.timeFormat;
}

/**
 * Date (TT.MM.JJJJ, leading zeros optional), time (HH:MM) and system are required: an empty field
 * gives "Bitte füllen Sie alle Felder aus.", a date or time that does not exist or is written
 * otherwise its own message. `normalizeMeetingDate`/`normalizeMeetingTime` give the stored form.
 */
export function validateMeeting(input: MeetingInput): FieldError[] {
  const errors: FieldError[] = [];
  const date = checkMeetingDate(input.date);
  if (date) errors.push({ path: 'date', message: date });
  const time = checkMeetingTime(input.time);
  if (time) errors.push({ path: 'time', message: time });
  if (!input.system || !(MEETING_SYSTEMS as readonly string[]).includes(input.system)) {
    errors.push({ path: 'system', message: MEETING_MESSAGES.incomplete });
  }
  return errors;
}
