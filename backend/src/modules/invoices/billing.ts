import { formatCents, type ContractRuntime, type ContractState, type ContractType, type OptionInterval, PACKAGES, type PackageType } from '@mediport/contracts/shop';
import { INVOICE_MONTH_PATTERN, INVOICE_VAT_PERCENT, type InvoiceRole } from '@mediport/contracts/invoices';
import { addDays, addMonths, germanDate } from '../contracts/contract-terms.js';

/**
 * What one billing month charges, without the database: per contract its package and options for
 * the period, and per debtor the sums. Dates are plain German calendar days (YYYY-MM-DD).
 *
 * - Monthly things (the package of a monthly contract, options of interval '1 month') are billed
 *   in arrears for the days they ran in the month, pro rata by calendar days: from the contract's
 *   start (validFrom of its first term) or the option's booking day, to the contract's or the
 *   option's last day, or the day before a partner took the costs over.
 * - Yearly things (the package of a yearly contract at 12 × its monthly price, options of interval
 *   '12 months') are billed in advance for a year from the day their year starts (the contract's
 *   start, the booking day, and every 12 months after), in the month that day falls in. When a
 *   partner takes the costs over within a year the pharmacy paid ahead, the pharmacy gets the
 *   remaining days back as a credit position in the month of the takeover. A year that starts
 *   before a cancelled contract's last day but would run past it (an option booked on another
 *   day than the contract's start) is billed pro rata by days up to that last day.
 * - Options booked once are billed in the month they were booked.
 * - A term change (runtime or package) renews the contract in place on the new term's first day:
 *   its runtime, package, price and `startedOn` become the new term's. The terms before it are
 *   `earlierTerms` (the contract's stored term history; before its first entry, rebuilt from what
 *   was billed, see earlierTerms()); each is billed by its own
 *   runtime and price up to the day before the next one starts, so a monthly term ending in the
 *   middle of a month is billed pro rata to its last day, and the new year is billed in advance
 *   from its first day. Options run on across the change, from their booking day.
 * Whoever pays the contract (its `type`: the pharmacy, the home, the doctor) is the debtor.
 */

export interface Period {
  /** YYYY-MM */
  month: string;
  from: string;
  to: string;
  days: number;
}

/** The calendar month 'YYYY-MM' as a period; null for anything else. */
export function periodOf(month: string): Period | null {
  const match = INVOICE_MONTH_PATTERN.exec(month);
  if (!match) return null;
  const from = `${month}-01`;
  const to = addDays(addMonths(from, 1), -1);
  return { month, from, to, days: Number(to.slice(8, 10)) };
}

/** The month before the one `day` falls in ('2026-12-01' → '2026-11'). */
export function previousMonth(day: string): string {
  return addMonths(`${day.slice(0, 7)}-01`, -1).slice(0, 7);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return ms < 0 ? 0 : Math.round(ms / 86_400_000) + 1;
}

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a < b ? a : b);

/** A booked option as billing reads it. */
export interface BillableItem {
  itemKey: string;
  title: string;
  interval: OptionInterval;
  /** Cents per interval. */
  price: number;
  /** The German calendar day it was booked. */
  bookedOn: string;
  /** Cancelled: its last day. */
  validTo: string | null;
}

/**
 * A term of the package before the contract's current runtime and package: its own runtime, price
 * and title, from its first to its last day (the day before the next term starts).
 */
export interface EarlierTerm {
  runtime: ContractRuntime;
  /** Cents per month. */
  basePrice: number;
  title: string;
  from: string;
  to: string;
}

/** A package position the contract was invoiced already (credits and credit notes left out). */
export interface BilledPackage {
  from: string;
  to: string;
  /** Cents per interval: a month, or a year (12 × the monthly price). */
  unitPrice: number;
  title: string;
}

/**
 * The terms of a contract before `startedOn` (the first day of its current runtime and package, or
 * of the first term its stored history knows), from the package positions it was invoiced: a
 * position within one calendar month is a monthly term's, a longer one a yearly term's. Positions
 * in a row of the same runtime, price and title are one term; each term ends the day before the
 * next one starts, the last the day before `startedOn`. So the monthly days between the last
 * invoiced month and a term change applied before the history was kept are known with their price.
 */
export function earlierTerms(billed: readonly BilledPackage[], startedOn: string | null): EarlierTerm[] {
  if (!startedOn) return [];
  const before = billed.filter((b) => b.from < startedOn).sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  const terms: EarlierTerm[] = [];
  for (const b of before) {
    const runtime: ContractRuntime = b.from.slice(0, 7) === b.to.slice(0, 7) ? 'month' : 'year';
    const basePrice = runtime === 'year' ? Math.round(b.unitPrice / 12) : b.unitPrice;
    const last = terms.at(-1);
    if (last && last.runtime === runtime && last.basePrice === basePrice && last.title === b.title) continue;
    if (last) last.to = addDays(b.from, -1);
    terms.push({ runtime, basePrice, title: b.title, from: b.from, to: '' });
  }
  const last = terms.at(-1);
  if (last) last.to = addDays(startedOn, -1);
  return terms;
}

/** A contract as billing reads it: its terms, payer, partner and options. */
export interface BillableContract {
  id: string;
  contractNo: number;
  debtorId: string;
  type: ContractType;
  homeId: string | null;
  doctorId: string | null;
  state: ContractState;
  runtime: ContractRuntime;
  productType: PackageType;
  units: number;
  /** Cents per month. */
  basePrice: number;
  startedOn: string | null;
  validFrom: string | null;
  validTo: string | null;
  withLogin: boolean;
  modifiedAt: Date;
  /** The home's, the doctor's or the pharmacy's name. */
  partyName: string;
  /** The partner's customer number (the pharmacy's for its own contract). */
  partyDebtorNo: string;
  /** On a contract whose costs a partner took over (state adoption): the first day the partner pays. */
  takenOverOn: string | null;
  /** The terms before a term change, oldest first, each ending the day before the next (the last: before `startedOn`). */
  earlierTerms: EarlierTerm[];
  items: BillableItem[];
}

export interface BillingParty {
  role: InvoiceRole;
  homeId: string | null;
  doctorId: string | null;
  name: string;
  debtorNo: string;
  withLogin: boolean;
  modifiedAt: Date;
}

export interface BillingPosition {
  kind: 'package' | 'option' | 'credit';
  contractId: string;
  contractRef: string;
  itemKey: string | null;
  title: string;
  detail: string;
  periodFrom: string;
  periodTo: string;
  unitPrice: number;
  amount: number;
  party: BillingParty;
}

/** Who pays a contract, as the invoice's debtor: its key (the SEPA mandates use the same), role and record. */
export interface Debtor {
  key: string;
  role: InvoiceRole;
  homeId: string | null;
  doctorId: string | null;
}

export function debtorOf(contract: Pick<BillableContract, 'type' | 'homeId' | 'doctorId'>): Debtor | null {
  switch (contract.type) {
    case 'ROLE_PHARMA':
      return { key: 'pharma', role: 'pharma', homeId: null, doctorId: null };
    case 'ROLE_HOME':
      return contract.homeId ? { key: `home:${contract.homeId}`, role: 'homes', homeId: contract.homeId, doctorId: null } : null;
    case 'ROLE_DOCTOR':
      return contract.doctorId ? { key: `doctor:${contract.doctorId}`, role: 'doctors', homeId: null, doctorId: contract.doctorId } : null;
  }
}

/** The states in which a contract costs money on some days (state new: a takeover still waiting, never in force). */
const BILLED_STATES: readonly ContractState[] = ['booked', 'adoption_request', 'adoption_request_pharma', 'canceled', 'adoption'];

/** The first day of the contract's current runtime and package (its start when it never changed term). */
function currentFirst(contract: Pick<BillableContract, 'startedOn' | 'validFrom'>): string | null {
  return earlier(contract.startedOn, contract.validFrom);
}

/** The first and last day the contract is paid by its payer (last: null while it runs on), earlier terms included. */
export function paidSpan(contract: BillableContract): { first: string; last: string | null } | null {
  if (!BILLED_STATES.includes(contract.state)) return null;
  const first = earlier(contract.earlierTerms[0]?.from ?? null, currentFirst(contract));
  if (!first) return null;
  let last: string | null = null;
  if (contract.state === 'canceled') last = contract.validTo;
  if (contract.state === 'adoption') last = contract.takenOverOn ? addDays(contract.takenOverOn, -1) : contract.validTo;
  if (last !== null && last < first) return null;
  return { first, last };
}

function partyOf(contract: BillableContract): BillingParty {
  return {
    role: contract.homeId ? 'homes' : contract.doctorId ? 'doctors' : 'pharma',
    homeId: contract.homeId,
    doctorId: contract.doctorId,
    name: contract.partyName,
    debtorNo: contract.partyDebtorNo,
    withLogin: contract.withLogin,
    modifiedAt: contract.modifiedAt,
  };
}

export function packageTitle(contract: Pick<BillableContract, 'doctorId' | 'productType' | 'units'>): string {
  if (contract.doctorId) return 'Vertrag Arztpraxis';
  const offer = PACKAGES.find((p) => p.type === contract.productType);
  const name = `Paket ${offer?.title ?? contract.productType}`;
  return offer?.perUnit && contract.units > 1 ? `${name}, ${contract.units} Pflegeeinrichtungen bzw. Dienste` : name;
}

/** Pro rata share of a monthly price: whole cents, rounded half up. */
export function proRata(price: number, days: number, daysInMonth: number): number {
  return days >= daysInMonth ? price : Math.round((price * days) / daysInMonth);
}

/** The monthly charge of something running from `first` to `last` (null: open) in the period; null when it did not run then. */
function monthlyCharge(first: string, last: string | null, period: Period, price: number): { from: string; to: string; amount: number; detail: string } | null {
  const from = later(first, period.from);
  const to = last !== null && last < period.to ? last : period.to;
  const days = daysBetween(from, to);
  if (days === 0) return null;
  const detail = days >= period.days ? `monatlich, ${germanDate(from)} – ${germanDate(to)}` : `anteilig ${days} von ${period.days} Tagen, ${germanDate(from)} – ${germanDate(to)}`;
  return { from, to, amount: proRata(price, days, period.days), detail };
}

/** The year of something anchored on `anchor` that starts within the period (billed in advance), or null. */
function yearStartingIn(anchor: string, period: Period): { from: string; to: string } | null {
  // The anniversary of the anchor in the period's year (a 29 February anchor falls on the 28th).
  const years = Number(period.from.slice(0, 4)) - Number(anchor.slice(0, 4));
  if (years < 0) return null;
  const start = addMonths(anchor, 12 * years);
  if (start < period.from || start > period.to || start < anchor) return null;
  return { from: start, to: addDays(addMonths(anchor, 12 * (years + 1)), -1) };
}

/**
 * The last day of a cancelled contract (or option). Only a cancellation cuts a year paid in
 * advance short: the end of a takeover is settled by the credit in the takeover's month instead.
 */
function cancelledEnd(contract: Pick<BillableContract, 'state' | 'validTo'>): string | null {
  return contract.state === 'canceled' ? contract.validTo : null;
}

/** A year billed in advance: in full, or pro rata by days when `end` falls within it. */
function yearlyCharge(year: { from: string; to: string }, price: number, end: string | null): { to: string; amount: number; detail: string } {
  if (end === null || end >= year.to) return { to: year.to, amount: price, detail: `${germanDate(year.from)} – ${germanDate(year.to)}` };
  const days = daysBetween(year.from, end);
  const yearDays = daysBetween(year.from, year.to);
  return { to: end, amount: Math.round((price * days) / yearDays), detail: `anteilig ${days} von ${yearDays} Tagen, ${germanDate(year.from)} – ${germanDate(end)}` };
}

/** The year of something anchored on `anchor` that contains `day`. */
function yearContaining(anchor: string, day: string): { from: string; to: string } {
  let years = Math.max(0, Number(day.slice(0, 4)) - Number(anchor.slice(0, 4)));
  while (years > 0 && addMonths(anchor, 12 * years) > day) years--;
  return { from: addMonths(anchor, 12 * years), to: addDays(addMonths(anchor, 12 * (years + 1)), -1) };
}

/**
 * The positions of one contract in the period. `period` is a calendar month; positions of amount
 * 0 (options included in the package price) are left out.
 */
export function positionsFor(contract: BillableContract, period: Period): BillingPosition[] {
  const span = paidSpan(contract);
  if (!span) return [];
  const party = partyOf(contract);
  const contractRef = `${contract.contractNo}_${contract.debtorId}`;
  const out: BillingPosition[] = [];
  const add = (p: Omit<BillingPosition, 'contractId' | 'contractRef' | 'party'>) => {
    if (p.amount !== 0) out.push({ ...p, contractId: contract.id, contractRef, party });
  };
  // The package, term by term: the earlier ones to the day before the next, the current one on.
  const current = currentFirst(contract) ?? span.first;
  const terms: { runtime: ContractRuntime; basePrice: number; title: string; from: string; to: string | null; anchor: string }[] = [
    ...contract.earlierTerms.map((t) => ({ ...t, anchor: t.from })),
    { runtime: contract.runtime, basePrice: contract.basePrice, title: packageTitle(contract), from: current, to: null, anchor: contract.startedOn ?? current },
  ];
  for (const term of terms) {
    const first = later(term.from, span.first);
    const last = earlier(term.to, span.last);
    if (last !== null && last < first) continue;
    if (term.runtime === 'month') {
      const charge = monthlyCharge(first, last, period, term.basePrice);
      if (charge) add({ kind: 'package', itemKey: null, title: term.title, detail: charge.detail, periodFrom: charge.from, periodTo: charge.to, unitPrice: term.basePrice, amount: charge.amount });
      continue;
    }
    const yearly = term.basePrice * 12;
    const year = yearStartingIn(term.anchor, period);
    if (year && year.from >= first && (last === null || year.from <= last)) {
      const charge = yearlyCharge(year, yearly, cancelledEnd(contract));
      add({ kind: 'package', itemKey: null, title: term.title, detail: `jährlich im Voraus (12 × ${formatCents(term.basePrice)}), ${charge.detail}`, periodFrom: year.from, periodTo: charge.to, unitPrice: yearly, amount: charge.amount });
    }
    const credit = contract.takenOverOn !== null && (term.to === null || contract.takenOverOn <= term.to) ? takeoverCredit(contract, term.anchor, yearly, period) : null;
    if (credit) add({ kind: 'credit', itemKey: null, title: `Gutschrift ${term.title}`, ...credit });
  }

  // The options.
  for (const item of contract.items) {
    const first = later(item.bookedOn, span.first);
    const last = earlier(item.validTo, span.last);
    if (last !== null && last < first) continue;
    switch (item.interval) {
      case 'once':
        if (item.bookedOn >= period.from && item.bookedOn <= period.to && first === item.bookedOn) {
          add({ kind: 'option', itemKey: item.itemKey, title: item.title, detail: `einmalig, gebucht am ${germanDate(item.bookedOn)}`, periodFrom: item.bookedOn, periodTo: item.bookedOn, unitPrice: item.price, amount: item.price });
        }
        break;
      case '1 month': {
        const charge = monthlyCharge(first, last, period, item.price);
        if (charge) add({ kind: 'option', itemKey: item.itemKey, title: item.title, detail: charge.detail, periodFrom: charge.from, periodTo: charge.to, unitPrice: item.price, amount: charge.amount });
        break;
      }
      case '12 months': {
        const year = yearStartingIn(item.bookedOn, period);
        if (year && year.from >= first && (last === null || year.from <= last)) {
          const charge = yearlyCharge(year, item.price, earlier(item.validTo, cancelledEnd(contract)));
          add({ kind: 'option', itemKey: item.itemKey, title: item.title, detail: `jährlich im Voraus, ${charge.detail}`, periodFrom: year.from, periodTo: charge.to, unitPrice: item.price, amount: charge.amount });
        }
        const credit = item.validTo === null || (contract.takenOverOn !== null && item.validTo >= contract.takenOverOn) ? takeoverCredit(contract, item.bookedOn, item.price, period) : null;
        if (credit) add({ kind: 'credit', itemKey: item.itemKey, title: `Gutschrift ${item.title}`, ...credit });
        break;
      }
    }
  }
  return out;
}

/**
 * A year paid in advance whose costs a partner took over within it, in the month of the takeover:
 * the days from the takeover to the end of that year, back to the payer (negative amount).
 */
function takeoverCredit(contract: BillableContract, anchor: string, yearlyPrice: number, period: Period): Omit<BillingPosition, 'kind' | 'title' | 'itemKey' | 'contractId' | 'contractRef' | 'party'> | null {
  const day = contract.state === 'adoption' ? contract.takenOverOn : null;
  if (!day || day < period.from || day > period.to || day <= anchor) return null;
  const year = yearContaining(anchor, day);
  const yearDays = daysBetween(year.from, year.to);
  const rest = daysBetween(day, year.to);
  const amount = -Math.round((yearlyPrice * rest) / yearDays);
  return { detail: `Kostenübernahme ab ${germanDate(day)}: ${rest} von ${yearDays} Tagen zurück`, periodFrom: day, periodTo: year.to, unitPrice: yearlyPrice, amount };
}

/** Net, 19 % VAT (whole cents, rounded half away from zero) and gross of positions. */
export function totals(amounts: readonly number[]): { net: number; vat: number; gross: number } {
  const net = amounts.reduce((sum, a) => sum + a, 0);
  const vat = Math.sign(net) * Math.round((Math.abs(net) * INVOICE_VAT_PERCENT) / 100);
  return { net, vat, gross: net + vat };
}

/** Every debtor's positions of the period, in the order the invoices are numbered: the pharmacy, then homes and doctors by name. */
export function billMonth(contracts: readonly BillableContract[], period: Period): { debtor: Debtor; positions: BillingPosition[] }[] {
  const byDebtor = new Map<string, { debtor: Debtor; positions: BillingPosition[] }>();
  const sorted = [...contracts].sort((a, b) => a.contractNo - b.contractNo || a.debtorId.localeCompare(b.debtorId));
  for (const contract of sorted) {
    const debtor = debtorOf(contract);
    if (!debtor) continue;
    const positions = positionsFor(contract, period);
    if (!positions.length) continue;
    const entry = byDebtor.get(debtor.key) ?? { debtor, positions: [] };
    entry.positions.push(...positions);
    byDebtor.set(debtor.key, entry);
  }
  const rank = { pharma: 0, homes: 1, doctors: 2 } as const;
  const nameOf = (e: { positions: BillingPosition[] }) => e.positions[0]!.party.name;
  return [...byDebtor.values()].sort((a, b) => rank[a.debtor.role] - rank[b.debtor.role] || nameOf(a).localeCompare(nameOf(b), 'de') || a.debtor.key.localeCompare(b.debtor.key));
}
