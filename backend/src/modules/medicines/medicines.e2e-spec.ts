import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES, type MedicineDto } from '@mediport/contracts';
import { MEDICINE_MESSAGES } from '@mediport/contracts/medicines';
import { AuditService } from '../../core/audit/audit.service.js';
import { bootApp, type DemoUsername, login, loginAll, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { DEMO_MEDICINES } from './medicines.seed.js';
import type { AuthRecord } from '@mediport/contracts';

let db: TestDatabase;
let app: NestExpressApplication;
let as: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());
const get = (user: DemoUsername, query = '') => api().get(`/api/medicine${query}`).set('x-auth-token', as[user].token);
const put = (user: DemoUsername, body: object) => api().put('/api/medicine').set('x-auth-token', as[user].token).send(body);

const enabledCount = DEMO_MEDICINES.filter((m) => !m.disabled).length;
const disabledCount = DEMO_MEDICINES.length - enabledCount;

async function byName(name: string): Promise<MedicineDto> {
  const res = await get('admin', `?filter[text]=${encodeURIComponent(name)}&limit=5`);
  const found = (res.body.data as MedicineDto[]).find((m) => m.name === name);
  if (!found) throw new Error(`medicine ${name} not found`);
  return found;
}

useTestApp(async (booted) => {
  ({ app, db } = booted);
  as = await loginAll(app);
});

describe('GET /api/medicine', () => {
  it('requires sign-in', async () => {
    const res = await api().get('/api/medicine');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('unauthenticated');
  });

  it.each([
    { title: 'fahrer has no medicine_list_view', user: 'fahrer' as const },
    { title: 'buchhaltung has no medicine_list_view', user: 'buchhaltung' as const },
  ])('is forbidden: $title', async ({ user }) => {
    const res = await get(user);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });

  it.each(['admin', 'apotheke', 'heim', 'arzt'] as const)('lists the seeded demo medicines for %s with {data, count}', async (user) => {
    const res = await get(user, '?limit=500');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(DEMO_MEDICINES.length);
    expect(res.body.data).toHaveLength(DEMO_MEDICINES.length);
    expect(res.body.data[0]).toEqual({ _id: expect.any(String), name: expect.any(String), group: 'medicine', disabled: expect.any(Boolean) });
  });

  it('defaults to 25 rows sorted by name and pages with offset and limit', async () => {
    const first = await get('apotheke');
    expect(first.body.data).toHaveLength(25);
    const names = (first.body.data as MedicineDto[]).map((m) => m.name);
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    const page = await get('apotheke', '?offset=10&limit=10');
    expect(page.body.count).toBe(DEMO_MEDICINES.length);
    expect((page.body.data as MedicineDto[]).map((m) => m.name)).toEqual((await get('apotheke', '?limit=20')).body.data.slice(10).map((m: MedicineDto) => m.name));
  });

  it.each([
    { title: 'filter[disabled]=0 lists only enabled medicines', query: '?filter[disabled]=0&limit=500', count: enabledCount, disabled: false },
    { title: 'filter[disabled]=1 lists only disabled medicines', query: '?filter[disabled]=1&limit=500', count: disabledCount, disabled: true },
  ])('$title', async ({ query, count, disabled }) => {
    const res = await get('heim', query);
    expect(res.body.count).toBe(count);
    expect((res.body.data as MedicineDto[]).every((m) => m.disabled === disabled)).toBe(true);
  });

  it('searches the name case-insensitively with filter[text], wildcards taken literally', async () => {
    const res = await get('arzt', '?filter[text]=IBUPROFEN');
    expect((res.body.data as MedicineDto[]).map((m) => m.name).sort()).toEqual(['Ibuprofen 400 mg', 'Ibuprofen 600 mg']);
    expect((await get('arzt', '?filter[text]=%25')).body.count).toBe(0);
    expect((await get('arzt', '?filter[text]=_')).body.count).toBe(0);
  });

  it('sorts descending with sort=-name and accepts limit=-1 as all', async () => {
    const res = await get('admin', '?sort=-name&limit=-1');
    const names = (res.body.data as MedicineDto[]).map((m) => m.name);
    expect(names).toHaveLength(DEMO_MEDICINES.length);
    expect(names[0]).toBe('Zopiclon 7,5 mg');
  });

  it.each([
    { title: 'unknown sort', query: '?sort=password', path: 'sort', message: MEDICINE_MESSAGES.invalidSort },
    { title: 'disabled filter not 0/1', query: '?filter[disabled]=vielleicht', path: 'filter[disabled]', message: MEDICINE_MESSAGES.invalidFilter },
    { title: 'negative offset', query: '?offset=-5', path: 'offset', message: API_MESSAGES.invalidInput },
    { title: 'limit not a number', query: '?limit=viele', path: 'limit', message: API_MESSAGES.invalidInput },
  ])('answers 400 for $title', async ({ query, path, message }) => {
    const res = await get('admin', query);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message }));
  });

  it('is the same under /api/v3/medicine', async () => {
    const res = await api().get('/api/v3/medicine?filter[disabled]=1').set('x-auth-token', as.heim.token);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(disabledCount);
  });
});

describe('PUT /api/medicine', () => {
  it('requires sign-in', async () => {
    expect((await api().put('/api/medicine').send({ name: 'ASS 100 mg', disabled: true })).status).toBe(401);
  });

  it.each([
    { title: 'fahrer cannot see medicines at all', user: 'fahrer' as const, disabled: true },
    { title: 'buchhaltung cannot see medicines at all', user: 'buchhaltung' as const, disabled: false },
    { title: 'heim may list but not disable', user: 'heim' as const, disabled: true },
    { title: 'heim may list but not enable', user: 'heim' as const, disabled: false },
    { title: 'arzt may list but not disable', user: 'arzt' as const, disabled: true },
  ])('is forbidden: $title', async ({ user, disabled }) => {
    const target = await byName('Lorazepam 1 mg');
    const res = await put(user, { _id: target._id, disabled });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
    expect((await byName('Lorazepam 1 mg')).disabled).toBe(true);
  });

  it('disables and enables by _id and writes audit rows', async () => {
    const target = await byName('Ramipril 5 mg');
    const off = await put('apotheke', { _id: target._id, disabled: true });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...target, disabled: true });
    expect((await get('apotheke', '?filter[disabled]=1&filter[text]=Ramipril 5')).body.count).toBe(1);
    const on = await put('admin', { _id: target._id, disabled: false });
    expect(on.body.disabled).toBe(false);
    const audit = app.get(AuditService, { strict: false });
    expect((await audit.find({ action: 'medicine.disable', actorId: as.apotheke.user._id }))[0]).toMatchObject({ target: target._id });
    expect((await audit.find({ action: 'medicine.activate', actorId: as.admin.user._id }))[0]).toMatchObject({ target: target._id });
  });

  it('finds the medicine by name case-insensitively', async () => {
    const res = await put('apotheke', { name: 'salbutamol DOSIERAEROSOL', disabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Salbutamol Dosieraerosol', disabled: false });
  });

  it('checks the right per action: enabling needs medicine_activate_view, disabling medicine_disable_view', async () => {
    // Grant the doctor role only the activate right, through the rights matrix (takes effect at once).
    const acl = (await api().get('/api/acl').set('x-auth-token', as.admin.token)).body;
    const doctor = acl.acl.ROLE_DOCTOR;
    const patched = await api()
      .patch('/api/acl')
      .set('x-auth-token', as.admin.token)
      .send({ acl: { ROLE_DOCTOR: { ...doctor, permissions: [...doctor.permissions, 'medicine_activate_view'] } } });
    expect(patched.status).toBe(200);
    const target = await byName('Zopiclon 7,5 mg');
    expect((await put('arzt', { _id: target._id, disabled: false })).status).toBe(200);
    const refused = await put('arzt', { _id: target._id, disabled: true });
    expect(refused.status).toBe(403);
    expect((await byName('Zopiclon 7,5 mg')).disabled).toBe(false);
  });

  it('answers 404 for an unknown medicine', async () => {
    expect((await put('admin', { _id: '00000000-0000-4000-8000-000000000000', disabled: true })).status).toBe(404);
    expect((await put('admin', { name: 'Gibt es nicht 5 mg', disabled: true })).status).toBe(404);
  });

  it.each([
    { title: 'neither _id nor name', body: { disabled: true }, path: '_id', message: MEDICINE_MESSAGES.idOrName },
    { title: '_id not a uuid', body: { _id: 'abc', disabled: true }, path: '_id', message: MEDICINE_MESSAGES.idOrName },
    { title: 'empty name', body: { name: '', disabled: true }, path: 'name', message: MEDICINE_MESSAGES.idOrName },
    { title: 'disabled missing', body: { name: 'ASS 100 mg' }, path: 'disabled', message: MEDICINE_MESSAGES.disabledFlag },
    { title: 'disabled not a boolean', body: { name: 'ASS 100 mg', disabled: 'ja' }, path: 'disabled', message: MEDICINE_MESSAGES.disabledFlag },
  ])('answers 400 for $title', async ({ body, path, message }) => {
    const res = await put('admin', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message }));
  });
});

describe('demo seed', () => {
  it('does not seed twice: a second boot on the same database keeps the list unchanged', async () => {
    const again = await bootApp(db);
    try {
      const admin = await login(again, 'admin');
      const res = await request(again.getHttpServer()).get('/api/medicine?limit=1').set('x-auth-token', admin.token);
      expect(res.body.count).toBe(DEMO_MEDICINES.length);
    } finally {
      await again.close();
    }
  });
});
