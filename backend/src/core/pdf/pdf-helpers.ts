import type { HelperDelegate } from 'handlebars';

const ZONE = 'Europe/Berlin';
const DAY = new Intl.DateTimeFormat('de-DE', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
const DAY_TIME = new Intl.DateTimeFormat('de-DE', { timeZone: ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const EURO = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const NUMBER = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

type DateInput = Date | string | number | null | undefined;

function parts(format: Intl.DateTimeFormat, when: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(when).map((p) => [p.type, p.value]));
}

function toDate(value: Exclude<DateInput, null | undefined>): Date | null {
  const when = value instanceof Date ? value : new Date(value);
  return Number.isNaN(when.getTime()) ? null : when;
}

/**
 * DD.MM.YYYY in Europe/Berlin. Takes a Date, an ISO timestamp, or a date-only value (YYYY-MM-DD or
 * already DD.MM.YYYY), which is a calendar day and is never shifted by a time zone. Empty stays
 * empty; anything unreadable is printed as given rather than hidden.
 */
export function formatDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    if (/^\d{2}\.\d{2}\.\d{4}$/.test(value)) return value;
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  }
  const when = toDate(value);
  if (!when) return String(value);
  const p = parts(DAY, when);
  return `${p.day}.${p.month}.${p.year}`;
}

/** DD.MM.YYYY HH:mm (24 hours) in Europe/Berlin; empty stays empty, unreadable is printed as given. */
export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const when = toDate(value);
  if (!when) return String(value);
  const p = parts(DAY_TIME, when);
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** Integer cents as German euros: 123456 → "1.234,56 €". */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  return EURO.format(cents / 100);
}

/** A number the German way: 1234.5 → "1.234,5". */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return NUMBER.format(value);
}

/** Handlebars passes its options object last; the helpers below look only at the values before it. */
const values = (args: unknown[]): unknown[] => args.slice(0, -1);

/**
 * The helpers every PDF template may use. Each returns plain text, which Handlebars escapes
 * like any other value in `{{ }}`.
 *
 *   {{date createdAt}}  {{dateTime createdAt}}  {{money totalCents}}  {{number amount}}
 *   {{#if (eq status "done")}} … {{/if}}  {{#if (and a (not b))}} … {{/if}}  {{inc @index}}
 */
export const PDF_HELPERS: Record<string, HelperDelegate> = {
  date: (value: DateInput) => formatDate(value),
  dateTime: (value: DateInput) => formatDateTime(value),
  money: (cents: number) => formatMoney(cents),
  number: (value: number) => formatNumber(value),
  eq: (a: unknown, b: unknown) => a === b,
  ne: (a: unknown, b: unknown) => a !== b,
  not: (value: unknown) => !value,
  and: (...args: unknown[]) => values(args).every(Boolean),
  or: (...args: unknown[]) => values(args).some(Boolean),
  /** 1-based numbering of rows: {{inc @index}}. */
  inc: (value: number) => Number(value) + 1,
};
