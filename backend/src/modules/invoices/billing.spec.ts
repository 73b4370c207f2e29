import { addDays } from '../contracts/contract-terms.js';
import { type BillableContract, type BilledPackage, type BillingPosition, billMonth, daysBetween, debtorOf, earlierTerms, periodOf, positionsFor, previousMonth, proRata, totals } from './billing.js';

function contract(overrides: Partial<BillableContract> = {}): BillableContract {
  return {
    id: 'c1',
    contractNo: 1,
    debtorId: 'D-1',
    type: 'ROLE_PHARMA',
    homeId: 'home-1',
    doctorId: null,
    state: 'booked',
    runtime: 'month',
    productType: 'basic',
    units: 1,
    basePrice: 5900,
    startedOn: '2031-01-01',
    validFrom: '2031-01-01',
    validTo: '2031-01-31',
    withLogin: true,
    modifiedAt: new Date('2031-01-01T09:00:00Z'),
    partyName: 'Haus Probe',
    partyDebtorNo: 'H-1',
    takenOverOn: null,
    earlierTerms: [],
    items: [],
    ...overrides,
  };
}

const month = (m: string) => periodOf(m)!;
const amounts = (c: BillableContract, m: string) => positionsFor(c, month(m)).map((p) => [p.kind, p.itemKey, p.amount]);

describe('periods', () => {
  it('reads YYYY-MM and refuses anything else', () => {
    expect(periodOf('2031-02')).toEqual({ month: '2031-02', from: '2031-02-01', to: '2031-02-28', days: 28 });
    expect(periodOf('2032-02')!.days).toBe(29);
    for (const bad of ['2031-13', '2031-1', '31-01', '2031-01-01', '']) expect(periodOf(bad)).toBeNull();
  });

  it('the scheduled run bills the month before', () => {
    expect(previousMonth('2031-01-01')).toBe('2030-12');
    expect(previousMonth('2031-03-01')).toBe('2031-02');
  });

  it('counts days with both ends', () => {
    expect(daysBetween('2031-01-15', '2031-01-31')).toBe(17);
    expect(daysBetween('2031-01-31', '2031-01-15')).toBe(0);
  });
});

describe('monthly package', () => {
  it('bills a full month at the monthly price and a started month pro rata from the first day', () => {
    const c = contract({ startedOn: '2031-01-15', validFrom: '2031-01-15', validTo: '2031-02-14' });
    expect(amounts(c, '2030-12')).toEqual([]);
    expect(amounts(c, '2031-01')).toEqual([['package', null, proRata(5900, 17, 31)]]);
    expect(proRata(5900, 17, 31)).toBe(3235);
    expect(amounts(c, '2031-02')).toEqual([['package', null, 5900]]);
  });

  it('a cancelled contract ends with its last day', () => {
    const c = contract({ state: 'canceled', validTo: '2031-03-10' });
    expect(amounts(c, '2031-03')).toEqual([['package', null, proRata(5900, 10, 31)]]);
    expect(amounts(c, '2031-04')).toEqual([]);
  });

  it('a takeover still waiting (state new) costs nothing', () => {
    expect(amounts(contract({ state: 'new', startedOn: null, validFrom: null, validTo: null }), '2031-01')).toEqual([]);
  });
});

describe('yearly package', () => {
  const c = contract({ runtime: 'year', basePrice: 1000, doctorId: 'doc-1', homeId: null, startedOn: '2031-03-10', validFrom: '2031-03-10', validTo: '2032-03-09' });

  it('bills twelve months in advance in the month the year starts, nothing in between', () => {
    expect(amounts(c, '2031-02')).toEqual([]);
    expect(amounts(c, '2031-03')).toEqual([['package', null, 12_000]]);
    for (const m of ['2031-04', '2031-12', '2032-02']) expect(amounts(c, m)).toEqual([]);
    expect(amounts(c, '2032-03')).toEqual([['package', null, 12_000]]);
    expect(positionsFor(c, month('2031-03'))[0]).toMatchObject({ title: 'Vertrag Arztpraxis', periodFrom: '2031-03-10', periodTo: '2032-03-09' });
  });

  it('a year cancelled to its end is not billed again', () => {
    expect(amounts({ ...c, state: 'canceled', validTo: '2032-03-09' }, '2032-03')).toEqual([]);
  });
});

describe('options', () => {
  const items: BillableContract['items'] = [
    { itemKey: 'webinar', title: 'Webinar', interval: 'once', price: 9900, bookedOn: '2031-02-20', validTo: null },
    { itemKey: 'fax', title: 'Fax', interval: '1 month', price: 1900, bookedOn: '2031-02-15', validTo: '2031-04-14' },
    { itemKey: 'backup', title: 'Backup', interval: '12 months', price: 11900, bookedOn: '2031-02-01', validTo: null },
    { itemKey: 'portal', title: 'Portal', interval: '1 month', price: 0, bookedOn: '2031-01-01', validTo: null },
  ];
  const c = contract({ items, validTo: '2031-12-31' });

  it('once in the month booked; monthly pro rata from booking to cancellation; yearly in advance at each anniversary; free ones left out', () => {
    expect(amounts(c, '2031-02')).toEqual([
      ['package', null, 5900],
      ['option', 'webinar', 9900],
      ['option', 'fax', proRata(1900, 14, 28)],
      ['option', 'backup', 11900],
    ]);
    expect(amounts(c, '2031-03')).toEqual([
      ['package', null, 5900],
      ['option', 'fax', 1900],
    ]);
    expect(amounts(c, '2031-04')).toEqual([
      ['package', null, 5900],
      ['option', 'fax', proRata(1900, 14, 30)],
    ]);
    expect(amounts(c, '2032-02')).toEqual([
      ['package', null, 5900],
      ['option', 'backup', 11900],
    ]);
  });
});

describe('a yearly option on a cancelled contract', () => {
  const backup = { itemKey: 'backup', title: 'Backup', interval: '12 months' as const, price: 36_500, bookedOn: '2031-03-15', validTo: null };
  const cancelled = contract({ state: 'canceled', runtime: 'year', basePrice: 1000, startedOn: '2031-01-01', validFrom: '2032-01-01', validTo: '2032-12-31', items: [backup] });

  it('an anniversary before the last day bills only the days up to it', () => {
    const [position] = positionsFor(cancelled, month('2032-03'));
    // 15.03.2032 – 31.12.2032: 292 of the year's 365 days (15.03.2032 – 14.03.2033).
    expect(position).toMatchObject({ kind: 'option', itemKey: 'backup', periodFrom: '2032-03-15', periodTo: '2032-12-31', amount: Math.round((36_500 * 292) / 365) });
    expect(position!.detail).toBe('jährlich im Voraus, anteilig 292 von 365 Tagen, 15.03.2032 – 31.12.2032');
    expect(amounts(cancelled, '2033-03')).toEqual([]);
  });

  it('the same contract running on bills the whole year', () => {
    expect(positionsFor({ ...cancelled, state: 'booked' }, month('2032-03'))[0]).toMatchObject({ periodTo: '2033-03-14', amount: 36_500 });
  });

  it('a takeover is settled by its credit, not by a shorter year', () => {
    const takenOver = { ...cancelled, state: 'adoption' as const, takenOverOn: '2032-06-01' };
    expect(positionsFor(takenOver, month('2032-03'))[0]).toMatchObject({ periodTo: '2033-03-14', amount: 36_500 });
    expect(amounts(takenOver, '2032-06').filter(([, key]) => key === 'backup')).toEqual([['credit', 'backup', -Math.round((36_500 * 287) / 365)]]);
  });
});

describe('takeover', () => {
  it('the pharmacy pays a monthly contract until the day before the partner does; the partner is the debtor of its own contract', () => {
    const pharmacy = contract({ state: 'adoption', takenOverOn: '2031-05-11' });
    expect(amounts(pharmacy, '2031-05')).toEqual([['package', null, proRata(5900, 10, 31)]]);
    expect(amounts(pharmacy, '2031-06')).toEqual([]);
    const partner = contract({ id: 'c2', type: 'ROLE_HOME', debtorId: 'H-1', startedOn: '2031-05-11', validFrom: '2031-05-11', validTo: '2031-06-10' });
    expect(amounts(partner, '2031-05')).toEqual([['package', null, proRata(5900, 21, 31)]]);
    expect(debtorOf(pharmacy)).toEqual({ key: 'pharma', role: 'pharma', homeId: null, doctorId: null });
    expect(debtorOf(partner)).toEqual({ key: 'home:home-1', role: 'homes', homeId: 'home-1', doctorId: null });
    const bill = billMonth([pharmacy, partner], month('2031-05'));
    expect(bill.map((b) => [b.debtor.key, b.positions.reduce((s, p) => s + p.amount, 0)])).toEqual([
      ['pharma', proRata(5900, 10, 31)],
      ['home:home-1', proRata(5900, 21, 31)],
    ]);
  });

  it('a year the pharmacy paid ahead is credited from the takeover on', () => {
    const pharmacy = contract({ runtime: 'year', basePrice: 1000, homeId: null, doctorId: 'doc-1', startedOn: '2031-01-01', validFrom: '2031-01-01', validTo: '2031-12-31', state: 'adoption', takenOverOn: '2031-07-01' });
    const positions = positionsFor(pharmacy, month('2031-07'));
    expect(positions.map((p) => [p.kind, p.amount])).toEqual([['credit', -Math.round((12_000 * 184) / 365)]]);
  });
});

/**
 * Months billed one after the other as the run bills them: on the 1st of the next month, with the
 * contract as the database holds it that day (a term change renews it in place on the new term's
 * first day) and its earlier terms read from the package positions invoiced before.
 */
function billRun(rowOn: (day: string) => BillableContract, months: readonly string[]): Map<string, BillingPosition[]> {
  const ledger: BilledPackage[] = [];
  const out = new Map<string, BillingPosition[]>();
  for (const m of months) {
    const period = month(m);
    const row = rowOn(addDays(period.to, 1));
    const positions = positionsFor({ ...row, earlierTerms: earlierTerms(ledger, row.startedOn) }, period);
    ledger.push(...positions.filter((p) => p.kind === 'package').map((p) => ({ from: p.periodFrom, to: p.periodTo, unitPrice: p.unitPrice, title: p.title })));
    out.set(m, positions);
  }
  return out;
}

/** The months from `first` to `last`, both included (YYYY-MM). */
function monthsFrom(first: string, last: string): string[] {
  const out: string[] = [];
  for (let m = first; m <= last; m = addDays(month(m).to, 1).slice(0, 7)) out.push(m);
  return out;
}

/** How often each day from `first` to `last` is billed by the positions (package: itemKey null). */
function timesBilled(bills: Map<string, BillingPosition[]>, itemKey: string | null, first: string, last: string): Map<number, string[]> {
  const count = new Map<string, number>();
  for (const p of [...bills.values()].flat()) {
    if (p.itemKey !== itemKey || p.kind === 'credit') continue;
    for (let d = p.periodFrom; d <= p.periodTo; d = addDays(d, 1)) count.set(d, (count.get(d) ?? 0) + 1);
  }
  const byTimes = new Map<number, string[]>();
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const n = count.get(d) ?? 0;
    byTimes.set(n, [...(byTimes.get(n) ?? []), d]);
  }
  return byTimes;
}

const onceEach = (bills: Map<string, BillingPosition[]>, itemKey: string | null, first: string, last: string) => [...timesBilled(bills, itemKey, first, last).keys()];
const summary = (positions: BillingPosition[] | undefined) => (positions ?? []).map((p) => [p.kind, p.itemKey, p.periodFrom, p.periodTo, p.amount]);

describe('earlier terms from what was invoiced', () => {
  it('reads the runs of equal positions as terms, each to the day before the next, the last to the day before the current term', () => {
    const billed: BilledPackage[] = [
      { from: '2031-02-01', to: '2031-02-28', unitPrice: 5900, title: 'Paket Basis' },
      { from: '2031-01-15', to: '2031-01-31', unitPrice: 5900, title: 'Paket Basis' },
      { from: '2031-03-01', to: '2031-03-31', unitPrice: 8900, title: 'Paket Full Service' },
      { from: '2031-04-15', to: '2032-04-14', unitPrice: 106_800, title: 'Paket Full Service' },
      { from: '2032-04-15', to: '2032-04-30', unitPrice: 8900, title: 'Paket Full Service' },
    ];
    expect(earlierTerms(billed, '2032-04-15')).toEqual([
      { runtime: 'month', basePrice: 5900, title: 'Paket Basis', from: '2031-01-15', to: '2031-02-28' },
      { runtime: 'month', basePrice: 8900, title: 'Paket Full Service', from: '2031-03-01', to: '2031-04-14' },
      { runtime: 'year', basePrice: 8900, title: 'Paket Full Service', from: '2031-04-15', to: '2032-04-14' },
    ]);
    expect(earlierTerms(billed, '2031-01-15')).toEqual([]);
    expect(earlierTerms(billed, null)).toEqual([]);
  });
});

describe('term change', () => {
  const fax = { itemKey: 'fax', title: 'Fax', interval: '1 month' as const, price: 1900, bookedOn: '2031-01-15', validTo: null };
  const backup = { itemKey: 'backup', title: 'Backup', interval: '12 months' as const, price: 11900, bookedOn: '2031-04-03', validTo: null };
  const webinar = { itemKey: 'webinar', title: 'Webinar', interval: 'once' as const, price: 9900, bookedOn: '2032-04-02', validTo: null };

  /** Monthly Basis from 15 January 2031; changed to yearly Full Service from 15 April 2032 (renewed in place that day). */
  const monthToYear = (day: string, after: Partial<BillableContract> = {}) =>
    day < '2032-04-15'
      ? contract({ startedOn: '2031-01-15', validFrom: '2032-03-15', validTo: '2032-04-14', items: [fax, backup, webinar] })
      : contract({ runtime: 'year', productType: 'premium', basePrice: 8900, startedOn: '2032-04-15', validFrom: '2032-04-15', validTo: '2033-04-14', items: [fax, backup, webinar], ...after });

  it('month → year: the monthly days before the change pro rata at the old price, the new year in advance from its first day, the options on', () => {
    const bills = billRun(monthToYear, monthsFrom('2031-01', '2032-05'));
    expect(summary(bills.get('2032-03'))).toEqual([
      ['package', null, '2032-03-01', '2032-03-31', 5900],
      ['option', 'fax', '2032-03-01', '2032-03-31', 1900],
    ]);
    expect(summary(bills.get('2032-04'))).toEqual([
      ['package', null, '2032-04-01', '2032-04-14', proRata(5900, 14, 30)],
      ['package', null, '2032-04-15', '2033-04-14', 12 * 8900],
      ['option', 'fax', '2032-04-01', '2032-04-30', 1900],
      ['option', 'backup', '2032-04-03', '2033-04-02', 11900],
      ['option', 'webinar', '2032-04-02', '2032-04-02', 9900],
    ]);
    expect(proRata(5900, 14, 30)).toBe(2753);
    expect(bills.get('2032-04')!.map((p) => p.title).slice(0, 2)).toEqual(['Paket Basis', 'Paket Full Service']);
    expect(bills.get('2032-04')![0]!.detail).toBe('anteilig 14 von 30 Tagen, 01.04.2032 – 14.04.2032');
    expect(summary(bills.get('2032-05'))).toEqual([['option', 'fax', '2032-05-01', '2032-05-31', 1900]]);
    // Every day of the package and of the monthly option from the start on once; no gap, no overlap.
    expect(onceEach(bills, null, '2031-01-15', '2033-04-14')).toEqual([1]);
    expect(onceEach(bills, 'fax', '2031-01-15', '2032-05-31')).toEqual([1]);
    expect(onceEach(bills, 'backup', '2031-04-03', '2033-04-02')).toEqual([1]);
  });

  it('month → year on the 1st: the last monthly month in full, billed after the renewal', () => {
    const row = (day: string) =>
      day < '2031-03-01'
        ? contract({ startedOn: '2031-01-01', validFrom: '2031-02-01', validTo: '2031-02-28' })
        : contract({ runtime: 'year', startedOn: '2031-03-01', validFrom: '2031-03-01', validTo: '2032-02-29' });
    const bills = billRun(row, monthsFrom('2031-01', '2031-04'));
    expect(summary(bills.get('2031-02'))).toEqual([['package', null, '2031-02-01', '2031-02-28', 5900]]);
    expect(summary(bills.get('2031-03'))).toEqual([['package', null, '2031-03-01', '2032-02-29', 12 * 5900]]);
    expect(summary(bills.get('2031-04'))).toEqual([]);
    expect(onceEach(bills, null, '2031-01-01', '2032-02-29')).toEqual([1]);
  });

  it('months billed late or out of order after the change still bill each day once', () => {
    const ledger = billRun(monthToYear, monthsFrom('2031-01', '2032-01'));
    const late = billRun(monthToYear, [...monthsFrom('2031-01', '2032-01'), '2032-04', '2032-02', '2032-03', '2032-05']);
    expect(summary(late.get('2032-02'))).toEqual([
      ['package', null, '2032-02-01', '2032-02-29', 5900],
      ['option', 'fax', '2032-02-01', '2032-02-29', 1900],
    ]);
    expect(summary(late.get('2032-04'))![0]).toEqual(['package', null, '2032-04-01', '2032-04-14', 2753]);
    expect(onceEach(late, null, '2031-01-15', '2033-04-14')).toEqual([1]);
    expect(ledger.size).toBe(13);
  });

  /** Yearly Basis from 10 March 2031; changed to monthly Full Service from 10 March 2032. */
  const yearToMonth = (day: string, after: Partial<BillableContract> = {}) =>
    day < '2032-03-10'
      ? contract({ runtime: 'year', startedOn: '2031-03-10', validFrom: '2031-03-10', validTo: '2032-03-09', items: [{ ...fax, bookedOn: '2031-05-01' }] })
      : contract({ runtime: 'month', productType: 'premium', basePrice: 8900, startedOn: '2032-03-10', validFrom: '2032-03-10', validTo: '2032-04-09', items: [{ ...fax, bookedOn: '2031-05-01' }], ...after });

  it('year → month: the year paid ahead to the day before the change, then monthly in arrears from its first day; the monthly option in full', () => {
    const bills = billRun(yearToMonth, monthsFrom('2031-03', '2032-04'));
    expect(summary(bills.get('2031-03'))).toEqual([['package', null, '2031-03-10', '2032-03-09', 12 * 5900]]);
    expect(summary(bills.get('2032-02'))).toEqual([['option', 'fax', '2032-02-01', '2032-02-29', 1900]]);
    expect(summary(bills.get('2032-03'))).toEqual([
      ['package', null, '2032-03-10', '2032-03-31', proRata(8900, 22, 31)],
      ['option', 'fax', '2032-03-01', '2032-03-31', 1900],
    ]);
    expect(summary(bills.get('2032-04'))).toEqual([
      ['package', null, '2032-04-01', '2032-04-30', 8900],
      ['option', 'fax', '2032-04-01', '2032-04-30', 1900],
    ]);
    expect(onceEach(bills, null, '2031-03-10', '2032-04-30')).toEqual([1]);
    expect(onceEach(bills, 'fax', '2031-05-01', '2032-04-30')).toEqual([1]);
  });

  it('cancelled after a change: month → year ends with the year paid, year → month with its last monthly day', () => {
    const toYear = billRun((day) => ({ ...monthToYear(day, { state: 'canceled', validTo: '2033-04-14' }), items: [fax] }), monthsFrom('2031-01', '2033-05'));
    expect(summary(toYear.get('2033-04'))).toEqual([['option', 'fax', '2033-04-01', '2033-04-14', proRata(1900, 14, 30)]]);
    expect(summary(toYear.get('2033-05'))).toEqual([]);
    expect(onceEach(toYear, null, '2031-01-15', '2033-04-14')).toEqual([1]);
    expect(onceEach(toYear, 'fax', '2031-01-15', '2033-04-14')).toEqual([1]);
    expect(timesBilled(toYear, 'fax', '2033-04-15', '2033-05-31').get(0)).toHaveLength(47);

    const toMonth = billRun((day) => yearToMonth(day, { state: 'canceled', validTo: '2032-05-09' }), monthsFrom('2031-03', '2032-06'));
    expect(summary(toMonth.get('2032-05'))).toEqual([
      ['package', null, '2032-05-01', '2032-05-09', proRata(8900, 9, 31)],
      ['option', 'fax', '2032-05-01', '2032-05-09', proRata(1900, 9, 31)],
    ]);
    expect(summary(toMonth.get('2032-06'))).toEqual([]);
    expect(onceEach(toMonth, null, '2031-03-10', '2032-05-09')).toEqual([1]);
  });

  it('a partner whose term changed after the takeover: its first day is the takeover day, the pharmacy pays to the day before', () => {
    // The home took the monthly contract over on 16 June 2031 and changed to yearly from 16 August.
    const partnerOn = (day: string) =>
      day < '2031-08-16'
        ? contract({ id: 'c2', type: 'ROLE_HOME', debtorId: 'H-1', startedOn: '2031-06-16', validFrom: '2031-07-16', validTo: '2031-08-15' })
        : contract({ id: 'c2', type: 'ROLE_HOME', debtorId: 'H-1', runtime: 'year', startedOn: '2031-08-16', validFrom: '2031-08-16', validTo: '2032-08-15' });
    const partner = billRun(partnerOn, monthsFrom('2031-06', '2031-09'));
    expect(summary(partner.get('2031-08'))).toEqual([
      ['package', null, '2031-08-01', '2031-08-15', proRata(5900, 15, 31)],
      ['package', null, '2031-08-16', '2032-08-15', 12 * 5900],
    ]);
    expect(onceEach(partner, null, '2031-06-16', '2032-08-15')).toEqual([1]);
    // What the repository reads for the pharmacy's contract: the partner's earliest term's first day.
    const ledger = [...partner.values()].flat().map((p) => ({ from: p.periodFrom, to: p.periodTo, unitPrice: p.unitPrice, title: p.title }));
    const takenOverOn = earlierTerms(ledger, '2031-08-16')[0]!.from;
    expect(takenOverOn).toBe('2031-06-16');
    const pharmacy = contract({ state: 'adoption', takenOverOn });
    expect(amounts(pharmacy, '2031-06')).toEqual([['package', null, proRata(5900, 15, 30)]]);
    expect(amounts(pharmacy, '2031-08')).toEqual([]);
  });
});

describe('totals', () => {
  it('19 % VAT on the net sum, whole cents', () => {
    expect(totals([5900, 1900])).toEqual({ net: 7800, vat: 1482, gross: 9282 });
    expect(totals([3235])).toEqual({ net: 3235, vat: 615, gross: 3850 });
    expect(totals([-7800])).toEqual({ net: -7800, vat: -1482, gross: -9282 });
  });
});
