import { MEETING_MESSAGES, validateMeeting } from '@mediport/validation';
import { MEETING_TEXT } from '../../messages';

export interface MeetingFormValues {
  date: string;
  time: string;
  system: string;
  url: string;
  info: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Days of `month` (1–12) in `year`, leap years included. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** "1.2.2026" → "01.02.2026"; null when the text is not a German date or the day does not exist. */
export function normalizeDate(value: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${pad(day)}.${pad(month)}.${year}`;
}

/** "9:30" → "09:30"; null when the text is not a time of day. */
export function normalizeTime(value: string): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [hours, minutes] = [Number(m[1]), Number(m[2])];
  return hours <= 23 && minutes <= 59 ? `${pad(hours)}:${pad(minutes)}` : null;
}

function dateError(value: string): string | null {
  const text = value.trim();
  if (!text) return MEETING_MESSAGES.incomplete;
  if (normalizeDate(text)) return null;
  return /^\d{1,2}\.\d{1,2}\.\d{4}$/.test(text) ? MEETING_TEXT.dateImpossible(text) : MEETING_TEXT.dateFormat;
}

function timeError(value: string): string | null {
  const text = value.trim();
  if (!text) return MEETING_MESSAGES.incomplete;
  if (normalizeTime(text)) return null;
  return /^\d{1,2}:\d{2}$/.test(text) ? MEETING_TEXT.timeImpossible(text) : MEETING_TEXT.timeFormat;
}

/**
 * Field errors of the meeting form: empty required fields "Bitte füllen Sie alle Felder aus."
 * (spec part 1 §5), a date or time that does not exist or is written otherwise its own message;
 * then the shared rule the server runs (libs/validation `validateMeeting`).
 */
export function meetingFormErrors(values: MeetingFormValues): Partial<Record<keyof MeetingFormValues, string>> {
  const errors: Partial<Record<keyof MeetingFormValues, string>> = {};
  const date = dateError(values.date);
  const time = timeError(values.time);
  if (date) errors.date = date;
  if (time) errors.time = time;
  const shared = { date: normalizeDate(values.date) ?? values.date, time: normalizeTime(values.time) ?? values.time, system: values.system };
  for (const e of validateMeeting(shared)) errors[e.path as keyof MeetingFormValues] ??= e.message;
  return errors;
}

/** The toast for a refused form: the spec's text when a field is empty, else the first specific message. */
export function meetingToast(errors: Partial<Record<keyof MeetingFormValues, string>>): string {
  const messages = Object.values(errors);
  return messages.includes(MEETING_MESSAGES.incomplete) ? MEETING_MESSAGES.incomplete : (messages[0] ?? MEETING_MESSAGES.incomplete);
}
