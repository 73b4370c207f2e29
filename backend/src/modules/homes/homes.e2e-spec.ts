import { hash } from '@node-rs/argon2';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord, HOME_GROUP_IN_USE_CODE, type HomeDto, type HomeGroupDto, type Role } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { FIELD_MESSAGES, HOME_MESSAGES } from '@mediport/validation';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { auditLog, homeGroups, homes, patients, sessions, userHomeGroups, users } from '../../db/schema/index.js';
import { whileAuditFails } from '../../testing/failing-audit.js';
import { type DemoUsername, login, loginAll, useTestApp } from '../../testing/test-app.js';

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());
const NO_ID = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'Zz#Heimleitung24!';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** "Haus Sonnenschein" (heim's, with a contract) and a demo home without a contract. */
let ownHome: string;
let otherHome: string;
/** A manager of "Haus Sonnenschein" (home_edit_view_own, home_group_edit_view_own). */
let heimLeitung: AuthRecord;
let passwordHash: string;
let seq = 0;

useTestApp(async (booted) => {
  app = booted.app;
  database = app.get<Database>(DB, { strict: false });
  demo = await loginAll(app);
  ownHome = demo.heim.home!._id;
  otherHome = (await database.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Pflegeheim Lindenhof')))[0]!.id;
  passwordHash = await hash(PASSWORD);
  await addUser('heim.leitung', ['ROLE_HOME', 'ROLE_MANAGER'], ownHome);
  heimLeitung = await login(app, 'heim.leitung', PASSWORD);
});

async function addUser(username: string, roles: Role[], homeId: string): Promise<string> {
  const [row] = await database.insert(users).values({ username, passwordHash, roles, homeId }).returning({ id: users.id });
  return row!.id;
}

const as = (name: DemoUsername) => demo[name].token;

function newHome(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return { name: `Haus Probe ${seq}`, street: 'Rosenweg 2', postalCode: '10115', city: 'Berlin', country: 'Deutschland', email: `info${seq}@haus-probe.de`, fax: '030 1112223', ...overrides };
}

/** Sends `body` as multipart text fields (the form's way), with an optional logo file. */
function multipart(req: request.Test, body: Record<string, unknown>, logo?: Buffer) {
  for (const [k, v] of Object.entries(body)) req = req.field(k, String(v));
  return logo ? req.attach('logo', logo, { filename: 'logo.png', contentType: 'image/png' }) : req;
}

async function created(caller: string, overrides: Record<string, unknown> = {}): Promise<HomeDto> {
  const res = await multipart(api().post('/api/homes').set('x-auth-token', caller), newHome(overrides));
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as HomeDto;
}

async function homeCount(): Promise<number> {
  const [row] = await database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(homes);
  return row!.n;
}

describe('GET /api/homes', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/homes')).status).toBe(401);
  });

  it('lists the demo homes with login, contract, living areas and their patients', async () => {
    const res = await api().get('/api/homes?limit=99999').set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(3);
    const sonne = (res.body.data as HomeDto[]).find((h) => h._id === ownHome)!;
    expect(sonne).toMatchObject({ name: 'Haus Sonnenschein', withLogin: true, canSendTasks: true, selfPay: false, country: 'Deutschland' });
    expect(sonne.homeGroups.map((g) => g.name)).toEqual(['Wohnbereich A', 'Wohnbereich B']);
    expect(sonne.homeGroups.reduce((n, g) => n + g.patients, 0)).toBeGreaterThan(0);
    const linden = (res.body.data as HomeDto[]).find((h) => h._id === otherHome)!;
    expect(linden).toMatchObject({ withLogin: false, canSendTasks: false, senderEditable: false });
    const names = (res.body.data as HomeDto[]).map((h) => h.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('finds by name (infix, any case)', async () => {
    const res = await api().get('/api/homes?filter[text]=lindenh').set('x-auth-token', as('apotheke'));
    expect(res.body.data.map((h: HomeDto) => h._id)).toEqual([otherHome]);
  });

  it('shows a home user only the own home; a doctor all homes', async () => {
    const own = await api().get('/api/homes?limit=-1').set('x-auth-token', as('heim'));
    expect(own.body).toMatchObject({ count: 1, data: [{ _id: ownHome, editable: false, groupsEditable: false }] });
    const doctor = await api().get('/api/homes?limit=-1').set('x-auth-token', as('arzt'));
    expect(doctor.body.count).toBeGreaterThanOrEqual(3);
  });

  it.each(['fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (name) => {
    const res = await api().get('/api/homes').set('x-auth-token', as(name));
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });

  it('counts "neu" like the dashboard tile and marks a home seen when opened', async () => {
    const h = await created(as('admin'));
    const notSeen = async () => (await api().get('/api/homes?filter[notSeen]=1&limit=1').set('x-auth-token', as('apotheke'))).body.count as number;
    const tile = async () => (await api().get('/api/statistics').set('x-auth-token', as('apotheke'))).body.counts.home as number;
    expect(await tile()).toBe(await notSeen());
    const before = await notSeen();
    expect((await api().get(`/api/homes/${h._id}`).set('x-auth-token', as('apotheke'))).body.seen).toEqual([demo.apotheke.user._id]);
    expect(await notSeen()).toBe(before - 1);
    expect(await tile()).toBe(before - 1);
  });
});

describe('GET /api/homes/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/homes/${ownHome}`)).status).toBe(401);
  });

  it('answers a home user 404 for another home, unknown or bad ids', async () => {
    expect((await api().get(`/api/homes/${ownHome}`).set('x-auth-token', as('heim'))).status).toBe(200);
    for (const id of [otherHome, NO_ID, 'abc']) expect({ id, status: (await api().get(`/api/homes/${id}`).set('x-auth-token', as('heim'))).status }).toEqual({ id, status: 404 });
  });
});

describe('POST /api/homes', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/homes').send(newHome())).status).toBe(401);
  });

  it('creates a home from multipart fields (and from JSON)', async () => {
    const h = await created(as('apotheke'), { firstname: 'Heike', lastname: 'Leiter', phone: '030 1112220' });
    expect(h).toMatchObject({ firstname: 'Heike', lastname: 'Leiter', withLogin: false, canSendTasks: false, homeGroups: [], logo: null, createdFrom: { username: 'apotheke' } });
    const json = await api().post('/api/homes').set('x-auth-token', as('apotheke')).send(newHome());
    expect(json.status).toBe(201);
    expect((await database.select().from(auditLog).where(and(eq(auditLog.target, h._id), eq(auditLog.action, 'home.create')))).length).toBe(1);
  });

  const rules = [
    { title: 'name', body: { name: '' }, path: 'name', message: HOME_MESSAGES.name },
    { title: 'street', body: { street: '' }, path: 'street', message: HOME_MESSAGES.street },
    { title: 'postal code', body: { postalCode: '' }, path: 'postalCode', message: HOME_MESSAGES.postalCode },
    { title: 'city', body: { city: '' }, path: 'city', message: HOME_MESSAGES.city },
    { title: 'country', body: { country: ' ' }, path: 'country', message: HOME_MESSAGES.country },
    { title: 'e-mail', body: { email: '' }, path: 'email', message: 'E-Mail muss ausgefüllt werden' },
    { title: 'fax', body: { fax: '' }, path: 'fax', message: 'Fax muss ausgefüllt werden' },
    { title: 'postal code digits only, max 5', body: { postalCode: '1234567' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'e-mail pattern', body: { email: 'info@haus' }, path: 'email', message: FIELD_MESSAGES.email },
  ];
  it.each(rules)('refuses: $title', async ({ body, path, message }) => {
    const before = await homeCount();
    const res = await multipart(api().post('/api/homes').set('x-auth-token', as('apotheke')), newHome(body));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message }));
    expect(await homeCount()).toBe(before);
  });

  it('lets only administrators set the Kundennummer', async () => {
    const res = await multipart(api().post('/api/homes').set('x-auth-token', as('apotheke')), newHome({ debtorId: 'H-1' }));
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([{ path: 'debtorId', code: 'forbidden', message: MASTERDATA_API_MESSAGES.debtorIdAdminOnly }]);
    expect((await created(as('admin'), { debtorId: 'H-1' })).debtorId).toBe('H-1');
  });

  it('refuses sender settings and a logo for a new home (no contract yet)', async () => {
    const before = await homeCount();
    const fields = await multipart(api().post('/api/homes').set('x-auth-token', as('admin')), newHome({ senderName: 'Absender', senderPhone: '030 1' }));
    expect(fields.status).toBe(403);
    expect(fields.body.errors[0]).toMatchObject({ path: 'senderName', message: MASTERDATA_API_MESSAGES.senderSettingsNotAllowed });
    const logo = await multipart(api().post('/api/homes').set('x-auth-token', as('admin')), newHome(), PNG);
    expect(logo.status).toBe(403);
    expect(await homeCount()).toBe(before);
  });

  it.each(['heim', 'arzt', 'fahrer'] as const)('is forbidden for %s', async (name) => {
    expect((await api().post('/api/homes').set('x-auth-token', as(name)).send(newHome())).status).toBe(403);
  });
});

describe('PUT /api/homes/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/homes/${ownHome}`).send({})).status).toBe(401);
  });

  it('lets a home manager edit the own home, not another one; the plain home user not at all', async () => {
    const ok = await multipart(api().put(`/api/homes/${ownHome}`).set('x-auth-token', heimLeitung.token), { phone: '030 4455662' });
    expect(ok.status).toBe(200);
    expect(ok.body.phone).toBe('030 4455662');
    expect((await api().put(`/api/homes/${otherHome}`).set('x-auth-token', heimLeitung.token).send({ phone: '1' })).status).toBe(404);
    expect((await api().put(`/api/homes/${ownHome}`).set('x-auth-token', as('heim')).send({ phone: '1' })).status).toBe(403);
  });

  it('merges and checks the home as saved', async () => {
    const h = await created(as('apotheke'));
    const res = await api().put(`/api/homes/${h._id}`).set('x-auth-token', as('apotheke')).send({ fax: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'fax', code: 'invalid', message: 'Fax muss ausgefüllt werden' }]);
  });

  it('sender settings: a manager of a home with a contract sets name, phone, fax and logo; name and phone required', async () => {
    const missing = await multipart(api().put(`/api/homes/${ownHome}`).set('x-auth-token', heimLeitung.token), { senderName: '', senderPhone: '', senderFax: '030 9' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { path: 'senderName', code: 'invalid', message: HOME_MESSAGES.senderNameRequired },
      { path: 'senderPhone', code: 'invalid', message: HOME_MESSAGES.senderPhoneRequired },
    ]);
    const res = await multipart(api().put(`/api/homes/${ownHome}`).set('x-auth-token', heimLeitung.token), { senderName: 'Sonnenschein PDL', senderPhone: '030 1', senderFax: '030 2' }, PNG);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ senderName: 'Sonnenschein PDL', senderPhone: '030 1', senderFax: '030 2', logo: expect.stringMatching(`^/api/homes/${ownHome}/logo\\?v=`) });
    const logo = await api().get(`/api/homes/${ownHome}/logo`).set('x-auth-token', as('heim'));
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(logo.body as Buffer, PNG)).toBe(0);
    const removed = await multipart(api().put(`/api/homes/${ownHome}`).set('x-auth-token', heimLeitung.token), { logo: '_delete' });
    expect(removed.body.logo).toBeNull();
    expect((await api().get(`/api/homes/${ownHome}/logo`).set('x-auth-token', as('heim'))).status).toBe(404);
  });

  it('refuses sender settings without a contract (even for an administrator) and to non-managers; resending stored values is fine', async () => {
    const res = await api().put(`/api/homes/${otherHome}`).set('x-auth-token', as('admin')).send({ senderName: 'Lindenhof', senderPhone: '030 3' });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ path: 'senderName', code: 'forbidden', message: MASTERDATA_API_MESSAGES.senderSettingsNotAllowed });
    const stored = (await api().get(`/api/homes/${ownHome}`).set('x-auth-token', as('admin'))).body as HomeDto;
    // An administrator without the manager role is still an administrator: allowed on a home with a contract.
    expect((await api().put(`/api/homes/${ownHome}`).set('x-auth-token', as('admin')).send({ senderPhone: '030 4' })).status).toBe(200);
    expect((await api().put(`/api/homes/${ownHome}`).set('x-auth-token', heimLeitung.token).send({ senderName: stored.senderName, debtorId: stored.debtorId })).status).toBe(200);
    expect((await api().put(`/api/homes/${ownHome}`).set('x-auth-token', heimLeitung.token).send({ debtorId: 'X-1' })).status).toBe(403);
  });

  it.each([
    { title: 'a PDF as logo', file: Buffer.from('%PDF-1.4\n%%EOF\n'), status: 415, message: UPLOAD_MESSAGES.image },
    { title: 'a logo over 2 MB', file: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), status: 413, message: UPLOAD_MESSAGES.tooLarge },
  ])('refuses $title and changes nothing', async ({ file, status, message }) => {
    const [before] = await database.select().from(homes).where(eq(homes.id, ownHome));
    const res = await multipart(api().put(`/api/homes/${ownHome}`).set('x-auth-token', as('admin')), { phone: '030 999' }, file);
    expect(res.status).toBe(status);
    expect(res.body.errors[0].message).toBe(message);
    const [after] = await database.select().from(homes).where(eq(homes.id, ownHome));
    expect(after).toEqual(before);
  });
});

describe('DELETE /api/homes/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().delete(`/api/homes/${NO_ID}`)).status).toBe(401);
  });

  it('deactivates: kept, hidden from the list, its users signed out; reactivated with deactivated=false', async () => {
    const h = await created(as('apotheke'), { name: 'Haus Schliessung' });
    await addUser('heim.schliessung', ['ROLE_HOME'], h._id);
    const session = await login(app, 'heim.schliessung', PASSWORD);
    const res = await api().delete(`/api/homes/${h._id}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deactivated: true, editable: false, deletable: true });
    expect((await api().get('/api/auth/session').set('x-auth-token', session.token)).status).toBe(401);
    const list = async (q = '') => ((await api().get(`/api/homes?filter[text]=Schliessung${q}`).set('x-auth-token', as('apotheke'))).body.data as HomeDto[]).map((x) => x._id);
    expect(await list()).toEqual([]);
    expect(await list('&filter[deactivated]=1')).toEqual([h._id]);
    const back = await multipart(api().put(`/api/homes/${h._id}`).set('x-auth-token', as('apotheke')), { deactivated: 'false' });
    expect(back.status).toBe(200);
    expect(back.body.deactivated).toBe(false);
  });

  it.each(['heim', 'arzt'] as const)('is forbidden for %s', async (name) => {
    expect((await api().delete(`/api/homes/${otherHome}`).set('x-auth-token', as(name))).status).toBe(403);
  });

  it('is forbidden for a home manager, also for the own home', async () => {
    expect((await api().delete(`/api/homes/${ownHome}`).set('x-auth-token', heimLeitung.token)).status).toBe(403);
  });
});

describe('living areas', () => {
  it('require sign-in', async () => {
    expect((await api().get(`/api/homes/${ownHome}/groups`)).status).toBe(401);
    expect((await api().post(`/api/homes/${ownHome}/groups`).send({ name: 'x' })).status).toBe(401);
    expect((await api().put(`/api/homes/${ownHome}/groups/${NO_ID}`).send({ name: 'x' })).status).toBe(401);
    expect((await api().delete(`/api/homegroups/${NO_ID}`)).status).toBe(401);
  });

  it('lists the living areas of a readable home with their patients', async () => {
    const res = await api().get(`/api/homes/${ownHome}/groups`).set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: HomeGroupDto) => g.name)).toEqual(['Wohnbereich A', 'Wohnbereich B']);
    expect((await api().get(`/api/homes/${otherHome}/groups`).set('x-auth-token', as('heim'))).status).toBe(404);
  });

  it('two living areas of the same name added at once: one is created, the other answers 400 with the message, never a 500', async () => {
    const name = `Wohnbereich Gleichzeitig ${Date.now()}`;
    const answers = await Promise.all([1, 2, 3].map(() => api().post(`/api/homes/${ownHome}/groups`).set('x-auth-token', heimLeitung.token).send({ name })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body.errors).toEqual([{ path: 'name', code: 'invalid', message: MASTERDATA_API_MESSAGES.homeGroupTaken }]);
  });

  it('are added and renamed by a home manager of the own home; names required and unique (any case)', async () => {
    const add = await api().post(`/api/homes/${ownHome}/groups`).set('x-auth-token', heimLeitung.token).send({ name: ' Wohnbereich C ' });
    expect(add.status).toBe(201);
    expect(add.body).toEqual({ _id: expect.any(String), name: 'Wohnbereich C', home: ownHome, patients: 0 });
    const taken = await api().post(`/api/homes/${ownHome}/groups`).set('x-auth-token', heimLeitung.token).send({ name: 'wohnbereich c' });
    expect(taken.body.errors).toEqual([{ path: 'name', code: 'invalid', message: MASTERDATA_API_MESSAGES.homeGroupTaken }]);
    const empty = await api().post(`/api/homes/${ownHome}/groups`).set('x-auth-token', heimLeitung.token).send({ name: ' ' });
    expect(empty.body.errors).toEqual([{ path: 'name', code: 'invalid', message: HOME_MESSAGES.homeGroupNameRequired }]);
    const renamed = await api().put(`/api/homes/${ownHome}/groups/${add.body._id}`).set('x-auth-token', heimLeitung.token).send({ name: 'Wohnbereich Garten' });
    expect(renamed.body.name).toBe('Wohnbereich Garten');
    // The area under another home's id is not found.
    expect((await api().put(`/api/homes/${otherHome}/groups/${add.body._id}`).set('x-auth-token', as('admin')).send({ name: 'x' })).status).toBe(404);
    expect((await api().post(`/api/homes/${otherHome}/groups`).set('x-auth-token', heimLeitung.token).send({ name: 'Fremd' })).status).toBe(404);
    expect((await api().post(`/api/homes/${ownHome}/groups`).set('x-auth-token', as('heim')).send({ name: 'Ohne Recht' })).status).toBe(403);
  });

  it('are not deleted while active patients live there (409, nothing changed); once empty they go with their user assignments', async () => {
    const group = (await api().post(`/api/homes/${ownHome}/groups`).set('x-auth-token', as('apotheke')).send({ name: 'Wohnbereich Abriss' })).body as HomeGroupDto;
    const patient = (
      await api().post('/api/patients').set('x-auth-token', as('apotheke')).send({ lastname: 'Bewohner', dateOfBirth: '01.01.1935', home: ownHome, homeGroup: group._id })
    ).body as { _id: string };
    const gone = (await api().post('/api/patients').set('x-auth-token', as('apotheke')).send({ lastname: 'Ehemalig', dateOfBirth: '01.01.1936', home: ownHome, homeGroup: group._id })).body as { _id: string };
    await api().delete(`/api/patients/${gone._id}`).set('x-auth-token', as('apotheke')).expect(200);
    await database.insert(userHomeGroups).values({ userId: demo.heim.user._id, homeGroupId: group._id });

    const refused = await api().delete(`/api/homegroups/${group._id}`).set('x-auth-token', heimLeitung.token);
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ path: 'homeGroup', code: HOME_GROUP_IN_USE_CODE, message: MASTERDATA_API_MESSAGES.homeGroupInUse }]);
    expect((await database.select().from(homeGroups).where(eq(homeGroups.id, group._id))).length).toBe(1);

    await api().put(`/api/patients/${patient._id}`).set('x-auth-token', as('apotheke')).send({ homeGroup: '' }).expect(200);
    const res = await api().delete(`/api/homegroups/${group._id}`).set('x-auth-token', heimLeitung.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, _id: group._id });
    expect((await database.select().from(userHomeGroups).where(eq(userHomeGroups.homeGroupId, group._id))).length).toBe(0);
    // The user keeps the other living areas (the users module released only this one's links).
    const user = await api().get(`/api/users/${demo.heim.user._id}`).set('x-auth-token', as('admin'));
    expect(user.body.homeGroup).not.toContain(group._id);
    expect(user.body.homeGroup.length).toBeGreaterThan(0);
    const [former] = await database.select().from(patients).where(eq(patients.id, gone._id));
    expect({ home: former!.homeId, group: former!.homeGroupId }).toEqual({ home: ownHome, group: null });
  });

  it('answers 404 to a home user for an area of another home and 403 without the right', async () => {
    const [foreign] = await database.select({ id: homeGroups.id }).from(homeGroups).where(eq(homeGroups.homeId, otherHome));
    expect((await api().delete(`/api/homegroups/${foreign!.id}`).set('x-auth-token', heimLeitung.token)).status).toBe(404);
    const [own] = await database.select({ id: homeGroups.id }).from(homeGroups).where(eq(homeGroups.homeId, ownHome));
    expect((await api().delete(`/api/homegroups/${own!.id}`).set('x-auth-token', as('heim'))).status).toBe(403);
    expect((await api().delete(`/api/homegroups/${own!.id}`).set('x-auth-token', as('arzt'))).status).toBe(403);
    expect((await api().delete(`/api/homegroups/${NO_ID}`).set('x-auth-token', as('admin'))).status).toBe(404);
  });
});

describe('one unit of work per change: a failing audit row rolls back the earlier writes', () => {
  const auditRows = async (target: string) => (await database.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, target))).map((a) => a.action);

  it('home deactivation: the home stays active and its users stay signed in', async () => {
    const h = await created(as('apotheke'), { name: 'Haus Rueckabwicklung' });
    const userId = await addUser('heim.rueckabwicklung', ['ROLE_HOME'], h._id);
    const session = await login(app, 'heim.rueckabwicklung', PASSWORD);
    const res = await whileAuditFails(database, 'home.deactivate', () => api().delete(`/api/homes/${h._id}`).set('x-auth-token', as('apotheke')));
    expect(res.status).toBe(500);
    const [home] = await database.select({ deactivatedAt: homes.deactivatedAt, modifiedAt: homes.modifiedAt }).from(homes).where(eq(homes.id, h._id));
    expect(home).toEqual({ deactivatedAt: null, modifiedAt: new Date(h.modifiedAt) });
    expect((await database.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.revokedAt)).toEqual([null]);
    expect((await api().get('/api/auth/session').set('x-auth-token', session.token)).status).toBe(200);
    expect(await auditRows(h._id)).toEqual(['home.create']);
    // Without the failure the same request goes through.
    expect((await api().delete(`/api/homes/${h._id}`).set('x-auth-token', as('apotheke'))).status).toBe(200);
    expect((await api().get('/api/auth/session').set('x-auth-token', session.token)).status).toBe(401);
  });

  it('home creation: no home without its audit row', async () => {
    const before = await homeCount();
    const res = await whileAuditFails(database, 'home.create', () => multipart(api().post('/api/homes').set('x-auth-token', as('apotheke')), newHome()));
    expect(res.status).toBe(500);
    expect(await homeCount()).toBe(before);
  });

  it('living-area delete: the area, its user assignments and its deactivated patients stay as they were', async () => {
    const group = (await api().post(`/api/homes/${ownHome}/groups`).set('x-auth-token', as('apotheke')).send({ name: 'Wohnbereich Bleibt' })).body as HomeGroupDto;
    const gone = (await api().post('/api/patients').set('x-auth-token', as('apotheke')).send({ lastname: 'Frueher', dateOfBirth: '01.01.1937', home: ownHome, homeGroup: group._id })).body as { _id: string };
    await api().delete(`/api/patients/${gone._id}`).set('x-auth-token', as('apotheke')).expect(200);
    await database.insert(userHomeGroups).values({ userId: demo.heim.user._id, homeGroupId: group._id });

    const res = await whileAuditFails(database, 'home_group.delete', () => api().delete(`/api/homegroups/${group._id}`).set('x-auth-token', heimLeitung.token));
    expect(res.status).toBe(500);
    expect((await database.select().from(homeGroups).where(eq(homeGroups.id, group._id))).length).toBe(1);
    expect((await database.select().from(userHomeGroups).where(and(eq(userHomeGroups.homeGroupId, group._id), eq(userHomeGroups.userId, demo.heim.user._id)))).length).toBe(1);
    const [former] = await database.select({ group: patients.homeGroupId }).from(patients).where(eq(patients.id, gone._id));
    expect(former!.group).toBe(group._id);
    expect(await auditRows(group._id)).toEqual(['home_group.create']);
  });
});
