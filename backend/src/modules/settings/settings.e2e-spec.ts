import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES, SETTINGS_MESSAGES, type SettingsAdminDto } from '@mediport/contracts';
import { SEPA_MESSAGES } from '@mediport/contracts/payment';
import { FIELD_MESSAGES, SETTINGS_LABELS } from '@mediport/validation';
import { AuditService } from '../../core/audit/audit.service.js';
import { UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { DB } from '../../core/db/db.module.js';
import type { Database } from '../../core/db/database.js';
import { settings } from '../../db/schema/index.js';
import { loginAll, type DemoUsername, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import type { AuthRecord } from '@mediport/contracts';

let db: TestDatabase;
let app: NestExpressApplication;
let users: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

const VALID = {
  company: 'Apotheke am Markt',
  street: 'Marktplatz 1',
  postalCode: '10117',
  city: 'Berlin',
  phone: '030 1234567',
  fax: '030 1234568',
  email: 'info@apotheke-am-markt.de',
};

/** Multipart PUT /api/settings with the given fields. */
function put(token: string, fields: Record<string, string>) {
  let req = api().put('/api/settings').set('x-auth-token', token);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req;
}

async function setPartnerInstance(value: boolean) {
  await app.get<Database>(DB, { strict: false }).update(settings).set({ partnerInstance: value });
}

useTestApp(async (booted) => {
  ({ app, db } = booted);
  users = await loginAll(app);
});

describe('GET /api/settings', () => {
  it('answers the imprint fields without sign-in, never debtorId, instanceId or the partner flag', async () => {
    const res = await api().get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...VALID, logo: null });
    expect(res.body).not.toHaveProperty('debtorId');
    expect(res.body).not.toHaveProperty('instanceId');
    expect(res.body).not.toHaveProperty('partnerInstance');
  });

  it.each(['admin', 'apotheke'] as const)('adds debtorId, instanceId and the partner flag for %s (settings_list)', async (username) => {
    const res = await api().get('/api/settings').set('x-auth-token', users[username].token);
    expect(res.body).toMatchObject({ debtorId: 'D-10001', instanceId: '1', partnerInstance: false });
  });

  it.each(['heim', 'arzt', 'fahrer', 'buchhaltung'] as const)('keeps them from %s', async (username) => {
    const res = await api().get('/api/settings').set('x-auth-token', users[username].token);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('debtorId');
  });
});

describe('PUT /api/settings', () => {
  it('requires sign-in', async () => {
    expect((await put('', VALID).unset('x-auth-token')).status).toBe(401);
  });

  it.each(['heim', 'arzt', 'fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (username) => {
    const res = await put(users[username].token, VALID);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });

  const required = (['company', 'street', 'postalCode', 'city', 'phone', 'fax', 'email'] as const).map((field) => ({
    title: `${field} empty`,
    fields: { ...VALID, [field]: '  ' },
    path: field,
    message: FIELD_MESSAGES.required(SETTINGS_LABELS[field]),
  }));
  const missing = (['company', 'email'] as const).map((field) => {
    const fields: Record<string, string> = { ...VALID };
    delete fields[field];
    return { title: `${field} missing`, fields, path: field, message: FIELD_MESSAGES.required(SETTINGS_LABELS[field]) };
  });
  it.each([
    ...required,
    ...missing,
    { title: 'postal code with letters', fields: { ...VALID, postalCode: '1011A' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'postal code of six digits', fields: { ...VALID, postalCode: '101171' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'invalid e-mail', fields: { ...VALID, email: 'info@apotheke' }, path: 'email', message: FIELD_MESSAGES.email },
    { title: 'unknown logo marker', fields: { ...VALID, logo: 'remove' }, path: 'logo', message: 'Ungültiger Wert für das Logo.' },
  ])('rejects $title with 400 and the German message', async ({ fields, path, message }) => {
    const res = await put(users.admin.token, fields);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, message, code: 'invalid' });
  });

  it('lets the admin save every field including debtorId and instanceId, with an audit row', async () => {
    const res = await put(users.admin.token, { ...VALID, city: 'Potsdam', debtorId: 'D-20002', instanceId: '7' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ city: 'Potsdam', debtorId: 'D-20002', instanceId: '7' });
    const pub = await api().get('/api/settings');
    expect(pub.body.city).toBe('Potsdam');
    const [row] = await app.get(AuditService, { strict: false }).find({ action: 'settings.update' });
    expect(row).toMatchObject({ actorId: users.admin.user._id, target: 'settings' });
    expect((row!.meta as { changed: string[] }).changed).toEqual(expect.arrayContaining(['city', 'debtorId', 'instanceId']));
  });

  it('lets manager + pharma save the operator fields and resend debtorId/instanceId unchanged', async () => {
    const current = (await api().get('/api/settings').set('x-auth-token', users.apotheke.token)).body as SettingsAdminDto;
    const res = await put(users.apotheke.token, { ...VALID, city: 'Berlin', debtorId: current.debtorId, instanceId: current.instanceId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ city: 'Berlin', debtorId: current.debtorId, instanceId: current.instanceId });
  });

  it.each([
    { title: 'debtorId', fields: { debtorId: 'D-99999' } as Record<string, string>, path: 'debtorId' },
    { title: 'instanceId', fields: { instanceId: '99' } as Record<string, string>, path: 'instanceId' },
  ])('refuses a change of $title by a non-admin with 403 and keeps the value', async ({ fields, path }) => {
    const before = (await api().get('/api/settings').set('x-auth-token', users.admin.token)).body as SettingsAdminDto;
    const res = await put(users.apotheke.token, { ...VALID, ...fields });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([{ path, code: 'forbidden', message: SETTINGS_MESSAGES.adminOnly }]);
    const after = (await api().get('/api/settings').set('x-auth-token', users.admin.token)).body as SettingsAdminDto;
    expect(after[path as 'debtorId']).toBe(before[path as 'debtorId']);
  });

  describe('direct-debit creditor (multipart, as the settings page sends it)', () => {
    const STORED_CREDITOR = { creditorId: 'DE98ZZZ09999999999', creditorIban: 'DE02120300000000202051', creditorBic: 'BYLADEM1001' };
    afterAll(() => app.get<Database>(DB, { strict: false }).update(settings).set(STORED_CREDITOR));

    it('refuses invalid values with 400 and their German messages, keeping the stored ones', async () => {
      const before = (await api().get('/api/settings').set('x-auth-token', users.admin.token)).body as SettingsAdminDto;
      const res = await put(users.admin.token, { ...VALID, creditorId: 'DE97ZZZ09999999999', creditorIban: 'DE89 3704 0044 0532 0130 01', creditorBic: 'COBADE' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { path: 'creditorId', code: 'invalid', message: SEPA_MESSAGES.creditorIdInvalid },
          { path: 'creditorIban', code: 'invalid', message: SEPA_MESSAGES.creditorIbanInvalid },
          { path: 'creditorBic', code: 'invalid', message: SEPA_MESSAGES.creditorBicInvalid },
        ]),
      );
      const after = (await api().get('/api/settings').set('x-auth-token', users.admin.token)).body as SettingsAdminDto;
      expect(after).toMatchObject({ creditorId: before.creditorId, creditorIban: before.creditorIban, creditorBic: before.creditorBic });
    });

    it('accepts empty values and clears the creditor', async () => {
      const res = await put(users.admin.token, { ...VALID, creditorId: '', creditorIban: '', creditorBic: '' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ creditorId: '', creditorIban: '', creditorBic: '' });
    });
  });

  describe('on a partner-platform instance', () => {
    beforeAll(() => setPartnerInstance(true));
    afterAll(() => setPartnerInstance(false));

    it('reports the flag to settings_list holders', async () => {
      expect((await api().get('/api/settings').set('x-auth-token', users.admin.token)).body.partnerInstance).toBe(true);
    });

    it.each(['admin', 'apotheke'] as const)('refuses a company change by %s with 403', async (username) => {
      const res = await put(users[username].token, { ...VALID, company: 'Andere Apotheke' });
      expect(res.status).toBe(403);
      expect(res.body.errors).toEqual([{ path: 'company', code: 'forbidden', message: SETTINGS_MESSAGES.partnerCompany }]);
    });

    it('still saves the other fields with the company unchanged', async () => {
      const res = await put(users.admin.token, { ...VALID, phone: '030 7654321' });
      expect(res.status).toBe(200);
      expect(res.body.phone).toBe('030 7654321');
    });
  });

  describe('logo', () => {
    it('stores an uploaded image, serves it publicly with its type, replaces and deletes it', async () => {
      const up = await put(users.admin.token, VALID).attach('logo', PNG, { filename: 'logo.png', contentType: 'image/png' });
      expect(up.status).toBe(200);
      expect(up.body.logo).toMatch(/^\/api\/settings\/logo\?v=[0-9a-f-]{36}$/);
      const first = up.body.logo as string;

      const pub = await api().get('/api/settings');
      expect(pub.body.logo).toBe(first);
      const img = await api().get(first).buffer(true);
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(img.body as Buffer, PNG)).toBe(0);

      // The declared type is not trusted: the bytes decide.
      const replaced = await put(users.admin.token, VALID).attach('logo', JPEG, { filename: 'logo.png', contentType: 'image/png' });
      expect(replaced.status).toBe(200);
      expect(replaced.body.logo).not.toBe(first);
      expect((await api().get('/api/settings/logo')).headers['content-type']).toBe('image/jpeg');

      // Fields without a logo keep it.
      expect((await put(users.admin.token, VALID)).body.logo).toBe(replaced.body.logo);

      const deleted = await put(users.admin.token, { ...VALID, logo: '_delete' });
      expect(deleted.status).toBe(200);
      expect(deleted.body.logo).toBeNull();
      expect((await api().get('/api/settings/logo')).status).toBe(404);
    });

    it.each([
      { title: 'a text file', data: Buffer.from('hello world'), type: 'text/plain', status: 415, message: UPLOAD_MESSAGES.image },
      { title: 'an SVG', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml', status: 415, message: UPLOAD_MESSAGES.image },
      { title: 'a PDF', data: Buffer.from('%PDF-1.7\n'), type: 'application/pdf', status: 415, message: UPLOAD_MESSAGES.image },
      { title: 'an image over 2 MB', data: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), type: 'image/png', status: 413, message: UPLOAD_MESSAGES.tooLarge },
    ])('refuses $title', async ({ data, type, status, message }) => {
      const res = await put(users.admin.token, VALID).attach('logo', data, { filename: 'x', contentType: type });
      expect(res.status).toBe(status);
      expect(res.body.errors[0].message).toBe(message);
      expect((await api().get('/api/settings')).body.logo).toBeNull();
    });
  });
});

describe('GET /api/settings/logo', () => {
  it('answers 404 without a logo, never a 5xx', async () => {
    expect((await api().get('/api/settings/logo')).status).toBe(404);
  });
});
