/**
 * Cost of the patient list: the SQL statements one request runs, counted at the driver,
 * on PostgreSQL and on PGlite: the page with its total in one statement, for every kind of caller
 * (a doctor user's scope reads the doctors of the patients' orders), with a text filter and sorted
 * by home.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AuthRecord, PatientDto } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { patients, tasks } from '../../db/schema/index.js';
import { statementsOf } from '../../testing/statement-counter.js';
import { bootApp, createTestDatabase, login, type TestDatabase } from '../../testing/test-app.js';

describe.each([
  { driver: 'PostgreSQL (or PGlite when no server answers)', forcePglite: false },
  { driver: 'PGlite', forcePglite: true },
])('GET /api/patients on $driver', ({ forcePglite }) => {
  let db: TestDatabase;
  let app: NestExpressApplication;
  const callers: Record<'apotheke' | 'heim' | 'arzt', AuthRecord> = {} as never;
  /** Patients named "Kostenprobe …": 40 in all, the first 3 with an order of arzt's doctor. */
  const PROBES = 40;
  const api = () => request(app.getHttpServer());
  const get = (path: string, token: string) => api().get(path).set('x-auth-token', token);

  /**
   * The statements of one request, right after a warm-up request so the session row is remembered.
   * The row is kept for one second: on a machine so loaded that the measured request looks it up
   * after it expired, the pair is tried again (at most five times), so a cache that never works
   * still fails.
   */
  async function statementsOfGet(path: string, token: string): Promise<{ res: request.Response; run: string[] }> {
    let res: request.Response | undefined;
    let run: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      await get(path, token);
      run = await statementsOf(async () => {
        res = await get(path, token);
      });
      if (!run.some((s) => /from "sessions"/.test(s))) break;
    }
    return { res: res!, run };
  }

  beforeAll(async () => {
    db = await createTestDatabase({ forcePglite });
    app = await bootApp(db);
    for (const name of ['apotheke', 'heim', 'arzt'] as const) callers[name] = await login(app, name);
    const database = app.get<Database>(DB);
    const rows = await database
      .insert(patients)
      .values(Array.from({ length: PROBES }, (_, i) => ({ lastname: `Kostenprobe ${String(i).padStart(2, '0')}`, firstname: 'Paula', dateOfBirth: '1941-04-03', homeId: callers.heim.home?._id ?? null })))
      .returning({ id: patients.id });
    await database.insert(tasks).values(rows.slice(0, 3).map((r) => ({ type: 1, patientId: r.id, doctorId: callers.arzt.doctor!._id })));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it.each([
    { title: 'the pharmacy, the first page', caller: 'apotheke', query: 'limit=25', rows: 25 },
    { title: 'the pharmacy, an infix search', caller: 'apotheke', query: 'limit=25&filter[text]=stenprob', rows: 25, count: PROBES },
    { title: 'the pharmacy, sorted by home', caller: 'apotheke', query: 'limit=25&sort=-home', rows: 25 },
    { title: 'the home, its own patients', caller: 'heim', query: 'limit=25&filter[text]=kostenprobe', rows: 25, count: PROBES },
    { title: 'the doctor, the patients of its orders', caller: 'arzt', query: 'limit=25&filter[text]=kostenprobe', rows: 3, count: 3 },
  ] as const)('runs one SQL statement for $title (the page with its total)', async ({ caller, query, rows, ...expected }) => {
    const { res, run } = await statementsOfGet(`/api/patients?${query}`, callers[caller].token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(rows);
    if ('count' in expected) expect(res.body.count).toBe(expected.count);
    else expect(res.body.count).toBeGreaterThan(rows);
    // The session row of the warm-up request is remembered (SessionService): the list is the only statement.
    expect(run).toHaveLength(1);
    expect(run[0]).toMatch(/count\(\*\)/);
  });

  it.each([
    { title: 'a later page', query: 'limit=10&offset=35', rows: 5, statements: 1 },
    { title: 'a page past the end (total asked separately)', query: 'limit=10&offset=60', rows: 0, statements: 2 },
  ])('answers the total with $title', async ({ query, rows, statements: expected }) => {
    const { res, run } = await statementsOfGet(`/api/patients?filter[text]=kostenprobe&${query}`, callers.apotheke.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(rows);
    expect(res.body.count).toBe(PROBES);
    expect(run).toHaveLength(expected);
  });

  it('reads the doctor of the orders only for a doctor user (their row flags need it)', async () => {
    const probe = (await get('/api/patients?limit=1&filter[text]=kostenprobe 00', callers.arzt.token)).body.data[0] as PatientDto;
    expect(probe).toMatchObject({ lastname: 'Kostenprobe 00', homeDetails: { _id: callers.heim.home!._id } });
    const { run } = await statementsOfGet('/api/patients?limit=1', callers.apotheke.token);
    expect(run[0]).not.toMatch(/"tasks"/);
    const { run: doctors } = await statementsOfGet('/api/patients?limit=1', callers.arzt.token);
    expect(doctors[0]).toMatch(/"tasks"/);
  });
});
