import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord, ROLE_NOT_ALLOWED_CODE, type UserListRow } from '@mediport/contracts';
import { PASSWORD_MESSAGES, USER_MESSAGES } from '@mediport/validation';
import { AuditService } from '../../core/audit/audit.service.js';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { doctors, homeGroups, homes, seenMarks, seenWatermarks } from '../../db/schema/index.js';
import { login, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { UsersService } from './users.service.js';

let db: TestDatabase;
let app: NestExpressApplication;
const api = () => request(app.getHttpServer());
const NO_ID = '00000000-0000-4000-8000-000000000000';
const STRONG = 'Sonne#Mond2024!';

let admin: AuthRecord;
let apotheke: AuthRecord;
let heim: AuthRecord;
let arzt: AuthRecord;
/** A second home without a contract (living area "Wohnbereich Nord"), a doctor without e-mail, and a manager of "Haus Sonnenschein". */
let otherHomeId: string;
let otherGroupId: string;
/** The demo living areas of "Haus Sonnenschein" (seed): the heim user works in A. */
let groupA: { _id: string; name: string; home: string };
let groupB: { _id: string; name: string; home: string };
let noMailDoctorId: string;
let heimManager: AuthRecord;
let counter = 0;

const uniqueName = (prefix = 'nutzer') => `${prefix}.${Date.now().toString(36)}${++counter}`;

async function createAs(caller: AuthRecord, body: Record<string, unknown>) {
  return api().post('/api/users').set('x-auth-token', caller.token).send(body);
}

/** A valid new user; the fields given replace the defaults. */
function newUser(overrides: Record<string, unknown> = {}) {
  return { username: uniqueName(), roles: ['ROLE_DRIVER'], password: STRONG, password_confirm: STRONG, firstname: 'Nina', lastname: 'Neu', ...overrides };
}

async function created(caller: AuthRecord, overrides: Record<string, unknown> = {}): Promise<UserListRow> {
  const res = await createAs(caller, newUser(overrides));
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as UserListRow;
}

useTestApp(async (booted) => {
  ({ app, db } = booted);
  [admin, apotheke, heim, arzt] = await Promise.all([login(app, 'admin'), login(app, 'apotheke'), login(app, 'heim'), login(app, 'arzt')]);
  const database = app.get<Database>(DB, { strict: false });
  otherHomeId = (await database.insert(homes).values({ name: 'Haus Abendrot' }).returning({ id: homes.id }))[0]!.id;
  otherGroupId = (await database.insert(homeGroups).values({ homeId: otherHomeId, name: 'Wohnbereich Nord' }).returning({ id: homeGroups.id }))[0]!.id;
  const demoGroups = await database.select({ _id: homeGroups.id, name: homeGroups.name, home: homeGroups.homeId }).from(homeGroups).where(eq(homeGroups.homeId, heim.home!._id));
  groupA = demoGroups.find((g) => g.name === 'Wohnbereich A')!;
  groupB = demoGroups.find((g) => g.name === 'Wohnbereich B')!;
  noMailDoctorId = (await database.insert(doctors).values({ title: '', firstname: 'Otto', lastname: 'Ohnemail' }).returning({ id: doctors.id }))[0]!.id;
  const manager = await created(admin, { username: 'heim.manager', roles: ['ROLE_HOME', 'ROLE_MANAGER'], home: heim.home!._id, chargeable: 0 });
  heimManager = await login(app, manager.username, STRONG);
});

const DENIED = ['heim', 'arzt', 'fahrer', 'buchhaltung'];

describe('GET /api/users/lookups', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/users/lookups')).status).toBe(401);
  });

  it('answers every home, living area and doctor for the admin', async () => {
    const res = await api().get('/api/users/lookups').set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    // Every home of the database (the demo data brings more homes with their living areas).
    const allHomes = await app.get<Database>(DB, { strict: false }).select({ name: homes.name }).from(homes);
    expect(res.body.homes.map((h: { name: string }) => h.name).sort()).toEqual(allHomes.map((h) => h.name).sort());
    expect(res.body.homeGroups).toEqual(expect.arrayContaining([groupA, groupB, { _id: otherGroupId, name: 'Wohnbereich Nord', home: otherHomeId }]));
    expect(res.body.doctors).toEqual(
      expect.arrayContaining([expect.objectContaining({ lastname: 'Berger', title: 'Dr.', email: 'praxis@dr-berger.de' }), expect.objectContaining({ lastname: 'Ohnemail', email: '' })]),
    );
  });

  it('narrows a home manager to the own home and its living areas', async () => {
    const res = await api().get('/api/users/lookups').set('x-auth-token', heimManager.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ homes: [{ _id: heim.home!._id, name: 'Haus Sonnenschein' }], homeGroups: [groupA, groupB], doctors: [] });
  });

  it.each(DENIED)('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    const res = await api().get('/api/users/lookups').set('x-auth-token', user.token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });
});

describe('GET /api/users', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/users')).status).toBe(401);
  });

  it('answers {data, count} with pagination, editable flags and the home', async () => {
    const res = await api().get('/api/users?limit=3&offset=0&sort=username').set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
    expect(res.body.count).toBeGreaterThanOrEqual(7);
    expect(res.body.data[0].username).toBe('admin');
    const all = await api().get('/api/users?limit=-1').set('x-auth-token', admin.token);
    const heimRow = all.body.data.find((u: UserListRow) => u.username === 'heim') as UserListRow;
    expect(heimRow).toMatchObject({ editable: true, homeDetails: { _id: heim.home!._id, name: 'Haus Sonnenschein' }, status: '' });
    // The "Wohnbereich" column: ids on homeGroup, names on homeGroupDetails, aggregated in the list query.
    expect(heimRow.homeGroup).toEqual([groupA._id]);
    expect(heimRow.homeGroupDetails).toEqual([groupA]);
    expect(heimRow).not.toHaveProperty('passwordHash');
    const arztRow = all.body.data.find((u: UserListRow) => u.username === 'arzt') as UserListRow;
    expect(arztRow.doctorDetails).toMatchObject({ lastname: 'Berger', email: 'praxis@dr-berger.de' });
    expect(arztRow).toMatchObject({ homeGroup: [], homeGroupDetails: [] });
  });

  it.each([
    { title: 'text (case-insensitive, first name too)', query: 'filter[text]=HANNA', expected: ['heim'] },
    { title: 'roles', query: 'filter[roles]=ROLE_DOCTOR', expected: ['arzt'] },
    { title: 'several roles', query: 'filter[roles]=ROLE_DRIVER,ROLE_ACCOUNTING&filter[text]=f', expected: ['fahrer'] },
    { title: 'home', query: () => `filter[home]=${heim.home!._id}&filter[text]=heim`, expected: ['heim', 'heim.manager'] },
    { title: 'doctor', query: () => `filter[doctor]=${arzt.doctor!._id}`, expected: ['arzt'] },
    { title: 'sort descending', query: 'filter[roles]=ROLE_HOME&sort=-username&limit=2', expected: ['heim.manager', 'heim'] },
  ])('filters by $title', async ({ query, expected }) => {
    const q = typeof query === 'function' ? query() : query;
    const res = await api().get(`/api/users?${q}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: UserListRow) => u.username).filter((n: string) => !n.startsWith('nutzer.'))).toEqual(expected);
  });

  it('filters by status: active by default, removed, all', async () => {
    const user = await created(admin);
    await api().delete(`/api/users/${user._id}`).set('x-auth-token', admin.token).expect(200);
    const names = async (status?: string) => {
      const res = await api()
        .get(`/api/users?limit=-1&filter[text]=${user.username}${status !== undefined ? `&filter[status]=${status}` : ''}`)
        .set('x-auth-token', admin.token);
      return res.body.data.map((u: UserListRow) => u.username);
    };
    expect(await names()).toEqual([]);
    expect(await names('')).toEqual([]);
    expect(await names('removed')).toEqual([user.username]);
    expect(await names('all')).toEqual([user.username]);
  });

  it('marks rows not seen by the caller: filter[notSeen]=1, seen[] and the mark-all watermark', async () => {
    const fresh = await created(admin);
    const ownView = await api().get(`/api/users?filter[notSeen]=1&limit=-1`).set('x-auth-token', admin.token);
    // The creator has seen the user they created.
    expect(ownView.body.data.map((u: UserListRow) => u._id)).not.toContain(fresh._id);

    const before = await api().get('/api/users?filter[notSeen]=1&limit=-1').set('x-auth-token', apotheke.token);
    expect(before.body.data.map((u: UserListRow) => u._id)).toContain(fresh._id);
    expect(before.body.count).toBe(before.body.data.length);
    expect(before.body.data.find((u: UserListRow) => u._id === fresh._id).seen).toEqual([]);

    // Opening one user marks it as seen.
    await api().get(`/api/users/${fresh._id}`).set('x-auth-token', apotheke.token).expect(200);
    const after = await api().get('/api/users?filter[notSeen]=1&limit=-1').set('x-auth-token', apotheke.token);
    expect(after.body.data.map((u: UserListRow) => u._id)).not.toContain(fresh._id);
    const row = (await api().get(`/api/users?filter[text]=${fresh.username}`).set('x-auth-token', apotheke.token)).body.data[0];
    expect(row.seen).toEqual([apotheke.user._id]);

    // "Mark all as read" (a watermark written by the statistics module) covers everything older.
    const database = app.get<Database>(DB, { strict: false });
    await database.insert(seenWatermarks).values({ userId: apotheke.user._id, entity: 'user', at: new Date(Date.now() + 1000) });
    const none = await api().get('/api/users?filter[notSeen]=1').set('x-auth-token', apotheke.token);
    expect(none.body).toEqual({ data: [], count: 0 });
  });

  it('narrows a home manager to users of the own home, editable', async () => {
    const res = await api().get('/api/users?limit=-1').set('x-auth-token', heimManager.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: UserListRow) => u.username).sort()).toEqual(['heim', 'heim.manager']);
    expect(res.body.data.every((u: UserListRow) => u.editable)).toBe(true);
  });

  it('computes editable for pharma with manager: every row except an administrator', async () => {
    const res = await api().get('/api/users?limit=-1').set('x-auth-token', apotheke.token);
    const editable = Object.fromEntries(res.body.data.map((u: UserListRow) => [u.username, u.editable]));
    expect(editable).toMatchObject({ admin: false, heim: true, arzt: true, fahrer: true, apotheke: true });
  });

  it.each([
    { title: 'negative offset', query: 'offset=-1' },
    { title: 'limit not a number', query: 'limit=viele' },
    { title: 'unknown sort field', query: 'sort=password_hash' },
    { title: 'unknown role', query: 'filter[roles]=ROLE_KING' },
    { title: 'malformed home', query: 'filter[home]=abc' },
    { title: 'malformed doctor', query: 'filter[doctor]=abc' },
    { title: 'unknown status', query: 'filter[status]=deleted' },
  ])('rejects $title with 400', async ({ query }) => {
    const res = await api().get(`/api/users?${query}`).set('x-auth-token', admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe('Ungültiger Filter- oder Seitenparameter.');
  });

  it.each(DENIED)('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    expect((await api().get('/api/users').set('x-auth-token', user.token)).status).toBe(403);
  });
});

describe('GET /api/users/:id', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/users/${NO_ID}`)).status).toBe(401);
  });

  it('answers the user with last changed by/at and created by', async () => {
    const user = await created(admin);
    const res = await api().get(`/api/users/${user._id}`).set('x-auth-token', apotheke.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user._id, createdFrom: { username: 'admin' }, modifiedFrom: { username: 'admin' }, editable: true });
    expect(Date.parse(res.body.modifiedAt)).not.toBeNaN();
  });

  it.each([
    { title: 'an unknown id', caller: () => admin, id: () => NO_ID },
    { title: 'a malformed id', caller: () => admin, id: () => 'kein-id' },
    { title: 'a user outside the home manager’s home', caller: () => heimManager, id: () => arzt.user._id },
  ])('answers 404 for $title', async ({ caller, id }) => {
    expect((await api().get(`/api/users/${id()}`).set('x-auth-token', caller().token)).status).toBe(404);
  });

  it.each(DENIED)('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    expect((await api().get(`/api/users/${admin.user._id}`).set('x-auth-token', user.token)).status).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/users').send(newUser())).status).toBe(401);
  });

  it('creates a home user with a one-time password (min 5) who must change it', async () => {
    const username = uniqueName('heim.neu');
    const res = await createAs(admin, newUser({ username, roles: ['ROLE_HOME'], home: heim.home!._id, password: 'Start', password_confirm: 'Start', once_password: true, chargeable: 0, salutation: 'mrs' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username, roles: ['ROLE_HOME'], home: heim.home!._id, once_password: true, chargeable: 0, salutation: 'mrs', status: '', createdFrom: { username: 'admin' } });
    const record = await login(app, username, 'Start');
    expect(record.once_password).toBe(true);
    const stored = await app.get(UsersService, { strict: false }).findById(res.body._id);
    expect(stored!.passwordHash.startsWith('$argon2id$')).toBe(true);
    const audit = await app.get(AuditService, { strict: false }).find({ action: 'user.create', actorId: admin.user._id });
    expect(audit.map((a) => a.target)).toContain(res.body._id);
  });

  it('accepts the other spelling password_once', async () => {
    const res = await createAs(admin, newUser({ password: 'abcde', password_confirm: 'abcde', password_once: true }));
    expect(res.status).toBe(201);
    expect(res.body.once_password).toBe(true);
  });

  it.each([
    { title: 'a living area of the chosen home', body: () => ({ roles: ['ROLE_HOME'], home: heim.home!._id, homeGroup: [groupB._id, groupA._id, groupA._id], chargeable: 0 }), groups: () => [groupA, groupB] },
    { title: 'no living area', body: () => ({ roles: ['ROLE_HOME'], home: heim.home!._id, homeGroup: [], chargeable: 0 }), groups: () => [] },
    { title: 'living areas cleared with the home (no Heim role)', body: () => ({ roles: ['ROLE_DRIVER'], home: heim.home!._id, homeGroup: [groupA._id] }), groups: () => [] },
  ])('stores the living areas: $title', async ({ body, groups }) => {
    const res = await createAs(admin, newUser(body()));
    expect(res.status).toBe(201);
    expect(res.body.homeGroup).toEqual(groups().map((g) => g._id));
    expect(res.body.homeGroupDetails).toEqual(groups());
    const again = await api().get(`/api/users/${res.body._id}`).set('x-auth-token', admin.token);
    expect(again.body.homeGroup).toEqual(groups().map((g) => g._id));
  });

  it('defaults the salutation to mr and clears doctor and home whose role is not chosen', async () => {
    const res = await createAs(admin, newUser({ roles: ['ROLE_DRIVER'], home: heim.home!._id, doctor: arzt.doctor!._id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ salutation: 'mr', home: null, doctor: null });
  });

  it.each([
    { title: 'contract exists: chargeable 0', body: () => ({ roles: ['ROLE_HOME'], home: heim.home!._id, chargeable: 0 }), chargeable: 0 },
    { title: 'no contract, acknowledged', body: () => ({ roles: ['ROLE_DOCTOR'], doctor: arzt.doctor!._id, chargeable: 2 }), chargeable: 2 },
  ])('stores the chargeable state ($title)', async ({ body, chargeable }) => {
    const res = await createAs(admin, newUser(body()));
    expect(res.status).toBe(201);
    expect(res.body.chargeable).toBe(chargeable);
  });

  it.each([
    { title: 'username missing', body: () => ({ username: '  ' }), path: 'username', message: USER_MESSAGES.usernameRequired },
    { title: 'username taken (case-insensitive)', body: () => ({ username: 'ADMIN' }), path: 'username', message: USER_MESSAGES.usernameTaken },
    { title: 'no role', body: () => ({ roles: [] }), path: 'roles', message: USER_MESSAGES.rolesRequired },
    { title: 'doctor role without doctor', body: () => ({ roles: ['ROLE_DOCTOR'] }), path: 'doctor', message: USER_MESSAGES.doctorRequired },
    { title: 'unknown doctor', body: () => ({ roles: ['ROLE_DOCTOR'], doctor: NO_ID, chargeable: 2 }), path: 'doctor', message: USER_MESSAGES.doctorRequired },
    { title: 'home role without home', body: () => ({ roles: ['ROLE_HOME'] }), path: 'home', message: USER_MESSAGES.homeRequired },
    { title: 'unknown home', body: () => ({ roles: ['ROLE_HOME'], home: NO_ID }), path: 'home', message: USER_MESSAGES.homeRequired },
    { title: 'doctor without e-mail', body: () => ({ roles: ['ROLE_DOCTOR'], doctor: noMailDoctorId, chargeable: 2 }), path: 'doctor', message: USER_MESSAGES.doctorNeedsEmail },
    { title: 'chargeable not acknowledged (1)', body: () => ({ roles: ['ROLE_DOCTOR'], doctor: arzt.doctor!._id, chargeable: 1 }), path: 'chargeable', message: USER_MESSAGES.chargeable },
    { title: 'chargeable missing for a doctor without contract', body: () => ({ roles: ['ROLE_DOCTOR'], doctor: arzt.doctor!._id }), path: 'chargeable', message: USER_MESSAGES.chargeable },
    { title: 'chargeable 0 for a home without contract', body: () => ({ roles: ['ROLE_HOME'], home: otherHomeId, chargeable: 0 }), path: 'chargeable', message: USER_MESSAGES.chargeable },
    { title: 'password missing', body: () => ({ password: '', password_confirm: '' }), path: 'password', message: PASSWORD_MESSAGES.required },
    { title: 'password too weak (strict rules)', body: () => ({ password: 'kurz', password_confirm: 'kurz' }), path: 'password', message: PASSWORD_MESSAGES.tooShort(12) },
    { title: 'password with forbidden character', body: () => ({ password: `${STRONG}"`, password_confirm: `${STRONG}"` }), path: 'password', message: PASSWORD_MESSAGES.forbidden },
    { title: 'one-time password shorter than 5', body: () => ({ password: 'abcd', password_confirm: 'abcd', once_password: true }), path: 'password', message: PASSWORD_MESSAGES.tooShort(5) },
    { title: 'confirmation differs', body: () => ({ password_confirm: 'Anders#2024!!' }), path: 'password_confirm', message: PASSWORD_MESSAGES.mismatch },
    { title: 'malformed role', body: () => ({ roles: ['ROLE_KING'] }), path: 'roles', message: USER_MESSAGES.rolesRequired },
    { title: 'malformed home id', body: () => ({ roles: ['ROLE_HOME'], home: 'x' }), path: 'home', message: USER_MESSAGES.homeRequired },
    { title: 'living area of another home', body: () => ({ roles: ['ROLE_HOME'], home: heim.home!._id, homeGroup: [groupA._id, otherGroupId], chargeable: 0 }), path: 'homeGroup', message: USER_MESSAGES.homeGroupOtherHome },
    { title: 'unknown living area', body: () => ({ roles: ['ROLE_HOME'], home: heim.home!._id, homeGroup: [NO_ID], chargeable: 0 }), path: 'homeGroup', message: USER_MESSAGES.homeGroupOtherHome },
    { title: 'malformed living area id', body: () => ({ roles: ['ROLE_HOME'], home: heim.home!._id, homeGroup: ['wohnbereich-a'], chargeable: 0 }), path: 'homeGroup', message: USER_MESSAGES.homeGroupOtherHome },
  ])('refuses $title with the spec message', async ({ body, path, message }) => {
    const res = await createAs(admin, newUser(body()));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
  });

  it.each([
    { title: 'pharma manager granting Administrator', caller: () => apotheke, body: () => ({ roles: ['ROLE_ADMIN'] }) },
    { title: 'pharma manager adding Administrator to other roles', caller: () => apotheke, body: () => ({ roles: ['ROLE_PHARMA', 'ROLE_ADMIN'] }) },
    { title: 'home manager granting Apotheker', caller: () => heimManager, body: () => ({ roles: ['ROLE_PHARMA'] }) },
    { title: 'home manager granting Manager', caller: () => heimManager, body: () => ({ roles: ['ROLE_HOME', 'ROLE_MANAGER'], home: heim.home!._id, chargeable: 0 }) },
  ])('refuses a role the caller may not grant: $title', async ({ caller, body }) => {
    const res = await createAs(caller(), newUser(body()));
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ path: 'roles', code: ROLE_NOT_ALLOWED_CODE, message: USER_MESSAGES.roleNotAllowed });
  });

  it.each([
    { title: 'pharma manager creates a manager', caller: () => apotheke, body: () => ({ roles: ['ROLE_PHARMA', 'ROLE_MANAGER'] }) },
    { title: 'pharma manager creates a home user', caller: () => apotheke, body: () => ({ roles: ['ROLE_HOME'], home: heim.home!._id, chargeable: 0 }) },
    { title: 'home manager creates a user of the own home', caller: () => heimManager, body: () => ({ roles: ['ROLE_HOME'], home: heim.home!._id, chargeable: 0 }) },
  ])('allows $title', async ({ caller, body }) => {
    expect((await createAs(caller(), newUser(body()))).status).toBe(201);
  });

  it('refuses a home manager creating a user of another home', async () => {
    const res = await createAs(heimManager, newUser({ roles: ['ROLE_HOME'], home: otherHomeId, chargeable: 2 }));
    expect(res.status).toBe(403);
  });

  it('offers and accepts only homes the caller may read (the homes service decides, not the users module)', async () => {
    const { acl } = (await api().get('/api/acl').set('x-auth-token', admin.token)).body as { acl: Record<string, { permissions: string[]; manager: string[] }> };
    const column = acl.ROLE_PHARMA!;
    const patch = (value: typeof column) => api().patch('/api/acl').set('x-auth-token', admin.token).send({ acl: { ROLE_PHARMA: value } });
    try {
      expect((await patch({ ...column, permissions: column.permissions.filter((p) => p !== 'home_list_view') })).status).toBe(200);
      const lookups = await api().get('/api/users/lookups').set('x-auth-token', apotheke.token);
      expect(lookups.status).toBe(200);
      expect(lookups.body).toMatchObject({ homes: [], homeGroups: [] });
      expect(lookups.body.doctors.length).toBeGreaterThan(0);
      const res = await createAs(apotheke, newUser({ roles: ['ROLE_HOME'], home: heim.home!._id, chargeable: 0 }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'home', code: 'invalid', message: USER_MESSAGES.homeRequired }]);
    } finally {
      await patch(column);
    }
    expect((await createAs(apotheke, newUser({ roles: ['ROLE_HOME'], home: heim.home!._id, chargeable: 0 }))).status).toBe(201);
  });

  it('accepts a readable doctor and home in any state and marks neither as seen for the caller', async () => {
    const database = app.get<Database>(DB, { strict: false });
    const [paused] = await database
      .insert(doctors)
      .values({ title: 'Dr.', firstname: 'Paula', lastname: 'Pausiert', email: 'pausiert@example.org', deactivatedAt: new Date() })
      .returning({ id: doctors.id });
    const res = await createAs(apotheke, newUser({ roles: ['ROLE_HOME', 'ROLE_DOCTOR'], doctor: paused!.id, home: otherHomeId, homeGroup: [otherGroupId], chargeable: 2 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      doctorDetails: { _id: paused!.id, title: 'Dr.', firstname: 'Paula', lastname: 'Pausiert', email: 'pausiert@example.org' },
      homeDetails: { _id: otherHomeId, name: 'Haus Abendrot' },
      homeGroupDetails: [{ _id: otherGroupId, name: 'Wohnbereich Nord', home: otherHomeId }],
    });
    const marks = await database
      .select()
      .from(seenMarks)
      .where(and(eq(seenMarks.userId, apotheke.user._id), inArray(seenMarks.entityId, [paused!.id, otherHomeId])));
    expect(marks).toEqual([]);
  });

  it.each(DENIED)('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    expect((await createAs(user, newUser())).status).toBe(403);
  });
});

describe('PUT /api/users/:id', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/users/${NO_ID}`).send({ firstname: 'X' })).status).toBe(401);
  });

  it('saves fields, snippets and the newer form status, with last changed by', async () => {
    const user = await created(admin);
    const snippets = [{ name: 'Rezept', subject: 'Rezeptanforderung', content: 'Bitte senden Sie das Rezept.' }];
    const res = await api()
      .put(`/api/users/${user._id}`)
      .set('x-auth-token', apotheke.token)
      .send({ username: user.username.toUpperCase(), firstname: 'Nora', title: 'Dr.', salutation: 'mrs', snippets, status: 'new' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: user.username.toUpperCase(), firstname: 'Nora', title: 'Dr.', salutation: 'mrs', snippets, status: 'new', modifiedFrom: { username: 'apotheke' } });
    expect(res.body.createdFrom).toEqual({ _id: admin.user._id, username: 'admin', name: 'Alex Admin' });
  });

  it('clears doctor and home when their role is removed', async () => {
    const user = await created(admin, { roles: ['ROLE_HOME', 'ROLE_DOCTOR'], home: heim.home!._id, doctor: arzt.doctor!._id, chargeable: 2 });
    const res = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ roles: ['ROLE_DRIVER'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ roles: ['ROLE_DRIVER'], home: null, doctor: null, chargeable: 0 });
  });

  it.each([
    { title: 'replaced when given', body: () => ({ homeGroup: [groupB._id] }), groups: () => [groupB._id] },
    { title: 'emptied', body: () => ({ homeGroup: [] }), groups: () => [] },
    { title: 'kept when not given', body: () => ({ firstname: 'Wilma' }), groups: () => [groupA._id] },
    { title: 'cleared with the home (Heim role removed)', body: () => ({ roles: ['ROLE_DRIVER'], homeGroup: [groupA._id] }), groups: () => [] },
    { title: 'cleared when the home changes', body: () => ({ home: otherHomeId, chargeable: 2 }), groups: () => [] },
    { title: 'moved to another home with its living area', body: () => ({ home: otherHomeId, homeGroup: [otherGroupId], chargeable: 2 }), groups: () => [otherGroupId] },
  ])('saves the living areas: $title', async ({ body, groups }) => {
    const user = await created(admin, { roles: ['ROLE_HOME'], home: heim.home!._id, homeGroup: [groupA._id], chargeable: 0 });
    const res = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send(body());
    expect(res.status).toBe(200);
    expect(res.body.homeGroup).toEqual(groups());
    expect(res.body.homeGroupDetails.map((g: { _id: string }) => g._id)).toEqual(groups());
  });

  it.each([
    { title: 'a living area of another home', body: () => ({ homeGroup: [otherGroupId] }) },
    { title: 'an unknown living area', body: () => ({ homeGroup: [NO_ID] }) },
    { title: 'the old home’s living area after moving', body: () => ({ home: otherHomeId, homeGroup: [groupA._id], chargeable: 2 }) },
  ])('refuses $title and keeps the stored living areas', async ({ body }) => {
    const user = await created(admin, { roles: ['ROLE_HOME'], home: heim.home!._id, homeGroup: [groupA._id], chargeable: 0 });
    const res = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send(body());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'homeGroup', code: 'invalid', message: USER_MESSAGES.homeGroupOtherHome }]);
    const stored = await api().get(`/api/users/${user._id}`).set('x-auth-token', admin.token);
    expect(stored.body).toMatchObject({ home: heim.home!._id, homeGroup: [groupA._id] });
  });

  it('removes the avatar with the _delete marker', async () => {
    const user = await created(admin);
    await app.get(UsersService, { strict: false }).update(user._id, { avatar: 'data:image/png;base64,AAAA' }, admin.user._id);
    const res = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ avatar: '_delete' });
    expect(res.status).toBe(200);
    expect(res.body.avatar).toBeNull();
  });

  it('changes the password only when given, and ends that user’s sessions at once', async () => {
    const user = await created(admin);
    const session = await login(app, user.username, STRONG);
    await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ firstname: 'Ohne' }).expect(200);
    expect((await api().get('/api/auth/session').set('x-auth-token', session.token)).status).toBe(200);

    const next = 'Regen#Wind2025!';
    await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ password: next, password_confirm: next }).expect(200);
    expect((await api().get('/api/auth/session').set('x-auth-token', session.token)).status).toBe(401);
    await login(app, user.username, next);
    expect((await api().post('/api/auth').send({ username: user.username, password: STRONG })).status).toBe(401);
    // The editor's own session is untouched.
    expect((await api().get('/api/auth/session').set('x-auth-token', admin.token)).status).toBe(200);
  });

  it('reactivates with an empty status; "new" alone does not', async () => {
    const user = await created(admin);
    await api().delete(`/api/users/${user._id}`).set('x-auth-token', admin.token).expect(200);
    // A deactivated user is reactivated, not edited: anything but status '' is refused and changes nothing.
    const stillRemoved = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ status: 'new', firstname: 'Geändert' });
    expect(stillRemoved.status).toBe(403);
    expect((await api().get(`/api/users/${user._id}`).set('x-auth-token', admin.token)).body).toMatchObject({ status: 'removed', firstname: user.firstname });
    expect((await api().post('/api/auth').send({ username: user.username, password: STRONG })).status).toBe(401);

    const res = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ status: '' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('');
    await login(app, user.username, STRONG);
    const audit = await app.get(AuditService, { strict: false }).find({ action: 'user.reactivate' });
    expect(audit.map((a) => a.target)).toContain(user._id);
  });

  it.each([
    { title: 'username taken by another user', body: () => ({ username: 'Apotheke' }), path: 'username', message: USER_MESSAGES.usernameTaken },
    { title: 'username emptied', body: () => ({ username: '' }), path: 'username', message: USER_MESSAGES.usernameRequired },
    { title: 'all roles removed', body: () => ({ roles: [] }), path: 'roles', message: USER_MESSAGES.rolesRequired },
    { title: 'weak new password', body: () => ({ password: 'abc', password_confirm: 'abc' }), path: 'password', message: PASSWORD_MESSAGES.tooShort(12) },
    { title: 'chargeable 1', body: () => ({ chargeable: 1 }), path: 'chargeable', message: USER_MESSAGES.chargeable },
    { title: 'moved to a doctor without e-mail', body: () => ({ roles: ['ROLE_DOCTOR'], doctor: noMailDoctorId, chargeable: 2 }), path: 'doctor', message: USER_MESSAGES.doctorNeedsEmail },
    { title: 'moved to a home without contract, not acknowledged', body: () => ({ roles: ['ROLE_HOME'], home: otherHomeId }), path: 'chargeable', message: USER_MESSAGES.chargeable },
    { title: 'status removed (deactivation is DELETE)', body: () => ({ status: 'removed' }), path: 'status', message: 'Ungültiger Status.' },
  ])('refuses $title', async ({ body, path, message }) => {
    const user = await created(admin);
    const res = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send(body());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
  });

  it.each([
    { title: 'pharma manager editing the admin', caller: () => apotheke, target: () => admin.user._id, body: { firstname: 'X' }, status: 403 },
    { title: 'pharma manager granting Administrator', caller: () => apotheke, target: () => heim.user._id, body: { roles: ['ROLE_HOME', 'ROLE_ADMIN'] }, status: 403 },
    { title: 'home manager editing the doctor user', caller: () => heimManager, target: () => arzt.user._id, body: { firstname: 'X' }, status: 404 },
    { title: 'home manager moving a user to another home', caller: () => heimManager, target: () => heim.user._id, body: () => ({ home: otherHomeId, chargeable: 2 }), status: 403 },
    { title: 'home manager granting Manager', caller: () => heimManager, target: () => heim.user._id, body: { roles: ['ROLE_HOME', 'ROLE_MANAGER'] }, status: 403 },
    { title: 'an unknown user', caller: () => admin, target: () => NO_ID, body: { firstname: 'X' }, status: 404 },
  ])('refuses $title', async ({ caller, target, body, status }) => {
    const payload = typeof body === 'function' ? body() : body;
    const res = await api().put(`/api/users/${target()}`).set('x-auth-token', caller().token).send(payload);
    expect(res.status).toBe(status);
    if (status === 403 && 'roles' in payload) expect(res.body.errors[0].message).toBe(USER_MESSAGES.roleNotAllowed);
  });

  it('lets a home manager edit a user of the own home', async () => {
    const res = await api().put(`/api/users/${heim.user._id}`).set('x-auth-token', heimManager.token).send({ title: 'Mag.' });
    expect(res.status).toBe(200);
    expect(res.body.modifiedFrom.username).toBe('heim.manager');
  });

  it.each(DENIED)('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    expect((await api().put(`/api/users/${user.user._id}`).set('x-auth-token', user.token).send({ firstname: 'X' })).status).toBe(403);
  });
});

describe('DELETE /api/users/:id', () => {
  it('requires sign-in', async () => {
    expect((await api().delete(`/api/users/${NO_ID}`)).status).toBe(401);
  });

  it('deactivates: data kept, sessions end at once, sign-in refused, audit row', async () => {
    const user = await created(admin);
    const session = await login(app, user.username, STRONG);
    const res = await api().delete(`/api/users/${user._id}`).set('x-auth-token', apotheke.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: user._id, username: user.username, firstname: 'Nina', status: 'removed' });
    expect((await api().get('/api/auth/session').set('x-auth-token', session.token)).status).toBe(401);
    const again = await api().post('/api/auth').send({ username: user.username, password: STRONG });
    expect(again.status).toBe(401);
    // A deactivated account answers exactly like a wrong password, so nobody learns which accounts exist.
    expect(again.body.errors[0].message).toBe(API_MESSAGES.badCredentials);
    const audit = await app.get(AuditService, { strict: false }).find({ action: 'user.deactivate', actorId: apotheke.user._id });
    expect(audit.map((a) => a.target)).toContain(user._id);
  });

  it('refuses to deactivate yourself', async () => {
    const res = await api().delete(`/api/users/${apotheke.user._id}`).set('x-auth-token', apotheke.token);
    // The user policy refuses it (403); the message says why, in the spec's words.
    expect(res.status).toBe(403);
    expect(res.body.errors[0].message).toBe(USER_MESSAGES.selfDeactivate);
  });

  it.each([
    { title: 'pharma manager deactivating the admin', caller: () => apotheke, target: () => admin.user._id, status: 403 },
    { title: 'home manager deactivating the doctor user', caller: () => heimManager, target: () => arzt.user._id, status: 404 },
    { title: 'an unknown user', caller: () => admin, target: () => NO_ID, status: 404 },
  ])('refuses $title', async ({ caller, target, status }) => {
    expect((await api().delete(`/api/users/${target()}`).set('x-auth-token', caller().token)).status).toBe(status);
  });

  it.each(DENIED)('is forbidden for %s', async (username) => {
    const user = await login(app, username);
    expect((await api().delete(`/api/users/${admin.user._id}`).set('x-auth-token', user.token)).status).toBe(403);
  });
});


describe('last change of a user (who and when)', () => {
  /** The user as the form reads it, by the administrator. */
  const read = async (id: string) => (await api().get(`/api/users/${id}`).set('x-auth-token', admin.token)).body as UserListRow;

  it.each([
    {
      title: 'a change through the users route',
      by: () => apotheke,
      name: 'Petra Apotheke',
      write: (id: string) => api().put(`/api/users/${id}`).set('x-auth-token', apotheke.token).send({ firstname: 'Nora' }),
    },
    {
      title: 'a deactivation',
      by: () => apotheke,
      name: 'Petra Apotheke',
      write: (id: string) => api().delete(`/api/users/${id}`).set('x-auth-token', apotheke.token),
    },
    {
      title: 'another user’s profile changed by the administrator',
      by: () => admin,
      name: 'Alex Admin',
      write: (id: string) => api().put(`/api/users/${id}/profile`).set('x-auth-token', admin.token).send({ city: 'Bonn' }),
    },
    {
      title: 'the own profile',
      by: (self?: AuthRecord) => self!,
      name: 'Nina Neu',
      write: (id: string, self?: AuthRecord) => api().put(`/api/users/${id}/profile`).set('x-auth-token', self!.token).send({ street: 'Weg 2' }),
    },
  ])('records $title: the changing user by name and an ISO timestamp', async ({ by, name, write }) => {
    const user = await created(admin);
    const self = await login(app, user.username, STRONG);
    const before = Date.now();
    const res = await write(user._id, self);
    expect(res.status).toBe(200);
    const after = Date.now();
    const changed = await read(user._id);
    const actor = by(self);
    expect(changed.modifiedFrom).toEqual({ _id: actor.user._id, username: actor.user.username, name });
    expect(changed.modifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(changed.modifiedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(changed.modifiedAt)).toBeLessThanOrEqual(after + 1000);
    // The creator stays as it was.
    expect(changed.createdFrom).toEqual({ _id: admin.user._id, username: 'admin', name: 'Alex Admin' });
  });

  it('names a changing user without first and last name by the username, in the list as in the single read', async () => {
    const nameless = await created(admin, { username: uniqueName('ohne.namen'), roles: ['ROLE_PHARMA', 'ROLE_MANAGER'], firstname: '', lastname: '' });
    const changer = await login(app, nameless.username, STRONG);
    const user = await created(admin);
    expect((await api().put(`/api/users/${user._id}`).set('x-auth-token', changer.token).send({ lastname: 'Neumann' })).status).toBe(200);
    const expected = { _id: nameless._id, username: nameless.username, name: nameless.username };
    expect((await read(user._id)).modifiedFrom).toEqual(expected);
    const list = await api().get(`/api/users?filter[text]=${encodeURIComponent(user.username)}`).set('x-auth-token', admin.token);
    expect(list.body.data).toEqual([expect.objectContaining({ _id: user._id, modifiedFrom: expected, createdFrom: { _id: admin.user._id, username: 'admin', name: 'Alex Admin' } })]);
  });
});

describe('username rule (letters, digits, . _ -; at most 100 characters)', () => {
  const usernameError = async (res: request.Response, message: string) => {
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: 'username', message }));
  };

  it.each([
    { title: 'markup, a space and ñ', username: '<b>x</b> ñ', message: USER_MESSAGES.usernameCharacters },
    { title: 'an inner space', username: 'anna mueller', message: USER_MESSAGES.usernameCharacters },
    { title: 'an e-mail address', username: 'anna@example.org', message: USER_MESSAGES.usernameCharacters },
    { title: 'a Cyrillic look-alike', username: '\u0430dmin.neu', message: USER_MESSAGES.usernameCharacters },
    { title: '101 characters', username: 'a'.repeat(101), message: USER_MESSAGES.usernameTooLong },
  ])('refuses $title on create', async ({ username, message }) => {
    await usernameError(await createAs(admin, newUser({ username })), message);
  });

  it.each(['anna.mueller_2-b', 'jürgen.groß', 'René.Łukasz'])('creates %s', async (username) => {
    const res = await createAs(admin, newUser({ username }));
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(username);
  });

  it('refuses an invalid username on edit', async () => {
    const user = await created(admin);
    await usernameError(await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ username: 'neu name' }), USER_MESSAGES.usernameCharacters);
  });

  it('lets a user named before the rule sign in and be saved while the name stays', async () => {
    const { users } = await import('../../db/schema/index.js');
    const user = await created(admin);
    const legacy = `Alt Name ${++counter}`;
    await app.get<Database>(DB, { strict: false }).update(users).set({ username: legacy }).where(eq(users.id, user._id));
    expect((await api().post('/api/auth').send({ username: legacy, password: STRONG })).status).toBe(200);

    const kept = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ firstname: 'Lea' });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ username: legacy, firstname: 'Lea' });
    await usernameError(await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ username: `${legacy} 2` }), USER_MESSAGES.usernameCharacters);
    const renamed = await api().put(`/api/users/${user._id}`).set('x-auth-token', admin.token).send({ username: `alt.name.${counter}` });
    expect(renamed.status).toBe(200);
    expect(renamed.body.username).toBe(`alt.name.${counter}`);
  });
});
