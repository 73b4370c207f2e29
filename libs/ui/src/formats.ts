import dayjs from 'dayjs';
import 'dayjs/locale/de.js';

dayjs.locale('de');

/** Date and time formats of every screen (German). */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';
export const TIME_FORMAT = 'HH:mm';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.locale('de').format(pattern) : '';
}

/** `DD.MM.YYYY`; empty string for missing or invalid input. */
export function formatDate(value: DateInput): string {
  return format(value, DATE_FORMAT);
}

/** `DD.MM.YYYY HH:mm`; empty string for missing or invalid input. */
export function formatDateTime(value: DateInput): string {
  return format(value, DATE_TIME_FORMAT);
}

/** `HH:mm`; empty string for missing or invalid input. */
export function formatTime(value: DateInput): string {
  return format(value, TIME_FORMAT);
}

export { dayjs };
