/**
 * The monthly billing run walked through a whole year with the application's clock: a care home
 * paying a monthly contract from the 15th (pro rata, options of every interval, a SEPA mandate), a
 * practice paying yearly in advance, a home whose pharmacy-paid contract it takes over in June (the
 * debtor changes with the day of the takeover); numbers without gaps per year, a second run of a
 * month that creates nothing, runs at the same time, and refused input.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SchedulerRegistry } from '@nestjs/schedule';
import { and, asc, eq, sql } from 'drizzle-orm';
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
import { InvoicesJob } from './invoices.job.js';
import { binary } from './testing/invoice-fixtures.js';

let app: NestExpressApplication;
let database: Database;
let clock: Clock;
let databaseUrl: string | null;
let demo: Record<DemoUsername, AuthRecord>;
const party = { monthly: '', yearly: '', takeover: '', takeoverContract: '' };
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

/** The invoices of a month by debtor key, with their positions' amounts per contract option. */
async function billOf(month: string) {
  const rows = await database.select().from(invoices).where(and(eq(invoices.period, `${month}-01`), eq(invoices.kind, 'invoice'))).orderBy(asc(invoices.seq));
  const out: Record<string, { number: string; net: number; gross: number; directDebit: boolean; positions: [string, number][] }> = {};
  for (const row of rows) {
    const positions = await database.select().from(invoicePositions).where(eq(invoicePositions.invoiceId, row.id)).orderBy(asc(invoicePositions.sort));
    const key = row.debtorKey === 'pharma' ? 'pharma' : row.homeId === party.monthly ? 'monthly' : row.homeId === party.takeover ? 'takeover' : row.doctorId === party.yearly ? 'yearly' : row.debtorKey;
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
    expect(res.body).toMatchObject({ success: true, month: '2031-01', created: 2, numbers: ['RE-2031-000001', 'RE-2031-000002'], pdfs: 2, pdfFailures: 0, message: M.runCreated(2, '2031-01') });
    const bill = await billOf('2031-01');
    expect(bill.pharma).toMatchObject({ number: 'RE-2031-000001', net: 5900, gross: VAT(5900), positions: [['package', 5900]] });
    const monthly = [proRata(5900, 17, 31), proRata(1900, 17, 31), 11900];
    expect(bill.monthly).toMatchObject({ number: 'RE-2031-000002', directDebit: true, positions: [['package', monthly[0]], ['backup-archiv', 11900], ['fax-versand', monthly[1]]] });
    expect(bill.monthly!.net).toBe(monthly.reduce((a, b) => a + b, 0));
    expect(bill.yearly).toBeUndefined();
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
      at(dayAfter(month));
      expect((await run(month)).status).toBe(200);
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
    at('2031-08-01');
    expect((await run('2031-07')).status).toBe(200);
    const july = await billOf('2031-07');
    expect(july.pharma).toBeUndefined();
    expect(july.takeover!.positions).toEqual([['package', 5900]]);
  });

  it('November: while another run holds the lock the run answers 409 in German and writes nothing; afterwards it runs', async () => {
    for (const month of ['2031-08', '2031-09', '2031-10']) {
      at(dayAfter(month));
      expect((await run(month)).status).toBe(200);
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
});
