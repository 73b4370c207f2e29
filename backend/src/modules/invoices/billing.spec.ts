import { type BillableContract, billMonth, daysBetween, debtorOf, periodOf, positionsFor, previousMonth, proRata, totals } from './billing.js';

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

describe('totals', () => {
  it('19 % VAT on the net sum, whole cents', () => {
    expect(totals([5900, 1900])).toEqual({ net: 7800, vat: 1482, gross: 9282 });
    expect(totals([3235])).toEqual({ net: 3235, vat: 615, gross: 3850 });
    expect(totals([-7800])).toEqual({ net: -7800, vat: -1482, gross: -9282 });
  });
});
