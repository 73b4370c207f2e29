import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { type AuthRecord, type ChangelogEntry, type Role, ROLES, SEEN_KINDS, type SeenKind } from '@mediport/contracts';
import { hasPermission } from '@mediport/permissions';
import { DB } from '../../core/db/db.module.js';
import type { Database } from '../../core/db/database.js';
import { doctors, homes, meetings, users } from '../../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_USERNAMES, login, loginAll, type DemoUsername, type TestDatabase, useTestApp } from '../../testing/test-app.js';

let db: TestDatabase;
let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());

const LIST_PERMISSION: Record<SeenKind, string> = {
  task: 'task_list_view',
  event: 'task_list_view',
  pickup: 'pickup_list_view',
  home: 'home_list_view',
  doctor: 'doctor_list_view',
  user: 'user_list_view',
  patient: 'patient_list_view',
};

let seq = 0;
async function addUser(values: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  seq += 1;
  const [row] = await database
    .insert(users)
    .values({ username: `neu.${seq}`, passwordHash: await hash(DEMO_PASSWORD), roles: ['ROLE_DRIVER'], ...values })
    .returning({ id: users.id });
  return row!.id;
}

async function counts(token: string) {
  const res = await api().get('/api/statistics').set('x-auth-token', token);
  expect(res.status).toBe(200);
  return res.body.counts as Partial<Record<SeenKind, number>>;
}

useTestApp(async (booted) => {
  ({ app, db } = booted);
  database = app.get<Database>(DB, { strict: false });
  demo = await loginAll(app);
});

describe('GET /api/statistics', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/statistics')).status).toBe(401);
  });

  it('refuses accounting (no dashboard_view)', async () => {
    expect((await api().get('/api/statistics').set('x-auth-token', demo.buchhaltung.token)).status).toBe(403);
  });

  it('answers changelog (2.9.1 first), FAQ and webinars in German', async () => {
    const res = await api().get('/api/statistics').set('x-auth-token', demo.heim.token);
    expect(res.body.log[0]).toMatchObject({ version: '2.9.1', changes: expect.arrayContaining([expect.stringContaining('Dashboard')]) });
    expect(res.body.faq.length).toBeGreaterThan(3);
    expect(res.body.faq[0]).toEqual({ question: expect.stringMatching(/\?$/), answer: expect.any(String) });
    expect(Array.isArray(res.body.webinars)).toBe(true);
  });

  it('names the roles an entry is written for: rights-matrix news for administrators only, none for drivers or care homes', async () => {
    const res = await api().get('/api/statistics').set('x-auth-token', demo.fahrer.token);
    const log = res.body.log as ChangelogEntry[];
    const rights = log.filter((e) => e.changes.some((c) => c.includes('Rechtematrix')));
    expect(rights.map((e) => e.roles)).toEqual([['ROLE_ADMIN']]);
    for (const entry of log) for (const role of entry.roles ?? []) expect(ROLES).toContain(role);
    // Every entry without roles is for everyone; what a driver or a care home reads has no administration news.
    const forReader = (roles: Role[]) => log.filter((e) => !e.roles || e.roles.some((r) => roles.includes(r))).flatMap((e) => e.changes);
    for (const reader of [['ROLE_DRIVER'], ['ROLE_HOME']] as Role[][]) expect(forReader(reader).join(' ')).not.toMatch(/Rechtematrix|Nutzerverwaltung|Single Sign-on/);
  });

  it.each(DEMO_USERNAMES.filter((u) => u !== 'buchhaltung'))('answers counts exactly for the tiles %s may see', async (name) => {
    const c = await counts(demo[name].token);
    const expected = SEEN_KINDS.filter((k) => hasPermission(demo[name].permissions, `dashboard_new_${k}_view`));
    expect(Object.keys(c).sort()).toEqual([...expected].sort());
    for (const k of expected) expect(c[k]).toEqual(expect.any(Number));
  });

  it('counts kinds whose tables arrive later as 0', async () => {
    const c = await counts(demo.admin.token);
    expect(c).toMatchObject({ task: 0, event: 0, pickup: 0 });
  });

  it('counts unseen users per caller: new ones after read_all, independent for every user', async () => {
    const before = (await counts(demo.apotheke.token)).user!;
    expect(before).toBeGreaterThanOrEqual(5);
    expect((await api().put('/api/statistics/user_read_all').set('x-auth-token', demo.admin.token)).status).toBe(200);
    expect((await counts(demo.admin.token)).user).toBe(0);
    await addUser();
    expect((await counts(demo.admin.token)).user).toBe(1);
    // apotheke never marked: the seeded users and the new one are all unseen.
    expect((await counts(demo.apotheke.token)).user).toBe(before + 1);
    await api().put('/api/statistics/user_read_all').set('x-auth-token', demo.apotheke.token);
    expect((await counts(demo.apotheke.token)).user).toBe(0);
    expect((await counts(demo.admin.token)).user).toBe(1);
  });

  it('does not count deactivated users, the caller, or users the caller created', async () => {
    await api().put('/api/statistics/user_read_all').set('x-auth-token', demo.admin.token);
    await addUser({ status: 'removed' });
    await addUser({ createdBy: demo.admin.user._id });
    expect((await counts(demo.admin.token)).user).toBe(0);
  });

  it('counts new homes and doctors until marked', async () => {
    await api().put('/api/statistics/home_read_all').set('x-auth-token', demo.apotheke.token);
    await api().put('/api/statistics/doctor_read_all').set('x-auth-token', demo.apotheke.token);
    expect(await counts(demo.apotheke.token)).toMatchObject({ home: 0, doctor: 0 });
    await database.insert(homes).values({ name: 'Haus Abendrot', email: 'info@abendrot.de' });
    await database.insert(doctors).values({ firstname: 'Jonas', lastname: 'Weber', email: 'praxis@weber.de' });
    expect(await counts(demo.apotheke.token)).toMatchObject({ home: 1, doctor: 1 });
    await api().put('/api/statistics/home_read_all').set('x-auth-token', demo.apotheke.token);
    expect(await counts(demo.apotheke.token)).toMatchObject({ home: 0, doctor: 1 });
  });

  it('narrows the count to the own home for an _own user list (home manager)', async () => {
    const [home] = await database.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein'));
    const [other] = await database.insert(homes).values({ name: 'Haus Morgenrot', email: 'info@morgenrot.de' }).returning({ id: homes.id });
    await addUser({ username: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: home!.id });
    const manager = await login(app, 'heim.leitung');
    await api().put('/api/statistics/user_read_all').set('x-auth-token', manager.token);
    expect((await counts(manager.token)).user).toBe(0);
    await addUser({ roles: ['ROLE_HOME'], homeId: other!.id });
    await addUser({ roles: ['ROLE_DRIVER'] });
    expect((await counts(manager.token)).user).toBe(0);
    await addUser({ roles: ['ROLE_HOME'], homeId: home!.id });
    expect((await counts(manager.token)).user).toBe(1);
  });

  it("lists running and upcoming webinars of the caller's own party, not ended or foreign ones", async () => {
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
    const [home] = await database.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein'));
    const [other] = await database.insert(homes).values({ name: 'Haus Abendstern', email: 'info@abendstern.de' }).returning({ id: homes.id });
    await database.insert(meetings).values([
      { contractId: 'stat-1', optionId: 'w1', homeId: home!.id, title: 'Einführung in das Portal', date: tomorrow, time: '10:00', system: 'Zoom', url: 'https://zoom.example/1' },
      { contractId: 'stat-1', optionId: 'w2', homeId: home!.id, title: 'Vergangenes Webinar', date: '2020-01-01', time: '10:00', system: 'Zoom' },
      { contractId: 'stat-2', optionId: 'w3', homeId: other!.id, title: 'Fremdes Webinar', date: tomorrow, time: '11:00', system: 'Zoom', url: 'https://zoom.example/3' },
    ]);
    const titlesOf = async (token: string) => (await api().get('/api/statistics').set('x-auth-token', token)).body.webinars.map((w: { title: string }) => w.title);
    const titles = await titlesOf(demo.heim.token);
    expect(titles).toContain('Einführung in das Portal');
    expect(titles).not.toContain('Vergangenes Webinar');
    expect(titles).not.toContain('Fremdes Webinar');
    expect(await titlesOf(demo.apotheke.token)).toContain('Fremdes Webinar');
  });
});

describe('PUT /api/statistics/{kind}_read_all', () => {
  it('requires sign-in', async () => {
    expect((await api().put('/api/statistics/user_read_all')).status).toBe(401);
  });

  const cases = DEMO_USERNAMES.flatMap((name) =>
    SEEN_KINDS.map((kind) => ({ title: `${name} ${kind}_read_all`, name, kind })),
  );
  it.each(cases)('$title follows the kind’s list permission', async ({ name, kind }) => {
    const record = demo[name];
    const res = await api().put(`/api/statistics/${kind}_read_all`).set('x-auth-token', record.token);
    const allowed = hasPermission(record.permissions, LIST_PERMISSION[kind]);
    expect(res.status).toBe(allowed ? 200 : 403);
    if (allowed) expect(res.body).toEqual({ kind, at: expect.any(String) });
  });

  it('answers 404 for an unknown kind', async () => {
    expect((await api().put('/api/statistics/invoice_read_all').set('x-auth-token', demo.admin.token)).status).toBe(404);
  });
});

describe('PUT /api/seen/users', () => {
  it('requires sign-in', async () => {
    expect((await api().put('/api/seen/users')).status).toBe(401);
  });

  it('is the user list’s mark-all-read (same as user_read_all)', async () => {
    await addUser();
    expect((await counts(demo.admin.token)).user).toBeGreaterThan(0);
    const res = await api().put('/api/seen/users').set('x-auth-token', demo.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.kind).toBe('user');
    expect((await counts(demo.admin.token)).user).toBe(0);
  });

  it.each(['fahrer', 'buchhaltung'] as const)('refuses %s (no user_list_view)', async (name) => {
    expect((await api().put('/api/seen/users').set('x-auth-token', demo[name].token)).status).toBe(403);
  });
});

describe('one definition of "not seen"', () => {
  it('the dashboard user tile equals the count of GET /api/users?filter[notSeen]=1, whatever the state', async () => {
    const [home] = await database.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein'));
    await addUser({ username: 'tile.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: home!.id });
    const homeManager = await login(app, 'tile.leitung');
    const callers = [demo.admin, demo.apotheke, homeManager];
    const agree = async (step: string) => {
      for (const caller of callers) {
        const tile = (await counts(caller.token)).user;
        const list = await api().get('/api/users?filter[notSeen]=1&limit=1').set('x-auth-token', caller.token);
        expect({ step, caller: caller.username, tile }).toEqual({ step, caller: caller.username, tile: list.body.count });
      }
    };
    await agree('start');
    // Users created by someone else, one by the caller (seen by its creator), one in the home.
    await addUser({ roles: ['ROLE_DRIVER'] });
    await addUser({ roles: ['ROLE_HOME'], homeId: home!.id });
    await api().post('/api/users').set('x-auth-token', demo.apotheke.token).send({
      username: `erstellt.${seq}`,
      roles: ['ROLE_DRIVER'],
      password: 'Sonne#Mond2024!',
      password_confirm: 'Sonne#Mond2024!',
    });
    await agree('after new users');
    // Opening one user marks it seen for that caller only.
    const [someone] = (await api().get('/api/users?filter[notSeen]=1').set('x-auth-token', demo.admin.token)).body.data;
    await api().get(`/api/users/${someone._id}`).set('x-auth-token', demo.admin.token);
    await agree('after one was opened');
    await api().put('/api/statistics/user_read_all').set('x-auth-token', demo.apotheke.token);
    await agree('after read all');
    expect((await counts(demo.apotheke.token)).user).toBe(0);
  });
});
