import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { SEPA_MESSAGES } from '@mediport/contracts/payment';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { doctors, homes, invoices, paymentMandates, sepaExports, sepaSubmissions, settings } from '../../db/schema/index.js';
import { loginAll, type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { addHome, addUser, databaseOf } from '../contracts/testing/contract-fixtures.js';
import { previousMonth } from '../invoices/billing.js';
import { buildPain008, centsToDecimal, xmlEscape } from './pain008.js';
import { DEMO_MANDATE_HOME } from './payment.seed.js';
import { insertInvoice } from './testing/invoice-fixture.js';

/**
 * The direct-debit export. Every file the export answers is validated with xmllint against
 * testing/pain.008.001.08.subset.xsd (ISO 20022 pain.008.001.08 for the elements the export writes;
 * see the comment at its top).
 */
const XSD = path.join(__dirname, 'testing', 'pain.008.001.08.subset.xsd');

let app: NestExpressApplication;
let users: Record<DemoUsername, AuthRecord>;
let heimLeitung: AuthRecord;
let praxisLeitung: AuthRecord;
let heimBuchhalter: AuthRecord;
let specialLeitung: AuthRecord;
const ids = { home: '', doctor: '', special: '', revoked: '' };
const MONTH = '2030-05';
const PERIOD = `${MONTH}-01`;
const api = () => request(app.getHttpServer());
const db = () => databaseOf(app);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mediport-sepa-'));

/** xmllint's verdict on a document: '' when valid, else its messages. */
function xsdErrors(xml: string): string {
  const file = path.join(tmp, `doc-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', XSD, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const monthsOf = async (caller: AuthRecord) => {
  const res = await api().get('/api/invoices/sepa/months').set('x-auth-token', caller.token);
  expect(res.status).toBe(200);
  return res.body as { month: string; invoices: number; amountCents: number }[];
};
const text = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
const exportMonth = (caller: AuthRecord, month = MONTH) =>
  api()
    .get(`/api/invoices/sepa?month=${month}`)
    .set('x-auth-token', caller.token)
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => done(null, body));
    });

useTestApp(async (booted) => {
  app = booted.app;
  users = await loginAll(app);
  ids.home = (await db().select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein')))[0]!.id;
  ids.doctor = (await db().select({ id: doctors.id }).from(doctors).where(eq(doctors.lastname, 'Berger')))[0]!.id;
  ids.special = await addHome(app, 'Haus Sonderzeichen');
  await db().update(homes).set({ company: 'Müller & Söhne <Pflege> "GmbH" – Sankt-Jürgen\'s' }).where(eq(homes.id, ids.special));
  ids.revoked = await addHome(app, 'Haus Widerruf');
  await db().update(homes).set({ company: 'Widerruf GmbH' }).where(eq(homes.id, ids.revoked));
  heimLeitung = await addUser(app, { username: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: ids.home });
  praxisLeitung = await addUser(app, { username: 'praxis.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: ids.doctor });
  heimBuchhalter = await addUser(app, { username: 'heim.buchhalter', roles: ['ROLE_HOME', 'ROLE_ACCOUNTING'], homeId: ids.home });
  specialLeitung = await addUser(app, { username: 'sonder.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: ids.special });
  const revokedLeitung = await addUser(app, { username: 'widerruf.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: ids.revoked });

  const grant = async (who: AuthRecord, iban: string, bic: string) => {
    const res = await api().put(`/api/users/${who.user._id}/paymentData`).set('x-auth-token', who.token).send({ mandate: true, iban, bic });
    expect(res.status).toBe(200);
  };
  await grant(heimLeitung, 'DE89 3704 0044 0532 0130 00', 'COBADEFFXXX');
  // A practice that gives no BIC: its bank is named by IBAN only.
  await grant(praxisLeitung, 'DE02 1203 0000 0000 2020 51', '');
  await grant(specialLeitung, 'AT61 1904 3002 3457 3201', 'BKAUATWW');
  await grant(revokedLeitung, 'NL91 ABNA 0417 1643 00', 'ABNANL2A');
  await api().put(`/api/users/${revokedLeitung.user._id}/paymentData`).set('x-auth-token', revokedLeitung.token).send({ mandate: false });
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('GET /api/invoices/sepa', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/invoices/sepa?month=${MONTH}`)).status).toBe(401);
  });

  it.each([
    { title: 'a home manager', who: () => heimLeitung },
    { title: 'the pharmacy manager', who: () => users.apotheke },
    { title: 'the driver', who: () => users.fahrer },
  ])('refuses $title (no invoice_sepa_export_view) with 403', async ({ who }) => {
    expect((await exportMonth(who())).status).toBe(403);
    expect((await api().get('/api/invoices/sepa/months').set('x-auth-token', who().token)).status).toBe(403);
  });

  it.each(['2030-13', '2030-5', '30-05', 'Mai', '', '2030-05-01'])('refuses the month "%s" with 400 and a German message', async (month) => {
    const res = await api().get(`/api/invoices/sepa?month=${encodeURIComponent(month)}`).set('x-auth-token', users.buchhaltung.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'month', code: 'invalid', message: SEPA_MESSAGES.monthInvalid }]);
  });

  it('answers 409 while the settings lack the creditor identifier, and exports nothing', async () => {
    await db().update(settings).set({ creditorId: '' }).where(eq(settings.id, 1));
    try {
      await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', period: '2030-01-01', grossCents: 100 });
      const res = await api().get('/api/invoices/sepa?month=2030-01').set('x-auth-token', users.buchhaltung.token);
      expect(res.status).toBe(409);
      expect(res.body.errors[0].message).toBe(SEPA_MESSAGES.creditorMissing);
      expect(await db().select().from(sepaSubmissions)).toEqual([]);
    } finally {
      await db().update(settings).set({ creditorId: 'DE98ZZZ09999999999' }).where(eq(settings.id, 1));
    }
  });

  describe('an export of a month', () => {
    const expected: Record<string, string> = {};

    beforeAll(async () => {
      // Collected: three debtors with a mandate (one with special characters in its name).
      expected.home = (await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', period: PERIOD, grossCents: 7021, status: 'open', dueOn: '2030-06-15' })).number;
      expected.doctor = (await insertInvoice(db(), { debtor: { type: 'doctors', doctorId: ids.doctor }, name: 'Dr. Anna Berger', period: PERIOD, grossCents: 1190, dueOn: '2030-06-15' })).number;
      expected.special = (await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.special }, name: 'Haus Sonderzeichen', period: PERIOD, grossCents: 100_001, dueOn: '2030-06-20' })).number;
      // Not collected: no mandate (the pharmacy), a revoked mandate, already paid, a credit note, another month.
      expected.pharmacy = (await insertInvoice(db(), { debtor: { type: 'pharma' }, name: 'Apotheke am Markt', period: PERIOD, grossCents: 5000 })).number;
      expected.revoked = (await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.revoked }, name: 'Haus Widerruf', period: PERIOD, grossCents: 5000 })).number;
      const paidHome = await addHome(app, 'Haus Bezahlt');
      expected.paid = (await insertInvoice(db(), { debtor: { type: 'homes', homeId: paidHome }, name: 'Haus Bezahlt', period: PERIOD, grossCents: 5000, status: 'paid' })).number;
      expected.credit = (await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', period: PERIOD, grossCents: -7021, kind: 'credit_note', status: 'canceled' })).number;
      expected.otherMonth = (await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', period: '2030-06-01', grossCents: 7021 })).number;
      app.get(Clock).set('2030-06-03T09:00:00+02:00');
    });

    afterAll(() => app.get(Clock).reset());

    let xml = '';

    it('offers the months with invoices to collect, newest first, with their count and gross sum', async () => {
      const months = await monthsOf(users.buchhaltung);
      expect(months.map((m) => m.month)).toEqual([...months.map((m) => m.month)].sort().reverse());
      expect(months).toEqual(expect.arrayContaining([{ month: MONTH, invoices: 3, amountCents: 7021 + 1190 + 100_001 }, { month: '2030-06', invoices: 1, amountCents: 7021 }]));
    });

    it('answers a pain.008.001.08 file that is valid against the XSD', async () => {
      const res = await exportMonth(users.buchhaltung);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toContain(`attachment; filename="lastschriften_${MONTH}.xml"`);
      xml = res.body as string;
      expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"');
      expect(xsdErrors(xml)).toBe('');
    });

    it('holds exactly the open invoices of the month whose debtors hold an active mandate', () => {
      expect(text(xml, 'EndToEndId').sort()).toEqual([expected.home, expected.doctor, expected.special].sort());
    });

    it('counts and sums per group and for the whole file', () => {
      expect(text(xml, 'NbOfTxs')[0]).toBe('3');
      expect(text(xml, 'CtrlSum')[0]).toBe('1082.12');
      const blocks = xml.split('<PmtInf>').slice(1);
      let sum = 0;
      for (const block of blocks) {
        const amounts = text(block, 'InstdAmt').map((a) => Math.round(Number(a) * 100));
        expect(text(block, 'NbOfTxs')[0]).toBe(String(amounts.length));
        expect(text(block, 'CtrlSum')[0]).toBe(centsToDecimal(amounts.reduce((n, a) => n + a, 0)));
        sum += amounts.reduce((n, a) => n + a, 0);
      }
      expect(sum).toBe(7021 + 1190 + 100_001);
      expect(xml).toContain('<InstdAmt Ccy="EUR">1000.01</InstdAmt>');
    });

    it('names the creditor from the settings and each mandate with its reference and signing date, first collection FRST', async () => {
      expect(text(xml, 'Id')).toContain('DE98ZZZ09999999999');
      expect(xml).toContain('<CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></CdtrAcct>');
      expect(xml).toContain('<SeqTp>FRST</SeqTp>');
      expect(xml).not.toContain('<SeqTp>RCUR</SeqTp>');
      const mandates = await db().select().from(paymentMandates).where(inArray(paymentMandates.debtorKey, [`home:${ids.home}`, `doctor:${ids.doctor}`, `home:${ids.special}`]));
      for (const m of mandates.filter((r) => r.revokedAt === null)) {
        expect(xml).toContain(`<MndtRltdInf><MndtId>${m.reference}</MndtId><DtOfSgntr>${m.signedOn}</DtOfSgntr></MndtRltdInf>`);
      }
      expect(xml).toContain('<DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>');
      expect(xml).toContain('<DbtrAgt><FinInstnId><BICFI>COBADEFFXXX</BICFI></FinInstnId></DbtrAgt>');
      // The practice gave no BIC.
      expect(xml).toContain('<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>');
    });

    it('escapes the XML special characters of names', () => {
      expect(xml).toContain('<Dbtr><Nm>Müller &amp; Söhne &lt;Pflege&gt; &quot;GmbH&quot; – Sankt-Jürgen&apos;s</Nm></Dbtr>');
    });

    it('asks for collection on the due date, and not earlier than two working days after the export', () => {
      expect(text(xml, 'ReqdColltnDt').sort()).toEqual(['2030-06-15', '2030-06-20']);
    });

    it('marks the invoices submitted and pending, keeps the file and moves the mandates to RCUR', async () => {
      const rows = await db().select({ number: invoices.number, status: invoices.status }).from(invoices).where(eq(invoices.period, PERIOD));
      const status = Object.fromEntries(rows.map((r) => [r.number, r.status]));
      expect(status[expected.home!]).toBe('pending');
      expect(status[expected.doctor!]).toBe('pending');
      expect(status[expected.pharmacy!]).toBe('unread');
      expect(status[expected.paid!]).toBe('paid');
      const [kept] = await db().select().from(sepaExports).where(eq(sepaExports.month, MONTH));
      expect(kept).toMatchObject({ transactions: 3, controlSumCents: 108_212, xml });
      expect(await db().select().from(sepaSubmissions).where(eq(sepaSubmissions.exportId, kept!.id))).toHaveLength(3);
      const [mandate] = await db().select().from(paymentMandates).where(eq(paymentMandates.debtorKey, `home:${ids.home}`));
      expect(mandate).toMatchObject({ sequenceType: 'RCUR' });
    });

    it('a second export of the same month contains none of them: 404 with a German message', async () => {
      const res = await exportMonth(users.buchhaltung);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body as string).errors[0].message).toBe(SEPA_MESSAGES.nothingToExport);
      // Nor is the month offered any more.
      expect((await monthsOf(users.buchhaltung)).map((m) => m.month)).not.toContain(MONTH);
    });

    it('an invoice set back to open after the export is not collected again', async () => {
      await db().update(invoices).set({ status: 'open' }).where(eq(invoices.number, expected.home!));
      expect((await exportMonth(users.buchhaltung)).status).toBe(404);
    });

    it('the next month collects the same mandate as RCUR', async () => {
      const res = await exportMonth(users.buchhaltung, '2030-06');
      expect(res.status).toBe(200);
      expect(xsdErrors(res.body as string)).toBe('');
      expect(text(res.body as string, 'EndToEndId')).toEqual([expected.otherMonth]);
      expect(res.body as string).toContain('<SeqTp>RCUR</SeqTp>');
    });
  });

  it('accounting together with Heim exports only that home’s invoices', async () => {
    const other = await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.special }, name: 'Haus Sonderzeichen', period: '2030-08-01', grossCents: 2000 });
    const own = await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', period: '2030-08-01', grossCents: 3000 });
    expect((await monthsOf(heimBuchhalter)).find((m) => m.month === '2030-08')).toEqual({ month: '2030-08', invoices: 1, amountCents: 3000 });
    expect((await monthsOf(users.buchhaltung)).find((m) => m.month === '2030-08')).toEqual({ month: '2030-08', invoices: 2, amountCents: 5000 });
    const res = await exportMonth(heimBuchhalter, '2030-08');
    expect(res.status).toBe(200);
    expect(text(res.body as string, 'EndToEndId')).toEqual([own.number]);
    // The administrator exports the rest.
    const admin = await exportMonth(users.admin, '2030-08');
    expect(text(admin.body as string, 'EndToEndId')).toEqual([other.number]);
  });

  it('two exports of a month at once collect each invoice once', async () => {
    const a = await insertInvoice(db(), { debtor: { type: 'homes', homeId: ids.home }, name: 'Haus Sonnenschein', period: '2030-09-01', grossCents: 3000 });
    const b = await insertInvoice(db(), { debtor: { type: 'doctors', doctorId: ids.doctor }, name: 'Dr. Anna Berger', period: '2030-09-01', grossCents: 1190 });
    const answers = await Promise.all([exportMonth(users.buchhaltung, '2030-09'), exportMonth(users.buchhaltung, '2030-09')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404]);
    const file = answers.find((r) => r.status === 200)!.body as string;
    expect(text(file, 'EndToEndId').sort()).toEqual([a.number, b.number].sort());
  });
  it('the demo data: the home that pays by direct debit has its last billed month ready to export', async () => {
    const month = previousMonth(berlinDate(new Date()));
    const [home] = await db().select({ id: homes.id, company: homes.company }).from(homes).where(eq(homes.name, DEMO_MANDATE_HOME));
    const [mandate] = await db().select().from(paymentMandates).where(eq(paymentMandates.homeId, home!.id));
    expect(mandate).toMatchObject({ company: home!.company, bic: 'COBADEFFXXX', sequenceType: 'FRST', revokedAt: null });
    expect(mandate!.ibanCipher).not.toContain('DE89');
    expect(mandate!.signedOn < `${month}-01`).toBe(true);
    expect((await monthsOf(users.buchhaltung)).find((m) => m.month === month)?.invoices).toBeGreaterThanOrEqual(1);
    const res = await exportMonth(users.buchhaltung, month);
    expect(res.status).toBe(200);
    expect(xsdErrors(res.body as string)).toBe('');
    expect(text(res.body as string, 'Nm')).toContain(home!.company);
    expect(text(res.body as string, 'IBAN')).toContain('DE89370400440532013000');
    expect(text(res.body as string, 'MndtId')).toEqual([mandate!.reference]);
  });
});

describe('the pain.008 document', () => {
  const creditor = { name: 'Apotheke am Markt', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', creditorId: 'DE98ZZZ09999999999' };
  const tx = (n: number, extra: Partial<Parameters<typeof buildPain008>[0]['transactions'][number]> = {}) => ({
    endToEndId: `RE-2030-${String(n).padStart(6, '0')}`,
    amountCents: 100 * n + 1,
    mandateId: `MP-20300101-${n}`,
    signedOn: '2030-01-01',
    debtorName: `Schuldner ${n}`,
    debtorIban: 'DE89370400440532013000',
    debtorBic: 'COBADEFFXXX',
    remittance: `Rechnung ${n}`,
    sequenceType: 'FRST' as const,
    collectionDate: '2030-02-01',
    ...extra,
  });

  it('is valid with FRST and RCUR groups on several dates', () => {
    const xml = buildPain008({
      messageId: 'MSG-1',
      createdAt: new Date('2030-01-15T10:00:00Z'),
      creditor,
      transactions: [tx(1), tx(2, { sequenceType: 'RCUR' }), tx(3, { collectionDate: '2030-02-05' }), tx(4, { debtorBic: '' })],
    });
    expect(xsdErrors(xml)).toBe('');
    expect(xml.split('<PmtInf>')).toHaveLength(4);
    expect(text(xml, 'CreDtTm')).toEqual(['2030-01-15T11:00:00']);
  });

  it('cuts names to 140 and references to 35 characters, and keeps an umlaut whole', () => {
    const xml = buildPain008({ messageId: 'M'.repeat(50), createdAt: new Date(), creditor, transactions: [tx(1, { debtorName: 'Ä'.repeat(200), endToEndId: 'E'.repeat(40) })] });
    expect(xsdErrors(xml)).toBe('');
    expect(text(xml, 'Nm')[2]).toBe('Ä'.repeat(140));
  });

  it('is refused by the XSD when it breaks the schema (the check can fail)', () => {
    const good = buildPain008({ messageId: 'MSG-2', createdAt: new Date(), creditor, transactions: [tx(1)] });
    expect(xsdErrors(good.replace('<SeqTp>FRST</SeqTp>', '<SeqTp>FIRST</SeqTp>'))).toContain('SeqTp');
    expect(xsdErrors(good.replace('<PmtMtd>DD</PmtMtd>', '<PmtMtd>TRF</PmtMtd>'))).toContain('PmtMtd');
    expect(xsdErrors(good.replace(/<InstdAmt Ccy="EUR">[^<]*</, '<InstdAmt Ccy="EUR">-1.00<'))).toContain('InstdAmt');
    expect(xsdErrors(good.replace('<ReqdColltnDt>', '<Extra/><ReqdColltnDt>'))).toContain('Extra');
  });

  it('escapes every XML special character and drops control characters', () => {
    expect(xmlEscape(`<a href="x">&'\u0001</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });
});

describe('PUT /api/settings: the creditor of the export', () => {
  const base = { company: 'Apotheke am Markt', street: 'Marktplatz 1', postalCode: '10117', city: 'Berlin', phone: '030 1234567', fax: '030 1234568', email: 'info@apotheke-am-markt.de' };
  const put = (body: object) => api().put('/api/settings').set('x-auth-token', users.admin.token).send({ ...base, ...body });

  afterAll(async () => {
    await db().update(settings).set({ creditorId: 'DE98ZZZ09999999999', creditorIban: 'DE02120300000000202051', creditorBic: 'BYLADEM1001' }).where(eq(settings.id, 1));
  });

  it('shows the creditor to the settings editors, the IBAN in groups of four', async () => {
    const res = await api().get('/api/settings').set('x-auth-token', users.apotheke.token);
    expect(res.body).toMatchObject({ creditorId: 'DE98ZZZ09999999999', creditorIban: 'DE02 1203 0000 0000 2020 51', creditorBic: 'BYLADEM1001' });
    const anonymous = await api().get('/api/settings');
    expect(anonymous.body).not.toHaveProperty('creditorIban');
  });

  it('stores them without spaces, upper case', async () => {
    const res = await put({ creditorId: 'de98 zzz 0999 9999 999', creditorIban: 'de89 3704 0044 0532 0130 00', creditorBic: 'cobadeff' });
    expect(res.status).toBe(200);
    const [row] = await db().select().from(settings).where(eq(settings.id, 1));
    expect(row).toMatchObject({ creditorId: 'DE98ZZZ09999999999', creditorIban: 'DE89370400440532013000', creditorBic: 'COBADEFF' });
  });

  it.each([
    { field: 'creditorId', value: 'DE97ZZZ09999999999', message: SEPA_MESSAGES.creditorIdInvalid },
    { field: 'creditorId', value: 'DE98ZZZ0999', message: SEPA_MESSAGES.creditorIdInvalid },
    { field: 'creditorIban', value: 'DE89 3704 0044 0532 0130 01', message: SEPA_MESSAGES.creditorIbanInvalid },
    { field: 'creditorBic', value: 'COBADE', message: SEPA_MESSAGES.creditorBicInvalid },
  ])('refuses $field "$value" with its German message', async ({ field, value, message }) => {
    const res = await put({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: field, message })]);
  });
});
