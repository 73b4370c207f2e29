import type { ContractRuntime, OptionInterval } from '@mediport/contracts/shop';

/**
 * Calendar arithmetic of contract terms on plain dates (YYYY-MM-DD, German calendar days; no time
 * zone involved once the day is known). A term starts on a day and lasts one month or one year;
 * it ends the day before the next one starts and renews on the day after its end. Terms count
 * from the contract's start (`startedOn`), so a contract started on 31 January runs to 27/28
 * February, then to 30 March: month ends do not drift.
 */

export interface Term {
  validFrom: string;
  validTo: string;
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function format(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** `date` plus `months`; a day the target month lacks becomes its last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  const last = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return format(ty, tm, Math.min(d, last));
}

const MONTHS: Record<ContractRuntime, number> = { month: 1, year: 12 };

/** The k-th term (0: the first) of a contract started on `startedOn`. */
export function nthTerm(startedOn: string, runtime: ContractRuntime, k: number): Term {
  const months = MONTHS[runtime];
  return { validFrom: addMonths(startedOn, k * months), validTo: addDays(addMonths(startedOn, (k + 1) * months), -1) };
}

/** The term that contains `today` (the first term while `today` is before the start). */
export function termOn(startedOn: string, runtime: ContractRuntime, today: string): Term {
  if (today <= startedOn) return nthTerm(startedOn, runtime, 0);
  const [sy, sm] = parts(startedOn);
  const [ty, tm] = parts(today);
  // A first guess from the months in between, corrected by at most a step either way.
  let k = Math.max(0, Math.floor(((ty - sy) * 12 + (tm - sm)) / MONTHS[runtime]) - 1);
  let term = nthTerm(startedOn, runtime, k);
  while (term.validTo < today) term = nthTerm(startedOn, runtime, ++k);
  return term;
}

/** The term after `term` (it starts the day after the end). */
export function followingTerm(startedOn: string, runtime: ContractRuntime, term: Term): Term {
  return termOn(startedOn, runtime, addDays(term.validTo, 1));
}

/**
 * The last day on which a cancellation ends the contract with the term ending `validTo`: one
 * month before the end (the term ending 31 December: until 30 November).
 */
export function cancellationDeadline(validTo: string): string {
  return addDays(addMonths(addDays(validTo, 1), -1), -1);
}

/** The last day of a contract cancelled on `today`: the end of this term, or of the next one after the deadline. */
export function cancellationEnd(startedOn: string, runtime: ContractRuntime, term: Term, today: string): string {
  return today <= cancellationDeadline(term.validTo) ? term.validTo : followingTerm(startedOn, runtime, term).validTo;
}

/**
 * The last day of an option cancelled on `today`: the end of its current period, counted from
 * the day it was booked (monthly or yearly). Options booked once cannot be cancelled.
 */
export function optionEnd(bookedOn: string, interval: Exclude<OptionInterval, 'once'>, today: string): string {
  return termOn(bookedOn, interval === '1 month' ? 'month' : 'year', today).validTo;
}

/** YYYY-MM-DD → DD.MM.YYYY (the spec's date format); null stays null. */
export function germanDate(date: string | null): string | null {
  if (!date) return null;
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}
