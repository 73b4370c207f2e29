import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { IMPORT_MESSAGES } from '@mediport/contracts/import';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { homeGroups, homes, patients, tasks } from '../../db/schema/index.js';
import { grantPermission } from '../../testing/acl.js';
import { type DemoUsername, loginAll, useTestApp } from '../../testing/test-app.js';
import { day } from '../tasks/testing/task-world.js';
import { cells, csvFile, type FixtureRow, HEADERS } from './testing/import-files.js';

/**
 * Who may import what: task_import_view on every import route; a home user (granted the import)
 * imports only into its own home, and each record goes through its policy (living areas, orders).
 */
let app: NestExpressApplication;
let db: Database;
let demo: Record<DemoUsername, AuthRecord>;
let seq = 0;
const api = () => request(app.getHttpServer());

useTestApp(async (booted) => {
  app = booted.app;
  db = app.get<Database>(DB, { strict: false });
  demo = await loginAll(app);
});

const order = (values: FixtureRow = {}): FixtureRow => ({
  home: 'Haus Sonnenschein',
  homeGroup: 'Wohnbereich A',
  lastname: `Zugriff${++seq}`,
  firstname: 'Zora',
  dateOfBirth: '01.02.1944',
  doctor: 'Berger, Anna',
  medicine: 'Ramipril 5 mg',
  dose: '1-0-0',
  amount: 1,
  type: 1,
  latestDelivery: day(5),
  ...values,
});
const file = (rows: FixtureRow[]) => csvFile([HEADERS, ...rows.map((r) => cells(r))]);

const ROUTES = [
  { title: 'PUT /api/import/task', send: (token: string) => api().put('/api/import/task').set('x-auth-token', token).attach('file', file([order()]), { filename: 'a.csv' }) },
  { title: 'POST /api/import/task/preview', send: (token: string) => api().post('/api/import/task/preview').set('x-auth-token', token).attach('file', file([order()]), { filename: 'a.csv' }) },
  { title: 'GET /api/import/task/template', send: (token: string) => api().get('/api/import/task/template').set('x-auth-token', token) },
  { title: 'GET /api/import/task/progress', send: (token: string) => api().get('/api/import/task/progress?job=0b7c2f3e-1d4a-4c5b-8e6f-7a8b9c0d1e2f').set('x-auth-token', token) },
];

const taskCount = async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(tasks))[0]!.n;

describe('task_import_view', () => {
  const denied: DemoUsername[] = ['heim', 'arzt', 'fahrer', 'buchhaltung'];
  const cases = ROUTES.flatMap((route) => denied.map((caller) => ({ title: `${route.title} refuses ${caller} (403)`, route, caller })));

  it.each(cases)('$title', async ({ route, caller }) => {
    const before = await taskCount();
    const res = await route.send(demo[caller].token);
    expect(res.status).toBe(403);
    expect(await taskCount()).toBe(before);
  });

  it.each(ROUTES.map((route) => ({ title: `${route.title} serves the pharmacy and the administrator`, route })))('$title', async ({ route }) => {
    for (const caller of ['apotheke', 'admin'] as const) expect((await route.send(demo[caller].token)).status).toBe(200);
  });
});

describe('a home user with the import right', () => {
  let revoke: () => Promise<void>;
  beforeAll(async () => {
    revoke = await grantPermission(app, demo.admin.token, 'ROLE_HOME', 'task_import_view');
  });
  afterAll(async () => revoke());

  const send = (rows: FixtureRow[], fields: Record<string, string> = {}) => {
    const req = api().put('/api/import/task').set('x-auth-token', demo.heim.token);
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return req.attach('file', file(rows), { filename: 'heim.csv' });
  };

  it('imports into its own home', async () => {
    const row = order();
    const res = await send([row]);
    expect(res.status).toBe(200);
    expect(res.body.tasks.nUpserted).toBe(1);
    const [patient] = await db.select({ homeId: patients.homeId }).from(patients).where(eq(patients.lastname, row.lastname as string));
    expect(patient!.homeId).toBe(demo.heim.home!._id);
  });

  it.each([
    { title: 'another existing home', home: 'Seniorenresidenz Am Stadtpark', fields: {} as Record<string, string> },
    { title: 'an unknown home, even with insertHomes', home: 'Haus Unbekannt', fields: { insertHomes: 'true' } as Record<string, string> },
  ])('refuses rows for $title with the same answer, and writes none of the file', async ({ home, fields }) => {
    const before = await taskCount();
    const res = await send([order(), order({ home, homeGroup: '' })], fields);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'file', code: 'invalid', message: `Zeile 3, Spalte Einrichtung: ${IMPORT_MESSAGES.notYourHome(home)}` }]);
    expect(await taskCount()).toBe(before);
  });

  it('may not add living areas (home_group_edit_view is for its managers)', async () => {
    const res = await send([order({ homeGroup: 'Wohnbereich Neu' })], { insertHomeGroups: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(`Zeile 2, Spalte Wohnbereich: ${IMPORT_MESSAGES.mayNotCreateHomeGroups('Haus Sonnenschein')}`);
    expect(await db.select().from(homeGroups).where(eq(homeGroups.name, 'Wohnbereich Neu'))).toEqual([]);
  });

  it("never learns of another home's patients or orders (the preview reads only its own)", async () => {
    const [stadtpark] = await db.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Seniorenresidenz Am Stadtpark'));
    const res = await api()
      .post('/api/import/task/preview')
      .set('x-auth-token', demo.heim.token)
      .attach('file', file([order({ home: 'Seniorenresidenz Am Stadtpark', homeGroup: 'Erdgeschoss' })]), { filename: 'x.csv' });
    expect(res.status).toBe(200);
    expect(res.body.problems).toEqual([{ row: 2, column: 'Einrichtung', message: IMPORT_MESSAGES.notYourHome('Seniorenresidenz Am Stadtpark') }]);
    expect(JSON.stringify(res.body)).not.toContain(stadtpark!.id);
  });
});

describe('a practice user with the import right, without a contract', () => {
  let revoke: () => Promise<void>;
  beforeAll(async () => {
    revoke = await grantPermission(app, demo.admin.token, 'ROLE_DOCTOR', 'task_import_view');
  });
  afterAll(async () => revoke());

  it('creates no patients (patient_create_view is not a practice right)', async () => {
    const res = await api().put('/api/import/task').set('x-auth-token', demo.arzt.token).attach('file', file([order()]), { filename: 'arzt.csv' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(`Zeile 2, Spalte Nachname: ${IMPORT_MESSAGES.mayNotCreatePatients}`);
  });

  it("places no orders for its own patients (task_create_view is locked until the practice has a contract)", async () => {
    // A patient of the practice: one with an order for its doctor.
    const row = order();
    const [patient] = await db
      .insert(patients)
      .values({ lastname: row.lastname as string, firstname: 'Zora', dateOfBirth: '1944-02-01', homeId: demo.heim.home!._id })
      .returning({ id: patients.id });
    await db.insert(tasks).values({ type: 1, medicine: 'Früheres Mittel', dose: '1-0-0', patientId: patient!.id, homeId: demo.heim.home!._id, doctorId: demo.arzt.doctor!._id });
    const before = await taskCount();
    const res = await api().put('/api/import/task').set('x-auth-token', demo.arzt.token).attach('file', file([{ ...row, homeGroup: '' }]), { filename: 'arzt.csv' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(`Zeile 2, Spalte Einrichtung: ${IMPORT_MESSAGES.mayNotCreateTasks('Haus Sonnenschein')}`);
    expect(await taskCount()).toBe(before);
  });
});
