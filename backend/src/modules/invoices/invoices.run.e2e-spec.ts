/**
 * The monthly billing run walked through a whole year with the application's clock: a care home
 * paying a monthly contract from the 15th (pro rata, options of every interval, a SEPA mandate), a
 * practice paying yearly in advance, a home whose pharmacy-paid contract it takes over in June (the
 * debtor changes with the day of the takeover); numbers without gaps per year, a second run of a
 * month that creates nothing, runs at the same time, and refused input. Then two homes that change
 * their term through the API: monthly to yearly and yearly to monthly, billed around the change,
 * and a home switching to yearly within its first month, before anything of it was invoiced.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SchedulerRegistry } from '@nestjs/schedule';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { INVOICE_MESSAGES as M, type InvoiceRunResponse } from '@mediport/contracts/invoices';
import { Clock } from '../../core/clock/clock.js';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { pdfText } from '../../core/pdf/testing/pdf-text.js';
import { contracts, invoiceCounters, invoicePositions, invoices, paymentMandates } from '../../db/schema/index.js';
import { type DemoUsername, loginAll, useTestApp } from '../../testing/test-app.js';
import { addContract, addDoctor, addHome, addUser } from '../contracts/testing/contract-fixtures.js';
import { proRata } from './billing.js';
import { InvoicePrinter } from './invoice-printer.js';
import { InvoicesJob } from './invoices.job.js';
import { binary } from '../../testing/binary.js';

let app: NestExpressApplication;
let database: Database;
let clock: Clock;
let databaseUrl: string | null;
let demo: Record<DemoUsername, AuthRecord>;
const party = { monthly: '', yearly: '', takeover: '', takeoverContract: '', toYear: '', toYearContract: '', toMonth: '', toMonthContract: '', firstMonth: '', firstMonthContract: '' };
let takeoverManager: AuthRecord;

const api = () => request(app.getHttpServer());
const run = (month: unknown, who: DemoUsername = 'admin') => api().post('/api/invoices/run').set('x-auth-token', demo[who].token).send({ month });

/** A German wall-clock time on `day` (YYYY-MM-DD); summer time from April to October. */
const at = (day: string, time = '03:30') => clock.set(`${day}T${time}:00${Number(day.slice(5, 7)) >= 4 && Number(day.slice(5, 7)) <= 10 ? '+02:00' : '+01:00'}`);

/** The first day of the month after `month`. */
const dayAfter = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The scheduled run's moment: 03:30 on the 1st after `month`, billing `month` (answer 200). */
async function runOnTheFirst(month: string): Promise<void> {
  at(dayAfter(month));
  expect((await run(month)).status).toBe(200);
}

/** The invoices of a month by debtor key, with their positions' amounts per contract option. */
async function billOf(month: string) {
  const rows = await database.select().from(invoices).where(and(eq(invoices.period, `${month}-01`), eq(invoices.kind, 'invoice'))).orderBy(asc(invoices.seq));
  const out: Record<string, { number: string; net: number; gross: number; directDebit: boolean; positions: [string, number][] }> = {};
  for (const row of rows) {
    const positions = await database.select().from(invoicePositions).where(eq(invoicePositions.invoiceId, row.id)).orderBy(asc(invoicePositions.sort));
    const homes: Record<string, string> = { [party.monthly]: 'monthly', [party.takeover]: 'takeover', [party.toYear]: 'toYear', [party.toMonth]: 'toMonth', [party.firstMonth]: 'firstMonth' };
    const key = row.debtorKey === 'pharma' ? 'pharma' : row.homeId && homes[row.homeId] ? homes[row.homeId]! : row.doctorId === party.yearly ? 'yearly' : row.debtorKey;
    out[key] = { number: row.number, net: row.netCents, gross: row.grossCents, directDebit: row.directDebit, positions: positions.map((p) => [p.itemKey ?? p.kind, p.amount]) };
  }
  return out;
}

useTestApp(async (booted) => {
  app = booted.app;
  databaseUrl = booted.db.url;
  database = app.get<Database>(DB, { strict: false });
  clock = app.get(Clock);
  demo = await loginAll(app);
  // A world of its own: no demo contracts or invoices.
  await database.delete(invoicePositions);
  await database.execute(sql`update ${invoices} set credit_note_id = null, cancels_id = null`);
  await database.delete(invoices);
  await database.delete(invoiceCounters);
  await database.delete(contracts);
  at('2031-01-02', '10:00');
  party.monthly = await addHome(app, 'Haus Monatlich');
  party.yearly = await addDoctor(app, 'Jährlich');
  party.takeover = await addHome(app, 'Haus Übernahme');
  takeoverManager = await addUser(app, { username: 'uebernahme.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: party.takeover });
  const booked = (day: string) => new Date(`${day}T09:00:00Z`);
  await addContract(app, {
    debtorId: 'H-MONAT',
    type: 'ROLE_HOME',
    homeId: party.monthly,
    runtime: 'month',
    startedOn: '2031-01-15',
    validFrom: '2031-01-15',
    validTo: '2031-02-14',
    basePrice: 5900,
    items: [
      { key: 'portal-zugang', interval: '1 month', price: 0, required: true, bookedAt: booked('2031-01-15') },
      { key: 'fax-versand', interval: '1 month', price: 1900, bookedAt: booked('2031-01-15') },
      { key: 'backup-archiv', interval: '12 months', price: 11900, bookedAt: booked('2031-01-15') },
      { key: 'webinar-einfuehrung', interval: 'once', price: 9900, bookedAt: booked('2031-02-10') },
    ],
  });
  await addContract(app, { debtorId: 'P-JAHR', type: 'ROLE_DOCTOR', doctorId: party.yearly, runtime: 'year', startedOn: '2031-03-01', validFrom: '2031-03-01', validTo: '2032-02-29', basePrice: 1000 });
  party.takeoverContract = await addContract(app, { debtorId: 'D-10001', type: 'ROLE_PHARMA', homeId: party.takeover, runtime: 'month', startedOn: '2031-01-01', validFrom: '2031-01-01', validTo: '2031-01-31', basePrice: 5900 });
  // The monthly home pays by direct debit.
  await database.insert(paymentMandates).values({ debtorKey: `home:${party.monthly}`, debtorType: 'homes', reference: 'MREF-MONAT-1', company: 'Haus Monatlich', email: 'info@haus-monatlich.de', ibanCipher: 'v1.test', bic: 'COBADEFFXXX', signedOn: '2031-01-10' });
});

const VAT = (net: number) => net + Math.round(net * 0.19);

describe('POST /api/invoices/run across a year', () => {
  it('requires sign-in and the run permission', async () => {
    at('2031-02-01');
    expect((await api().post('/api/invoices/run').send({ month: '2031-01' })).status).toBe(401);
    for (const who of ['buchhaltung', 'apotheke', 'heim'] as const) expect((await run('2031-01', who)).status).toBe(403);
    expect(await database.select().from(invoices)).toHaveLength(0);
  });

  const bad = [
    { title: 'a missing month', month: undefined, message: M.month },
    { title: 'month 13', month: '2031-13', message: M.month },
    { title: 'a month without its leading zero', month: '2031-1', message: M.month },
    { title: 'a day', month: '2031-01-01', message: M.month },
    { title: 'a number', month: 203101, message: M.month },
    { title: 'a list', month: ['2031-01'], message: M.month },
    { title: 'the running month', month: '2031-02', message: M.monthNotOver },
    { title: 'a month to come', month: '2031-05', message: M.monthNotOver },
  ];
  it.each(bad)('refuses $title with 400 and its German message, writing nothing', async ({ month, message }) => {
    at('2031-02-01');
    const res = await run(month);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'month', code: 'invalid', message }]);
    expect(await database.select().from(invoices)).toHaveLength(0);
  });

  it('January: the monthly home pro rata from the 15th with its options, paid by direct debit; the pharmacy its contract', async () => {
    at('2031-02-01');
    const res = await run('2031-01');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, month: '2031-01', created: 2, numbers: ['RE-2031-000001', 'RE-2031-000002'], printing: 2, message: M.runCreated(2, '2031-01') });
    const bill = await billOf('2031-01');
    expect(bill.pharma).toMatchObject({ number: 'RE-2031-000001', net: 5900, gross: VAT(5900), positions: [['package', 5900]] });
    const monthly = [proRata(5900, 17, 31), proRata(1900, 17, 31), 11900];
    expect(bill.monthly).toMatchObject({ number: 'RE-2031-000002', directDebit: true, positions: [['package', monthly[0]], ['backup-archiv', 11900], ['fax-versand', monthly[1]]] });
    expect(bill.monthly!.net).toBe(monthly.reduce((a, b) => a + b, 0));
    expect(bill.yearly).toBeUndefined();
    // The answer came before the prints: they finish in the background and are kept.
    await app.get(InvoicePrinter).idle();
    const printed = await database.select({ number: invoices.number, fileId: invoices.fileId }).from(invoices).where(inArray(invoices.number, res.body.numbers));
    expect(printed.map((p) => p.fileId).filter(Boolean)).toHaveLength(2);
    // The PDF of the direct-debit invoice.
    const [row] = await database.select().from(invoices).where(eq(invoices.number, 'RE-2031-000002'));
    const pdf = await binary(api().get(`/api/invoices/download/${row!.id}`).set('x-auth-token', demo.buchhaltung.token));
    const text = (await pdfText(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
    for (const expected of ['Rechnung', 'RE-2031-000002', 'Haus Monatlich', 'Januar 2031', 'anteilig 17 von 31 Tagen', 'Option fax-versand', 'Der Betrag wird per Lastschrift', 'eingezogen', 'Fällig am 15.02.2031', 'Nachweis']) expect(text).toContain(expected);
  });

  it('running the same month again creates nothing', async () => {
    const before = await database.select({ id: invoices.id }).from(invoices);
    const again = await run('2031-01');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: 0, numbers: [], message: M.runNothing('2031-01') });
    expect(await database.select({ id: invoices.id }).from(invoices)).toHaveLength(before.length);
  });

  it('February to May: the once option in its month, the yearly contract in advance in March only', async () => {
    for (const month of ['2031-02', '2031-03', '2031-04', '2031-05']) {
      await runOnTheFirst(month);
    }
    expect((await billOf('2031-02')).monthly!.positions).toEqual([['package', 5900], ['fax-versand', 1900], ['webinar-einfuehrung', 9900]]);
    const march = await billOf('2031-03');
    expect(march.monthly!.positions).toEqual([['package', 5900], ['fax-versand', 1900]]);
    expect(march.yearly).toMatchObject({ net: 12_000, positions: [['package', 12_000]] });
    expect((await billOf('2031-04')).yearly).toBeUndefined();
    expect(Object.keys(await billOf('2031-05')).sort()).toEqual(['monthly', 'pharma']);
  });

  it('June: the home takes its contract over on the 16th; the pharmacy pays to the 15th, the home from the 16th', async () => {
    at('2031-06-16', '10:00');
    expect((await api().post(`/api/contracts/${party.takeoverContract}/adoption`).set('x-auth-token', takeoverManager.token).send({})).status).toBe(200);
    expect((await api().put(`/api/contracts/${party.takeoverContract}/adoption/accept`).set('x-auth-token', demo.apotheke.token).send({})).status).toBe(200);
    at('2031-07-01');
    expect((await run('2031-06')).body.created).toBe(3);
    const june = await billOf('2031-06');
    expect(june.pharma!.positions).toEqual([['package', proRata(5900, 15, 30)]]);
    expect(june.takeover!.positions).toEqual([['package', proRata(5900, 15, 30)]]);
    const [takeoverInvoice] = await database.select().from(invoices).where(eq(invoices.number, june.takeover!.number));
    expect(takeoverInvoice).toMatchObject({ debtorType: 'homes', homeId: party.takeover, debtorName: 'Haus Übernahme' });
    await runOnTheFirst('2031-07');
    const july = await billOf('2031-07');
    expect(july.pharma).toBeUndefined();
    expect(july.takeover!.positions).toEqual([['package', 5900]]);
  });

  it('November: while another run holds the lock the run answers 409 in German and writes nothing; afterwards it runs', async () => {
    for (const month of ['2031-08', '2031-09', '2031-10']) {
      await runOnTheFirst(month);
    }
    at('2031-12-01');
    if (databaseUrl) {
      const holder = new pg.Client({ connectionString: databaseUrl });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query(`select pg_advisory_xact_lock(hashtext('mediport:invoice-run'))`);
        const refused = await run('2031-11');
        expect(refused.status).toBe(409);
        expect(refused.body.errors).toEqual([{ code: 'conflict', message: M.runBusy }]);
        expect(await billOf('2031-11')).toEqual({});
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
    }
    expect((await run('2031-11')).body.created).toBe(2);
  });

  it('December: two runs at once make the month’s invoices once, the other answers 409 or finds nothing left', async () => {
    at('2032-01-01');
    const [a, b] = await Promise.all([run('2031-12'), run('2031-12')]);
    const answers = [a, b].map((r) => ({ status: r.status, created: (r.body as InvoiceRunResponse).created ?? null }));
    expect(answers.filter((r) => r.status === 200 && r.created === 2)).toHaveLength(1);
    const other = answers.find((r) => !(r.status === 200 && r.created === 2))!;
    expect(other.status === 409 || (other.status === 200 && other.created === 0)).toBe(true);
    if (other.status === 409) expect([a, b].find((r) => r.status === 409)!.body.errors[0].message).toBe(M.runBusy);
    // Issued on 1 January 2032: the new year's numbers start at 1.
    expect(Object.values(await billOf('2031-12')).map((i) => i.number).sort()).toEqual(['RE-2032-000001', 'RE-2032-000002']);
  });

  it('numbers every year without gaps, one invoice per debtor and month', async () => {
    const rows = await database.select({ year: invoices.year, seq: invoices.seq, number: invoices.number }).from(invoices).orderBy(asc(invoices.year), asc(invoices.seq));
    const of2031 = rows.filter((r) => r.year === 2031).map((r) => r.seq);
    expect(of2031).toEqual(of2031.map((_, i) => i + 1));
    expect(rows.every((r) => r.number === `RE-${r.year}-${String(r.seq).padStart(6, '0')}`)).toBe(true);
    // Jan–May: pharmacy + monthly home (+ the practice in March); June three; July–Dec the two homes.
    expect(of2031).toHaveLength(2 * 5 + 1 + 3 + 2 * 5);
    const [counter] = await database.select().from(invoiceCounters).where(eq(invoiceCounters.year, 2031));
    expect(counter!.last).toBe(of2031.length);
  });

  it('the scheduled job (1st of the month, 03:00 German time) bills the month before', async () => {
    const job = app.get(SchedulerRegistry).getCronJob('invoices-monthly');
    expect(String(job.cronTime.source)).toBe('0 3 1 * *');
    expect((job.cronTime as unknown as { timeZone?: string; tz?: string }).timeZone ?? (job.cronTime as unknown as { zone?: string }).zone).toBe('Europe/Berlin');
    at('2032-02-01', '03:00');
    await app.get(InvoicesJob).run();
    const january = await billOf('2032-01');
    expect(Object.keys(january).sort()).toEqual(['monthly', 'takeover']);
    expect(january.monthly!.positions).toEqual([['package', 5900], ['backup-archiv', 11900], ['fax-versand', 1900]]);
  });

  it('the nightly catch-up (04:30 German time) prints the invoices left without a PDF for over an hour, not younger ones', async () => {
    const job = app.get(SchedulerRegistry).getCronJob('invoices-print-catch-up');
    expect(String(job.cronTime.source)).toBe('30 4 * * *');
    at('2032-02-02', '04:30');
    const now = clock.now().getTime();
    // Two of January's invoices lost their print: one written two hours ago, one ten minutes ago.
    const [old, young] = await database.select({ id: invoices.id }).from(invoices).where(eq(invoices.period, '2032-01-01')).orderBy(asc(invoices.number));
    await database.update(invoices).set({ fileId: null, createdAt: new Date(now - 2 * 3_600_000) }).where(eq(invoices.id, old!.id));
    await database.update(invoices).set({ fileId: null, createdAt: new Date(now - 10 * 60_000) }).where(eq(invoices.id, young!.id));
    const result = await app.get(InvoicesJob).printCatchUp();
    expect(result.failed).toBe(0);
    expect(result.printed).toBeGreaterThanOrEqual(1);
    const fileOf = async (id: string) => (await database.select({ fileId: invoices.fileId }).from(invoices).where(eq(invoices.id, id)))[0]!.fileId;
    expect(await fileOf(old!.id)).not.toBeNull();
    expect(await fileOf(young!.id)).toBeNull();
  });
});

/** The package positions of a home's invoices, oldest first: period, unit price, amount, title. */
async function packagesOf(homeId: string) {
  const rows = await database
    .select({ from: invoicePositions.periodFrom, to: invoicePositions.periodTo, unitPrice: invoicePositions.unitPrice, amount: invoicePositions.amount, title: invoicePositions.title })
    .from(invoicePositions)
    .innerJoin(invoices, eq(invoices.id, invoicePositions.invoiceId))
    .where(and(eq(invoices.homeId, homeId), eq(invoicePositions.kind, 'package')))
    .orderBy(asc(invoicePositions.periodFrom));
  return rows.map((r) => [r.from, r.to, r.unitPrice, r.amount, r.title]);
}

describe('POST /api/invoices/run across a term change made through the API', () => {
  let toYearManager: AuthRecord;
  let toMonthManager: AuthRecord;
  const change = (who: AuthRecord, id: string, runtime: 'month' | 'year', type: 'basic' | 'premium') =>
    api().put(`/api/contracts/${id}`).set('x-auth-token', who.token).send({ action: 'runtime_change', product: { runtime, type } });

  it('February 2032: a home monthly from the 10th and a home yearly from the 12th, each with a monthly option', async () => {
    at('2032-02-05', '10:00');
    party.toYear = await addHome(app, 'Haus Jahreswechsel');
    party.toMonth = await addHome(app, 'Haus Monatswechsel');
    toYearManager = await addUser(app, { username: 'jahreswechsel.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: party.toYear });
    toMonthManager = await addUser(app, { username: 'monatswechsel.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: party.toMonth });
    const options = (day: string) => [
      { key: 'portal-zugang', interval: '1 month' as const, price: 0, required: true, bookedAt: new Date(`${day}T09:00:00Z`) },
      { key: 'fax-versand', interval: '1 month' as const, price: 1900, bookedAt: new Date(`${day}T09:00:00Z`) },
    ];
    party.toYearContract = await addContract(app, { debtorId: 'H-JWECHSEL', type: 'ROLE_HOME', homeId: party.toYear, runtime: 'month', startedOn: '2032-02-10', validFrom: '2032-02-10', validTo: '2032-03-09', basePrice: 5900, items: options('2032-02-10') });
    party.toMonthContract = await addContract(app, { debtorId: 'H-MWECHSEL', type: 'ROLE_HOME', homeId: party.toMonth, runtime: 'year', startedOn: '2032-02-12', validFrom: '2032-02-12', validTo: '2033-02-11', basePrice: 5900, items: options('2032-02-12') });
    await runOnTheFirst('2032-02');
    const february = await billOf('2032-02');
    expect(february.toYear!.positions).toEqual([['package', 4069], ['fax-versand', 1310]]);
    expect([proRata(5900, 20, 29), proRata(1900, 20, 29)]).toEqual([4069, 1310]);
    expect(february.toMonth!.positions).toEqual([['package', 70_800], ['fax-versand', 1179]]);
    expect(proRata(1900, 18, 29)).toBe(1179);
  });

  it('month → year: changed on 20 March to yearly Full Service from 10 April; April bills the 9 monthly days pro rata, the year in advance from the 10th, the option in full', async () => {
    at('2032-03-20', '10:00');
    const changed = await change(toYearManager, party.toYearContract, 'year', 'premium');
    expect(changed.status).toBe(200);
    expect(changed.body.contract.nextContract).toEqual({ product: { runtime: 'year', type: 'premium' }, validFrom: '10.04.2032', validTo: '09.04.2033', basePrice: 8900 });
    await runOnTheFirst('2032-03');
    expect((await billOf('2032-03')).toYear!.positions).toEqual([['package', 5900], ['fax-versand', 1900]]);

    await runOnTheFirst('2032-04');
    const renewed = await api().get(`/api/contracts/${party.toYearContract}`).set('x-auth-token', toYearManager.token);
    expect(renewed.body).toMatchObject({ runtime: 'year', product: { runtime: 'year', type: 'premium' }, validFrom: '10.04.2032', validTo: '09.04.2033', basePrice: 8900 });
    const april = (await billOf('2032-04')).toYear!;
    expect(april.positions).toEqual([['package', 1770], ['package', 106_800], ['fax-versand', 1900]]);
    expect(proRata(5900, 9, 30)).toBe(1770);
    expect(april).toMatchObject({ net: 110_470, gross: 131_459 });
    // The package's days from the start on, each once: monthly in arrears to 9 April, the year from the 10th.
    expect(await packagesOf(party.toYear)).toEqual([
      ['2032-02-10', '2032-02-29', 5900, 4069, 'Paket Basis'],
      ['2032-03-01', '2032-03-31', 5900, 5900, 'Paket Basis'],
      ['2032-04-01', '2032-04-09', 5900, 1770, 'Paket Basis'],
      ['2032-04-10', '2033-04-09', 106_800, 106_800, 'Paket Full Service'],
    ]);
    await runOnTheFirst('2032-05');
    expect((await billOf('2032-05')).toYear!.positions).toEqual([['fax-versand', 1900]]);
  });

  it('year → month: changed in November to monthly from 12 February 2033; February bills monthly from the 12th, the option in full, no day twice', async () => {
    at('2032-11-20', '10:00');
    const changed = await change(toMonthManager, party.toMonthContract, 'month', 'basic');
    expect(changed.status).toBe(200);
    expect(changed.body.contract.nextContract).toMatchObject({ product: { runtime: 'month', type: 'basic' }, validFrom: '12.02.2033', validTo: '11.03.2033' });
    await runOnTheFirst('2033-01');
    expect((await billOf('2033-01')).toMonth!.positions).toEqual([['fax-versand', 1900]]);

    await runOnTheFirst('2033-02');
    const february = (await billOf('2033-02')).toMonth!;
    expect(february.positions).toEqual([['package', 3582], ['fax-versand', 1900]]);
    expect(proRata(5900, 17, 28)).toBe(3582);
    expect(february).toMatchObject({ net: 5482, gross: 6524 });
    await runOnTheFirst('2033-03');
    expect((await billOf('2033-03')).toMonth!.positions).toEqual([['package', 5900], ['fax-versand', 1900]]);
    expect(await packagesOf(party.toMonth)).toEqual([
      ['2032-02-12', '2033-02-11', 70_800, 70_800, 'Paket Basis'],
      ['2033-02-12', '2033-02-28', 5900, 3582, 'Paket Basis'],
      ['2033-03-01', '2033-03-31', 5900, 5900, 'Paket Basis'],
    ]);
    // The yearly home's new year in advance in April, nothing of the monthly part again.
    await runOnTheFirst('2033-04');
    expect((await billOf('2033-04')).toYear!.positions).toEqual([['package', 106_800], ['fax-versand', 1900]]);
  });

  it('month → year within the first month, before any invoice: the monthly June from the 1st, then the year from 1 July, each once', async () => {
    at('2033-05-20', '10:00');
    party.firstMonth = await addHome(app, 'Haus Erstmonat');
    const manager = await addUser(app, { username: 'erstmonat.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: party.firstMonth });
    const bookedAt = new Date('2033-06-01T09:00:00Z');
    party.firstMonthContract = await addContract(app, {
      debtorId: 'H-ERSTMONAT',
      type: 'ROLE_HOME',
      homeId: party.firstMonth,
      runtime: 'month',
      startedOn: '2033-06-01',
      validFrom: '2033-06-01',
      validTo: '2033-06-30',
      basePrice: 5900,
      items: [
        { key: 'portal-zugang', interval: '1 month', price: 0, required: true, bookedAt },
        { key: 'fax-versand', interval: '1 month', price: 1900, bookedAt },
      ],
    });
    at('2033-06-10', '10:00');
    const changed = await change(manager, party.firstMonthContract, 'year', 'premium');
    expect(changed.status).toBe(200);
    expect(changed.body.contract.nextContract).toMatchObject({ product: { runtime: 'year', type: 'premium' }, validFrom: '01.07.2033', validTo: '30.06.2034' });
    // The run renews the contract first: on 1 July it is yearly already, and June was never invoiced.
    await runOnTheFirst('2033-06');
    expect((await billOf('2033-06')).firstMonth!.positions).toEqual([['package', 5900], ['fax-versand', 1900]]);
    await runOnTheFirst('2033-07');
    expect((await billOf('2033-07')).firstMonth!.positions).toEqual([['package', 106_800], ['fax-versand', 1900]]);
    expect(await packagesOf(party.firstMonth)).toEqual([
      ['2033-06-01', '2033-06-30', 5900, 5900, 'Paket Basis'],
      ['2033-07-01', '2034-06-30', 106_800, 106_800, 'Paket Full Service'],
    ]);
    await runOnTheFirst('2033-08');
    expect((await billOf('2033-08')).firstMonth!.positions).toEqual([['fax-versand', 1900]]);
  });
  it("the pharmacy's own contract: an archive option booked on it keeps nothing and is not billed, its other options are", async () => {
    at('2033-08-20', '10:00');
    const bookedAt = new Date('2033-09-01T09:00:00Z');
    await addContract(app, {
      debtorId: 'D-10001',
      type: 'ROLE_PHARMA',
      runtime: 'month',
      startedOn: '2033-09-01',
      validFrom: '2033-09-01',
      validTo: '2033-09-30',
      basePrice: 5900,
      items: [
        { key: 'zusatz-nutzer', interval: '1 month', price: 1500, bookedAt },
        { key: 'backup-archiv', interval: '12 months', price: 11900, bookedAt },
      ],
    });
    await runOnTheFirst('2033-09');
    expect((await billOf('2033-09')).pharma!.positions).toEqual([['package', 5900], ['zusatz-nutzer', 1500]]);
  });
});
