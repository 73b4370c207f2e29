/**
 * The demo orders list, seeded through seedDemo into a database of its own, on
 * PostgreSQL and on the embedded PGlite: statuses, types, groups, homes and doctors spread, events
 * consistent with each status, attachments stored in and loaded from the FileStore, failed e-mails
 * and faxes, unread marks, and a second run adding nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TASK_GROUPS, TASK_STATUSES, TASK_TYPES } from '@mediport/contracts';
import type { AppConfig } from '../../../core/config/app-config.js';
import { type DatabaseHandle, openDatabase } from '../../../core/db/database.js';
import { ensureBaseData, seedDemo } from '../../../core/db/seed-data.js';
import { FilesRepository } from '../../../core/files/files.repository.js';
import { FilesService } from '../../../core/files/files.service.js';
import { unseenBy } from '../../../core/seen/unseen.js';
import { files, homes, seenMarks, taskEvents, tasks, users } from '../../../db/schema/index.js';
import { createTestDatabase, type TestDatabase, testConfig } from '../../../testing/test-app.js';
import { DEMO_ATTACHMENT_COUNT, DEMO_TASK_COUNT, DEMO_TASK_DAYS } from './tasks.demo.js';

const count = sql<number>`count(*)`.mapWith(Number);

describe.each([
  { driver: 'PostgreSQL (or PGlite when no server answers)', forcePglite: false },
  { driver: 'PGlite', forcePglite: true },
])('demo orders on $driver', ({ forcePglite }) => {
  let testDb: TestDatabase;
  let config: AppConfig;
  let handle: DatabaseHandle;
  let db: DatabaseHandle['db'];
  // What the embedded start passes: seedDemo's options with the FileStore's folder.
  const seedOptions = () => ({ onlyIfEmpty: false, ordersDataDir: config.dataDir });

  beforeAll(async () => {
    testDb = await createTestDatabase({ forcePglite });
    config = testConfig(testDb);
    handle = await openDatabase(config);
    db = handle.db;
    await handle.migrate();
    await ensureBaseData(db);
    await seedDemo(db, seedOptions());
  });

  afterAll(async () => {
    await handle?.close();
    await testDb?.drop();
  });

  it('has the orders of the last six weeks across every status, mostly open', async () => {
    const rows = await db.select({ status: tasks.status, n: count }).from(tasks).groupBy(tasks.status);
    const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
    expect(Object.keys(by).sort()).toEqual([...TASK_STATUSES].sort());
    expect(Object.values(by).reduce((a, b) => a + b, 0)).toBe(DEMO_TASK_COUNT);
    const open = by.new! + by.pickup! + by.delivery!;
    expect(open).toBeGreaterThan(0.6 * DEMO_TASK_COUNT);
    expect(by.new).toBeGreaterThan(by.finished!);
    expect(by.canceled).toBeGreaterThanOrEqual(5);
    const [span] = await db.select({ oldest: sql<string>`min(${tasks.createdAt})`, newest: sql<string>`max(${tasks.createdAt})` }).from(tasks);
    expect(Date.now() - new Date(span!.oldest).getTime()).toBeLessThanOrEqual((DEMO_TASK_DAYS + 1) * 86_400_000);
    expect(Date.now() - new Date(span!.newest).getTime()).toBeLessThan(2 * 86_400_000);
  });

  it('uses all four types, every group, the three demo homes and several doctors; no pickup for self-purchases', async () => {
    const types = await db.selectDistinct({ v: tasks.type }).from(tasks);
    expect(types.map((t) => t.v).sort()).toEqual([...TASK_TYPES]);
    const groups = await db.selectDistinct({ v: tasks.group }).from(tasks);
    expect(groups.map((g) => g.v).sort()).toEqual([...TASK_GROUPS].sort());
    const [spread] = await db
      .select({ homes: sql<number>`count(distinct ${tasks.homeId})`.mapWith(Number), doctors: sql<number>`count(distinct ${tasks.doctorId})`.mapWith(Number), patients: sql<number>`count(distinct ${tasks.patientId})`.mapWith(Number) })
      .from(tasks);
    expect(spread).toMatchObject({ homes: 3 });
    expect(spread!.doctors).toBeGreaterThanOrEqual(5);
    expect(spread!.patients).toBeGreaterThanOrEqual(40);
    const [wrong] = await db.select({ n: count }).from(tasks).where(sql`${tasks.type} = 2 and ${tasks.status} in ('pickup', 'delivery')`);
    expect(wrong!.n).toBe(0);
    const [noDoctor] = await db.select({ n: count }).from(tasks).where(sql`${tasks.type} in (1, 4) and ${tasks.doctorId} is null`);
    expect(noDoctor!.n).toBe(0);
  });

  it("gives each order its first event (new) and status changes that end at the order's status", async () => {
    const list = await db
      .select({
        status: tasks.status,
        firsts: sql<number>`(select count(*) from task_events e where e.task_id = "tasks"."id" and e.type = 'status_change' and e.data->>'from' is null and e.data->>'to' = 'new')`.mapWith(Number),
        last: sql<string>`(select e.data->>'to' from task_events e where e.task_id = "tasks"."id" and e.type = 'status_change' order by e.created_at desc limit 1)`,
      })
      .from(tasks);
    expect(list).toHaveLength(DEMO_TASK_COUNT);
    expect(list.filter((r) => r.firsts !== 1)).toEqual([]);
    expect(list.filter((r) => r.last !== r.status)).toEqual([]);
    const [orphans] = await db.select({ n: count }).from(taskEvents).where(sql`not exists (select 1 from tasks t where t.id = ${taskEvents.taskId})`);
    expect(orphans!.n).toBe(0);
  });

  it('has chat messages of the demo users on about 40 % of the orders, each author allowed to see the order', async () => {
    const [chat] = await db.select({ n: sql<number>`count(distinct ${taskEvents.taskId})`.mapWith(Number) }).from(taskEvents).where(eq(taskEvents.type, 'message'));
    expect(chat!.n).toBeGreaterThan(0.3 * DEMO_TASK_COUNT);
    expect(chat!.n).toBeLessThan(0.5 * DEMO_TASK_COUNT);
    const authors = await db
      .selectDistinct({ username: users.username })
      .from(taskEvents)
      .innerJoin(users, eq(users.id, taskEvents.createdBy))
      .where(eq(taskEvents.type, 'message'));
    expect(authors.map((a) => a.username).sort()).toEqual(['apotheke', 'arzt', 'heim']);
    // heim writes only in its home's orders, arzt only in those addressed to its doctor.
    const [foreign] = await db
      .select({ n: count })
      .from(taskEvents)
      .innerJoin(users, eq(users.id, taskEvents.createdBy))
      .innerJoin(tasks, eq(tasks.id, taskEvents.taskId))
      .where(sql`${taskEvents.type} = 'message' and ((${users.homeId} is not null and ${users.homeId} <> ${tasks.homeId}) or (${users.doctorId} is not null and ${users.doctorId} is distinct from ${tasks.doctorId}))`);
    expect(foreign!.n).toBe(0);
  });

  it('stores the attachments through the FileStore, and each loads as a PDF or PNG', async () => {
    const store = new FilesService(config, new FilesRepository(db));
    const rows = await db.select({ id: files.id, name: files.originalName, mimeType: files.mimeType, size: files.size }).from(files);
    expect(rows).toHaveLength(DEMO_ATTACHMENT_COUNT);
    for (const row of rows) {
      const loaded = await store.read(row.id);
      expect(loaded?.data.length).toBe(row.size);
      expect(row.mimeType).toBe(row.name.endsWith('.png') ? 'image/png' : 'application/pdf');
    }
    const linked = (await db.select({ type: taskEvents.type, files: taskEvents.files }).from(taskEvents).where(sql`${taskEvents.files} <> '[]'::jsonb`)).flatMap((e) =>
      e.files.map((f) => ({ ...f, type: e.type })),
    );
    expect(linked.map((l) => l.fileId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(linked.every((l) => l.type === 'message' && rows.find((r) => r.id === l.fileId)?.name === l.name)).toBe(true);
  });

  it('has e-mails and faxes to the doctors, a few of them failed', async () => {
    const [sent] = await db.select({ n: count }).from(taskEvents).where(sql`${taskEvents.type} in ('email', 'fax')`);
    expect(sent!.n).toBeGreaterThanOrEqual(5);
    const [failed] = await db.select({ n: count }).from(taskEvents).where(sql`(${taskEvents.type} = 'email' and ${taskEvents.state} = 'failed') or (${taskEvents.type} = 'faxresponse' and ${taskEvents.data} <> '"SENT"'::jsonb)`);
    expect(failed!.n).toBeGreaterThanOrEqual(2);
    expect(failed!.n).toBeLessThanOrEqual(6);
  });

  it.each(['apotheke', 'heim', 'arzt'])('leaves %s most orders and messages read, the latest partly unread', async (username) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const scope = username === 'heim' ? sql`${tasks.homeId} = (select ${users.homeId} from ${users} where ${users.id} = ${user!.id})` : username === 'arzt' ? sql`${tasks.doctorId} = (select ${users.doctorId} from ${users} where ${users.id} = ${user!.id})` : sql`true`;
    const unseen = unseenBy({ kind: 'task', id: tasks.id, createdAt: tasks.createdAt, createdBy: tasks.createdBy }, user!.id);
    const [tasksOf] = await db.select({ all: count, unseen: sql<number>`count(*) filter (where ${unseen})`.mapWith(Number) }).from(tasks).where(scope);
    expect(tasksOf!.all).toBeGreaterThan(10);
    expect(tasksOf!.unseen).toBeGreaterThan(0);
    expect(tasksOf!.unseen).toBeLessThan(tasksOf!.all / 3);
    const unseenEvents = unseenBy({ kind: 'event', id: taskEvents.id, createdAt: taskEvents.createdAt, createdBy: taskEvents.createdBy }, user!.id);
    const [eventsOf] = await db
      .select({ all: count, unseen: sql<number>`count(*) filter (where ${unseenEvents})`.mapWith(Number) })
      .from(taskEvents)
      .innerJoin(tasks, eq(tasks.id, taskEvents.taskId))
      .where(scope);
    expect(eventsOf!.unseen).toBeGreaterThan(0);
    expect(eventsOf!.unseen).toBeLessThan(eventsOf!.all / 3);
  });

  it('adds nothing when seeded again', async () => {
    const totals = async () => {
      const one = async (table: typeof tasks | typeof taskEvents | typeof files | typeof seenMarks | typeof homes) => (await db.select({ n: count }).from(table))[0]!.n;
      return { tasks: await one(tasks), events: await one(taskEvents), files: await one(files), marks: await one(seenMarks), homes: await one(homes) };
    };
    const before = await totals();
    expect(await seedDemo(db, seedOptions())).toBe(true);
    expect(await totals()).toEqual(before);
    const [heim] = await db.select({ n: count }).from(users).where(and(eq(users.username, 'heim')));
    expect(heim!.n).toBe(1);
  });
});
