import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { type AuthRecord, type TaskDto, TASK_SORT_FIELDS, type TaskStatus } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { listOrder } from '../../core/http/list.js';
import { taskEvents, tasks } from '../../db/schema/index.js';
import { statementsOf } from '../../testing/statement-counter.js';
import { type DemoUsername, useTestApp } from '../../testing/test-app.js';
import { TASK_LIST, TASK_URGENT, TasksRepository } from './tasks.repository.js';
import { day, taskWorld } from './testing/task-world.js';

/**
 * The orders list at size (docs/decisions/orders-list-at-size.md): the page picked on the tasks table before the
 * joins, the priority order read in index order (open orders by latestDelivery, then closed ones
 * newest first), the count capped at 10,000. Each
 * answer must equal what the plain way (join, sort everything, cut the page, count exactly) gives.
 */

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
let ownHome: string;
let ownPatient: string;
let otherHome: string;
let otherPatient: string;
let ownDoctor: string;
const api = () => request(app.getHttpServer());
const isoDay = (days: number) => day(days).split('.').reverse().join('-');

useTestApp(async (booted) => {
  app = booted.app;
  ({ database, demo, ownHome, ownPatient, otherHome, otherPatient, ownDoctor } = await taskWorld(app));
});

async function list(caller: DemoUsername, query: string): Promise<{ data: TaskDto[]; count: number; countCapped?: true }> {
  const res = await api().get(`/api/tasks?${query}`).set('x-auth-token', demo[caller].token);
  if (res.status !== 200) throw new Error(`GET /api/tasks?${query} → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const ids = (rows: TaskDto[]) => rows.map((t) => t._id);

describe('GET /api/tasks: the priority order in index order', () => {
  const marker = `Indexreihe${Date.now()}`;
  const OPEN: TaskStatus[] = ['new', 'pickup', 'delivery'];

  beforeAll(async () => {
    // Every status, latestDelivery around the urgency boundary (tomorrow) and none, both homes,
    // and ties on latestDelivery and createdAt (the id decides).
    const statuses: TaskStatus[] = ['new', 'pickup', 'delivery', 'finished', 'canceled'];
    const deliveries = [-3, 0, 1, 2, 7, null];
    const tie = new Date('2026-01-05T08:00:00Z');
    const rows: (typeof tasks.$inferInsert)[] = [];
    for (const [s, status] of statuses.entries()) {
      for (const [d, delivery] of deliveries.entries()) {
        for (const own of [true, false]) {
          rows.push({
            type: 1,
            status,
            medicine: `${marker} ${s}-${d}-${own}`,
            patientId: own ? ownPatient : otherPatient,
            homeId: own ? ownHome : otherHome,
            doctorId: ownDoctor,
            latestDelivery: delivery === null ? null : isoDay(delivery),
            createdAt: (s + d) % 3 === 0 ? tie : new Date(tie.getTime() + (s * 7 + d) * 60_000),
          });
        }
      }
    }
    await database.insert(tasks).values(rows);
  });

  const subsets: TaskStatus[][] = [['new'], ['pickup'], ['delivery'], ['new', 'pickup'], ['new', 'pickup', 'delivery']];
  const cases = (['apotheke', 'heim'] as const).flatMap((caller) => subsets.map((statuses) => ({ title: `${caller}: ${statuses.join(',')}`, caller, statuses })));

  it.each(cases)('$title: the same rows in the same order as the priority order of the plain way', async ({ caller, statuses }) => {
    const fast = await list(caller, `limit=-1&filter[medicine]=${marker}&filter[status]=${statuses.join(',')}`);
    // With a finished status in the filter the open rows come first (the open part of the split),
    // in the same relative order.
    const plain = await list(caller, `limit=-1&filter[medicine]=${marker}&filter[status]=${[...statuses, 'finished'].join(',')}`);
    const expected = plain.data.filter((t) => statuses.includes(t.status));
    expect(fast.data.length).toBeGreaterThan(0);
    expect(ids(fast.data)).toEqual(ids(expected));
    expect(fast.count).toBe(expected.length);
    // Urgent rows (latestDelivery tomorrow or earlier) lead, rows without a date ('') come last.
    const urgent = fast.data.map((t) => t.urgent);
    expect(urgent).toEqual([...urgent].sort((a, b) => Number(b) - Number(a)));
    expect(fast.data.at(-1)!.latestDelivery).toBe('');
  });

  it('pages in index order add up to the whole list', async () => {
    const query = `filter[medicine]=${marker}&filter[status]=${OPEN.join(',')}`;
    const whole = await list('apotheke', `limit=-1&${query}`);
    const pages: TaskDto[] = [];
    for (let offset = 0; offset < whole.count; offset += 7) pages.push(...(await list('apotheke', `offset=${offset}&limit=7&${query}`)).data);
    expect(ids(pages)).toEqual(ids(whole.data));
  });

  // The priority order's definition, written out plainly: what the split into an open and a closed part must give.
  const OPEN_SQL = sql`${tasks.status} in ('new', 'pickup', 'delivery')`;
  const PRIORITY = [
    sql`case when ${TASK_URGENT} then 0 when ${OPEN_SQL} then 1 else 2 end`,
    sql`case when ${OPEN_SQL} then ${tasks.latestDelivery} end asc nulls last`,
    desc(tasks.createdAt),
    tasks.id,
  ];
  const mixed: (TaskStatus[] | undefined)[] = [undefined, ['new', 'finished'], ['pickup', 'delivery', 'canceled'], ['finished'], ['canceled', 'finished'], OPEN];
  const priorityCases = (['apotheke', 'heim'] as const).flatMap((caller) =>
    mixed.map((statuses) => ({ title: `${caller}: ${statuses?.join(',') ?? 'no status filter'}`, caller, statuses })),
  );

  it.each(priorityCases)('$title: the priority order as its plain definition; pages add up to the whole list', async ({ caller, statuses }) => {
    const query = `filter[medicine]=${marker}${statuses ? `&filter[status]=${statuses.join(',')}` : ''}`;
    const whole = await list(caller, `limit=-1&${query}`);
    const plain = await database
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(ilike(tasks.medicine, `${marker}%`), caller === 'heim' ? eq(tasks.homeId, ownHome) : undefined, statuses ? inArray(tasks.status, statuses) : undefined))
      .orderBy(...PRIORITY);
    expect(whole.data.length).toBeGreaterThan(0);
    expect(ids(whole.data)).toEqual(plain.map((r) => r.id));
    expect(whole.count).toBe(plain.length);
    const pages: TaskDto[] = [];
    for (let offset = 0; offset < whole.count; offset += 7) pages.push(...(await list(caller, `offset=${offset}&limit=7&${query}`)).data);
    expect(ids(pages)).toEqual(ids(whole.data));
  });

  const sorts = TASK_SORT_FIELDS.flatMap((field) => [false, true].map((desc) => ({ field, desc, sort: `${desc ? '-' : ''}${field}` })));

  it.each(sorts)('sort=$sort: the order of the list source; pages add up to the whole list', async ({ field, desc, sort }) => {
    const query = `filter[medicine]=${marker}&sort=${sort}`;
    const whole = await list('apotheke', `limit=-1&${query}`);
    expect(whole.count).toBe(60);
    if (!['patient', 'home', 'doctor'].includes(field)) {
      // The sort on the table itself, all rows, nothing cut before: what the page-first pick must match.
      const plain = await database.select({ id: tasks.id }).from(tasks).where(ilike(tasks.medicine, `${marker}%`)).orderBy(...listOrder(TASK_LIST, { field, desc }));
      expect(ids(whole.data)).toEqual(plain.map((r) => r.id));
    }
    const pages: TaskDto[] = [];
    for (let offset = 0; offset < whole.count; offset += 25) pages.push(...(await list('apotheke', `offset=${offset}&limit=25&${query}`)).data);
    expect(ids(pages)).toEqual(ids(whole.data));
  });
});

describe('GET /api/tasks: the count up to 10,000', () => {
  const CAP = TASK_LIST.countCap!;
  const MORE = 50;

  beforeAll(async () => {
    // CAP + MORE new orders of the other home in one statement, newest last, latestDelivery spread over three weeks.
    await database.execute(sql`
      insert into ${tasks} (type, status, medicine, patient_id, home_id, doctor_id, latest_delivery, created_at)
      select 1, 'new', 'Massenmittel ' || i, ${otherPatient}, ${otherHome}, ${ownDoctor},
             (now() at time zone 'Europe/Berlin')::date + (i % 21) - 3, now() - (${CAP + MORE} - i) * interval '1 minute'
      from generate_series(1, ${CAP + MORE}) i`);
    await database.execute(sql`analyze ${tasks}`);
  });

  it('answers the cap with countCapped when more match, and the right first page', async () => {
    const repo = app.get(TasksRepository);
    const query = { offset: 0, limit: 50, sort: { field: 'priority' as const, desc: false }, filter: { status: ['new'] } };
    const result = await repo.list({ query, viewerId: demo.apotheke.user._id, scope: undefined });
    expect(result).toMatchObject({ count: CAP, countCapped: true });

    const page = await list('apotheke', 'limit=50&filter[status]=new');
    expect(page.count).toBe(CAP);
    // The first page as the priority order defines it, straight from the table.
    const expected = await database
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.status, 'new'))
      .orderBy(sql`(${tasks.latestDelivery} <= (now() at time zone 'Europe/Berlin')::date + 1) desc nulls last`, sql`${tasks.latestDelivery} asc nulls last`, desc(tasks.createdAt), tasks.id)
      .limit(50);
    expect(ids(page.data)).toEqual(expected.map((r) => r.id));
    expect(page.data[0]!.urgent).toBe(true);
  });

  it('counts exactly up to the cap (no flag)', async () => {
    const repo = app.get(TasksRepository);
    const query = { offset: 0, limit: 50, sort: { field: 'priority' as const, desc: false }, filter: { status: ['new'], home: ownHome } };
    const result = await repo.list({ query, viewerId: demo.apotheke.user._id, scope: undefined });
    expect(result.countCapped).toBeUndefined();
    const [own] = await database
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tasks)
      .where(and(eq(tasks.status, 'new'), eq(tasks.homeId, ownHome)));
    expect(result.count).toBe(own!.n);
    // heim sees its home's orders only: far below the cap, counted exactly.
    const heim = await list('heim', 'limit=50&filter[status]=new');
    expect(heim.count).toBe(own!.n);
    expect(heim.countCapped).toBeUndefined();
  });

  it('the last page under the cap still answers its rows', async () => {
    const page = await list('apotheke', `offset=${CAP - 50}&limit=50&filter[status]=new`);
    expect(page.data).toHaveLength(50);
    expect(page.count).toBe(CAP);
  });
});

describe('GET /api/tasks: the cost of one page', () => {
  it.each([
    ['apotheke', 'limit=50'],
    ['apotheke', 'limit=50&filter[status]=new'],
    ['heim', 'limit=50'],
    ['apotheke', 'limit=20&sort=patient'],
  ] as const)('as %s with %s: two statements (the rows with their event figures, the capped count), whatever the page holds', async (caller, query) => {
    await list(caller, query);
    let page: Awaited<ReturnType<typeof list>> | undefined;
    const run = await statementsOf(async () => {
      page = await list(caller, query);
    });
    expect(page!.data.length).toBeGreaterThan(0);
    // The list's own statements. The session row of the previous request is reused for up to 1 s
    // (SessionService; users.cost.e2e-spec counts that on a small list): a page of 10,000+ orders
    // sorted by patient may take longer than that on a loaded machine, and the row is read again.
    const own = run.filter((text) => !/ from "sessions" /.test(text));
    expect(run.length - own.length).toBeLessThanOrEqual(1);
    expect(own).toHaveLength(2);
    expect(own.filter((text) => /^select count\(\*\) from \(select 1/.test(text))).toHaveLength(1);
    // The event figures come with the rows, equal to counting the feed directly.
    const figures = await database
      .select({ id: taskEvents.taskId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(taskEvents)
      .where(inArray(taskEvents.taskId, ids(page!.data)))
      .groupBy(taskEvents.taskId);
    const byTask = new Map(figures.map((f) => [f.id, f.n]));
    for (const row of page!.data) expect(row.events).toBe(byTask.get(row._id) ?? 0);
  });
});
