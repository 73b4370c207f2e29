import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { SEPA_MESSAGES } from '@mediport/contracts/payment';
import { auditLog, doctors, homes, paymentMandates, settings } from '../../db/schema/index.js';
import { loginAll, type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { addDoctor, addHome, addUser, databaseOf } from '../contracts/testing/contract-fixtures.js';
import { PaymentCipher } from './payment-cipher.js';

let app: NestExpressApplication;
let users: Record<DemoUsername, AuthRecord>;
let heimLeitung: AuthRecord;
let heimPeer: AuthRecord;
let heimBuchhalter: AuthRecord;
let praxisLeitung: AuthRecord;
let heimUndPraxis: AuthRecord;
let otherHomeLeitung: AuthRecord;
const api = () => request(app.getHttpServer());
const NOBODY = '00000000-0000-4000-8000-000000000000';
const path = (userId: string) => `/api/users/${userId}/paymentData`;
const db = () => databaseOf(app);

const GOOD_IBAN = 'DE89 3704 0044 0532 0130 00';
const GOOD_IBAN_COMPACT = 'DE89370400440532013000';

useTestApp(async (booted) => {
  app = booted.app;
  users = await loginAll(app);
  const [home] = await db().select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein'));
  const [doctor] = await db().select({ id: doctors.id }).from(doctors).where(eq(doctors.lastname, 'Berger'));
  heimLeitung = await addUser(app, { username: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: home!.id });
  heimPeer = await addUser(app, { username: 'heim.kollegin', roles: ['ROLE_HOME'], homeId: home!.id });
  heimBuchhalter = await addUser(app, { username: 'heim.buchhalter', roles: ['ROLE_HOME', 'ROLE_ACCOUNTING'], homeId: home!.id });
  praxisLeitung = await addUser(app, { username: 'praxis.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: doctor!.id });
  heimUndPraxis = await addUser(app, { username: 'heim.praxis', roles: ['ROLE_HOME', 'ROLE_DOCTOR'], homeId: home!.id, doctorId: doctor!.id });
  const other = await addHome(app, 'Haus Anderswo');
  await db().update(homes).set({ company: 'Anderswo gGmbH' }).where(eq(homes.id, other));
  otherHomeLeitung = await addUser(app, { username: 'anderswo.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: other });
});

const put = (caller: AuthRecord, target: AuthRecord, body: object) => api().put(path(target.user._id)).set('x-auth-token', caller.token).send(body);
const get = (caller: AuthRecord, target: AuthRecord) => api().get(path(target.user._id)).set('x-auth-token', caller.token);
const grant = (caller: AuthRecord, iban = GOOD_IBAN, bic = 'COBADEFFXXX', target = caller) => put(caller, target, { mandate: true, iban, bic });
const revoke = (caller: AuthRecord, target = caller) => put(caller, target, { mandate: false });

async function mandatesOf(debtorKey: string) {
  return db().select().from(paymentMandates).where(eq(paymentMandates.debtorKey, debtorKey)).orderBy(paymentMandates.grantedAt);
}

describe('GET /api/users/:id/paymentData', () => {
  it('requires sign-in', async () => {
    expect((await api().get(path(NOBODY))).status).toBe(401);
  });

  it('answers company and e-mail of the settings for accounting, without a mandate yet', async () => {
    const res = await get(users.buchhaltung, users.buchhaltung);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ company: 'Apotheke am Markt', email: 'info@apotheke-am-markt.de', iban: '', bic: '', mandate: false, reference: '', signedOn: '', ibanVisible: true });
  });

  it("answers the home's company and e-mail for its manager, and the practice's name and the doctor's e-mail for a practice manager", async () => {
    expect((await get(heimLeitung, heimLeitung)).body).toMatchObject({ company: 'Sonnenschein Pflege gGmbH', email: 'info@haus-sonnenschein.de' });
    expect((await get(praxisLeitung, praxisLeitung)).body).toMatchObject({ company: 'Praxis Dr. Berger', email: 'praxis@dr-berger.de' });
  });

  it.each([
    { title: 'the driver (no profile_mandate_view)', caller: () => users.fahrer, target: () => users.fahrer, status: 403 },
    { title: 'a home user without the manager role', caller: () => heimPeer, target: () => heimPeer, status: 403 },
    { title: 'a home manager on a user of another home', caller: () => heimLeitung, target: () => otherHomeLeitung, status: 404 },
    { title: 'a practice manager on a home user', caller: () => praxisLeitung, target: () => heimPeer, status: 404 },
    { title: 'accounting on another user', caller: () => users.buchhaltung, target: () => users.apotheke, status: 404 },
    { title: 'the pharmacy manager on an administrator', caller: () => users.apotheke, target: () => users.admin, status: 403 },
  ])('refuses $title', async ({ caller, target, status }) => {
    expect((await get(caller(), target())).status).toBe(status);
  });

  it('answers 404 for an unknown or malformed user id', async () => {
    expect((await api().get(path(NOBODY)).set('x-auth-token', users.admin.token)).status).toBe(404);
    expect((await api().get(path('kein-id')).set('x-auth-token', users.admin.token)).status).toBe(404);
  });
});

describe('PUT /api/users/:id/paymentData', () => {
  afterEach(async () => {
    await db().delete(paymentMandates);
  });

  it('requires sign-in', async () => {
    expect((await api().put(path(NOBODY)).send({ mandate: false })).status).toBe(401);
  });

  it('grants a mandate with an IBAN typed with spaces and answers it in groups of four', async () => {
    const res = await grant(users.buchhaltung, ' de89 3704  0044 0532 0130 00 ', 'coba de ff xxx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, action: 'granted', paymentData: { mandate: true, iban: GOOD_IBAN, bic: 'COBADEFFXXX', company: 'Apotheke am Markt' } });
    expect(res.body.paymentData.reference).toMatch(/^MP-\d{8}-[A-Z2-9]{8}$/);
    expect(res.body.paymentData.signedOn).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    const again = await get(users.buchhaltung, users.buchhaltung);
    expect(again.body).toMatchObject({ mandate: true, iban: GOOD_IBAN, bic: 'COBADEFFXXX', reference: res.body.paymentData.reference });
  });

  it('stores the IBAN only encrypted: no column of the row holds it, and the ciphertext differs each time', async () => {
    await grant(users.buchhaltung);
    const [row] = await mandatesOf('pharma');
    const text = (await db().execute(sql`select payment_mandates::text as t from payment_mandates`)) as unknown as { rows: { t: string }[] };
    expect(text.rows).toHaveLength(1);
    for (const needle of [GOOD_IBAN_COMPACT, GOOD_IBAN, '370400440532013000', '0532013000']) expect(text.rows[0]!.t).not.toContain(needle);
    expect(row!.ibanCipher).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const cipher = app.get(PaymentCipher);
    expect(cipher.decrypt(row!.ibanCipher)).toBe(GOOD_IBAN_COMPACT);
    expect(cipher.encrypt(GOOD_IBAN_COMPACT)).not.toBe(cipher.encrypt(GOOD_IBAN_COMPACT));
    // A changed byte is detected, never decrypted to another IBAN.
    const [v, iv, tag, data] = row!.ibanCipher.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it.each([
    'DE89 3704 0044 0532 0130 00',
    'de89370400440532013000',
    'GB82 WEST 1234 5698 7654 32',
    'FR14 2004 1010 0505 0001 3M02 606',
    'AT61 1904 3002 3457 3201',
    'CH93 0076 2011 6238 5295 7',
    'NL91 ABNA 0417 1643 00',
    'BE68 5390 0754 7034',
    'ES91 2100 0418 4502 0005 1332',
    'IT60 X054 2811 1010 0000 0123 456',
    'LU28 0019 4006 4475 0000',
    'PL61 1090 1014 0000 0712 1981 2874',
    'NO93 8601 1117 947',
    'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
    'DE02\u00a01203 0000 0000 2020 51',
  ])('accepts the IBAN %s', async (iban) => {
    const res = await grant(users.buchhaltung, iban);
    expect({ iban, status: res.status }).toEqual({ iban, status: 200 });
    expect(res.body.paymentData.iban.replaceAll(' ', '')).toBe(iban.replace(/\s+/g, '').toUpperCase());
    expect(res.body.paymentData.iban).toMatch(/^([A-Z0-9]{4} )*[A-Z0-9]{1,4}$/);
  });

  it.each([
    { title: 'a wrong check digit', iban: 'DE89 3704 0044 0532 0130 01' },
    { title: 'swapped digits', iban: 'DE89 3704 0044 0532 0103 00' },
    { title: 'one digit short of the German length', iban: 'DE89 3704 0044 0532 0130 0' },
    { title: 'one digit over the German length', iban: 'DE89 3704 0044 0532 0130 000' },
    { title: 'a Dutch IBAN with the German length', iban: 'NL91 ABNA 0417 1643 0000 00' },
    { title: 'an unknown country', iban: 'XX89 3704 0044 0532 0130 00' },
    { title: 'letters as check digits', iban: 'DEAB 3704 0044 0532 0130 00' },
    { title: 'dashes', iban: 'DE89-3704-0044-0532-0130-00' },
    { title: 'an umlaut', iban: 'DE89 3704 0044 0532 0130 0Ä' },
    { title: 'nothing', iban: '' },
    { title: 'only spaces', iban: '    ' },
    { title: 'check digits 00 that pass no bank', iban: 'DE00 3704 0044 0532 0130 00' },
    { title: 'a bank account number without country', iban: '0532013000' },
  ])('refuses an IBAN with $title: 400, action error, the spec message, nothing stored', async ({ iban }) => {
    const res = await grant(users.buchhaltung, iban);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, success: false, action: 'error', errors: [{ path: 'iban', code: 'invalid', message: SEPA_MESSAGES.invalid }] });
    expect(await mandatesOf('pharma')).toEqual([]);
  });

  it.each(['COBADEFFXXX', 'COBADEFF', 'cobadeff', 'DEUTDEDBBER', 'MARKDEF1100', 'BNPAFRPP', 'UBSWCHZH80A', ''])('accepts the BIC "%s"', async (bic) => {
    const res = await grant(users.buchhaltung, GOOD_IBAN, bic);
    expect({ bic, status: res.status }).toEqual({ bic, status: 200 });
    expect(res.body.paymentData.bic).toBe(bic.toUpperCase());
  });

  it.each(['COBADEF', 'COBADEFFXX', 'COBADEFFXXXX', 'COB1DEFF', 'COBAXXFF', 'COBADEF0', 'COBA DE', 'COBADEFF-XX', 'ÄOBADEFF'])('refuses the BIC "%s"', async (bic) => {
    const res = await grant(users.buchhaltung, GOOD_IBAN, bic);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, action: 'error', errors: [{ path: 'bic', message: SEPA_MESSAGES.invalid }] });
    expect(await mandatesOf('pharma')).toEqual([]);
  });

  it('names both fields when IBAN and BIC are bad', async () => {
    const res = await grant(users.buchhaltung, 'DE00', 'X');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['iban', 'bic']);
  });

  it.each([
    { title: 'the mandate flag missing', body: { iban: GOOD_IBAN } },
    { title: 'the mandate flag as text', body: { mandate: 'true', iban: GOOD_IBAN } },
    { title: 'an IBAN as a number', body: { mandate: true, iban: 123 } },
    { title: 'an IBAN of 65 characters', body: { mandate: true, iban: 'D'.repeat(65) } },
  ])('refuses a body with $title with a German message', async ({ body }) => {
    const res = await put(users.buchhaltung, users.buchhaltung, body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/[A-ZÄÖÜ]/);
    expect(res.body.errors[0].message).not.toMatch(/must|should|property/);
  });

  describe('company and e-mail', () => {
    it('refuses a grant while the settings lack the e-mail, with the spec message', async () => {
      await db().update(settings).set({ email: '' }).where(eq(settings.id, 1));
      try {
        const res = await grant(users.buchhaltung);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ statusCode: 400, success: false, action: 'error', errors: [{ path: 'email', code: 'invalid', message: SEPA_MESSAGES.companyEmailRequired }] });
        expect(SEPA_MESSAGES.companyEmailRequired).toBe('Sie müssen ihre Email-Addresse und Unternehmensnamen in den Einstellungen angeben bevor sie ein Mandat erteilen können.');
      } finally {
        await db().update(settings).set({ email: 'info@apotheke-am-markt.de' }).where(eq(settings.id, 1));
      }
    });

    it("refuses a grant while the home's record lacks the company", async () => {
      await db().update(homes).set({ company: '' }).where(eq(homes.id, heimLeitung.user.home!));
      try {
        const res = await grant(heimLeitung);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ path: 'company', code: 'invalid', message: SEPA_MESSAGES.companyEmailRequired }]);
      } finally {
        await db().update(homes).set({ company: 'Sonnenschein Pflege gGmbH' }).where(eq(homes.id, heimLeitung.user.home!));
      }
    });

    it("refuses a grant while the doctor's record lacks the e-mail", async () => {
      const doctor = await addDoctor(app, 'Ohnemail', { email: '' });
      const leitung = await addUser(app, { username: 'ohnemail.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: doctor });
      const res = await grant(leitung);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe(SEPA_MESSAGES.companyEmailRequired);
    });

    it('ignores company and e-mail sent in the body: they come from the records', async () => {
      const res = await put(users.buchhaltung, users.buchhaltung, { mandate: true, iban: GOOD_IBAN, bic: '', company: 'Fremdfirma', email: 'x@y.de' });
      expect(res.body.paymentData).toMatchObject({ company: 'Apotheke am Markt', email: 'info@apotheke-am-markt.de' });
      expect((await mandatesOf('pharma'))[0]).toMatchObject({ company: 'Apotheke am Markt', email: 'info@apotheke-am-markt.de' });
    });
  });

  it('revokes with action "revoked", keeps the revoked row, and a new grant is a new row with a new reference', async () => {
    const first = await grant(users.buchhaltung);
    const revoked = await revoke(users.buchhaltung);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ success: true, action: 'revoked', paymentData: { mandate: false, iban: '', bic: '', reference: '' } });
    expect((await get(users.buchhaltung, users.buchhaltung)).body.mandate).toBe(false);
    const second = await grant(users.buchhaltung, 'GB82 WEST 1234 5698 7654 32', 'NWBKGB2L');
    const rows = await mandatesOf('pharma');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ reference: first.body.paymentData.reference, revokedBy: users.buchhaltung.user._id });
    expect(rows[0]!.revokedAt).toBeInstanceOf(Date);
    expect(rows[1]).toMatchObject({ reference: second.body.paymentData.reference, revokedAt: null, sequenceType: 'FRST' });
    expect(second.body.paymentData.reference).not.toBe(first.body.paymentData.reference);
  });

  it('revoking without a mandate answers "revoked" and writes nothing', async () => {
    const before = await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog);
    const res = await revoke(users.buchhaltung);
    expect(res.body).toMatchObject({ success: true, action: 'revoked' });
    const after = await db().select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('a repeated grant of the same account keeps the mandate; another account replaces it (the old one revoked)', async () => {
    const first = await grant(users.buchhaltung);
    const repeat = await grant(users.buchhaltung, GOOD_IBAN.toLowerCase());
    expect(repeat.body.paymentData.reference).toBe(first.body.paymentData.reference);
    expect(await mandatesOf('pharma')).toHaveLength(1);
    const other = await grant(users.buchhaltung, 'DE02 1203 0000 0000 2020 51', 'BYLADEM1001');
    const rows = await mandatesOf('pharma');
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.revokedAt === null).map((r) => r.reference)).toEqual([other.body.paymentData.reference]);
  });

  it('two grants at once leave exactly one active mandate and no error', async () => {
    const answers = await Promise.all([grant(users.buchhaltung), grant(users.buchhaltung, 'DE02 1203 0000 0000 2020 51')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await mandatesOf('pharma')).filter((r) => r.revokedAt === null)).toHaveLength(1);
  });

  it('a mandate belongs to the debtor: every manager of the home sees the one granted by a colleague', async () => {
    await grant(heimLeitung);
    const rows = await mandatesOf(`home:${heimLeitung.user.home}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ debtorType: 'homes', homeId: heimLeitung.user.home, company: 'Sonnenschein Pflege gGmbH' });
    // The combined home and accounting user reads the home's mandate, in full.
    expect((await get(heimBuchhalter, heimBuchhalter)).body).toMatchObject({ mandate: true, iban: GOOD_IBAN });
    // The pharmacy's mandate is another debtor's.
    expect((await get(users.buchhaltung, users.buchhaltung)).body.mandate).toBe(false);
  });

  describe('masking per viewer', () => {
    it.each([
      { title: 'the user themselves', viewer: () => heimLeitung, target: () => heimLeitung, iban: GOOD_IBAN, visible: true },
      { title: 'a manager of the same home (not accounting)', viewer: () => heimLeitung, target: () => heimPeer, iban: 'DE89 **** **** **** **** 00', visible: false },
      { title: 'the pharmacy manager', viewer: () => users.apotheke, target: () => heimLeitung, iban: 'DE89 **** **** **** **** 00', visible: false },
      { title: 'the administrator', viewer: () => users.admin, target: () => heimLeitung, iban: 'DE89 **** **** **** **** 00', visible: false },
      { title: 'home and accounting on the own profile', viewer: () => heimBuchhalter, target: () => heimBuchhalter, iban: GOOD_IBAN, visible: true },
    ])('$title sees $iban', async ({ viewer, target, iban, visible }) => {
      await grant(heimLeitung);
      const res = await get(viewer(), target());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ iban, ibanVisible: visible, mandate: true });
    });

    it('an administrator acting as the user (masquerade) sees it masked', async () => {
      await grant(heimLeitung);
      const acting = await api().post(`/api/auth/masquerade/${heimLeitung.user._id}`).set('x-auth-token', users.admin.token);
      expect(acting.status).toBe(200);
      const res = await api().get(path(heimLeitung.user._id)).set('x-auth-token', acting.body.token as string);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ iban: 'DE89 **** **** **** **** 00', ibanVisible: false, mandate: true });
    });

    it('answers a grant by an administrator for a home user masked as well', async () => {
      const res = await grant(users.admin, GOOD_IBAN, 'COBADEFFXXX', heimPeer);
      expect(res.status).toBe(200);
      expect(res.body.paymentData.iban).toBe('DE89 **** **** **** **** 00');
    });
  });

  it.each([
    { title: 'the driver', caller: () => users.fahrer, target: () => users.fahrer, status: 403 },
    { title: 'a home user without the manager role', caller: () => heimPeer, target: () => heimPeer, status: 403 },
    { title: 'a home manager for another home', caller: () => heimLeitung, target: () => otherHomeLeitung, status: 404 },
    { title: 'a practice manager for a home user', caller: () => praxisLeitung, target: () => heimPeer, status: 404 },
    { title: "a practice manager for a user of both the practice and a home (the home's mandate)", caller: () => praxisLeitung, target: () => heimUndPraxis, status: 403 },
    { title: 'the pharmacy manager for a home user', caller: () => users.apotheke, target: () => heimPeer, status: 403 },
    { title: 'the pharmacy manager for an administrator', caller: () => users.apotheke, target: () => users.admin, status: 403 },
  ])('refuses a grant by $title and stores nothing', async ({ caller, target, status }) => {
    const res = await grant(caller(), GOOD_IBAN, 'COBADEFFXXX', target());
    expect(res.status).toBe(status);
    expect(await db().select().from(paymentMandates)).toEqual([]);
  });

  it('audits grants and revocations with the masked IBAN only', async () => {
    const granted = await grant(users.buchhaltung);
    await revoke(users.buchhaltung);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, users.buchhaltung.user._id), sql`${auditLog.action} like 'payment.%'`))
      .orderBy(auditLog.at);
    expect(rows.slice(-2).map((r) => r.action)).toEqual(['payment.mandate_grant', 'payment.mandate_revoke']);
    expect(rows.at(-2)!.meta).toMatchObject({ debtor: 'pharma', reference: granted.body.paymentData.reference, iban: 'DE89 **** **** **** **** 00' });
    expect(JSON.stringify(rows.map((r) => r.meta))).not.toContain('0532013000');
  });
});
