import { Inject, Injectable } from '@nestjs/common';
import { and, eq, fillPlaceholders, getTableColumns, ilike, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaskSortField } from '@mediport/contracts';
import type { RequestState, TaskRequestRef } from '@mediport/contracts/documents';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { queryArrays, type RenderedSql, renderSql, StatementShapes } from '../../core/db/statement.js';
import { cappedCount, cappedCountStatement, type CommonListFilter, escapeLike, listOrder, type ListPlan, listSelection, type ListSource, planList, qualified, searchCondition, seenColumn } from '../../core/http/list.js';
import type { SeenSource } from '../../core/seen/unseen.js';
import { doctorOffices, doctors, documents, documentTasks, homeGroups, homes, medicines, patients, taskEvents, tasks, users } from '../../db/schema/index.js';
import { hasUnseenEvents, taskFeedFigures } from './task-events.repository.js';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskInsert = Omit<typeof tasks.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;
export type TaskPatch = Partial<Omit<typeof tasks.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;

/** Tasks in the one "not seen" definition: a task one placed oneself counts as seen. */
export const TASK_SEEN: SeenSource = { kind: 'task', id: tasks.id, createdAt: tasks.createdAt, createdBy: tasks.createdBy };

/**
 * Pickup orders in the one "not seen" definition (dashboard tile 'pickup'): new since the task was
 * last changed (handed to the drivers); the one who handed it over has seen it.
 */
export const PICKUP_SEEN: SeenSource = { kind: 'pickup', id: tasks.id, createdAt: tasks.modifiedAt, createdBy: tasks.modifiedBy };

/** The statuses of open orders (the partial indexes tasks_open_*_delivery_idx hold these) and of closed ones. */
const OPEN_STATUSES: readonly string[] = ['new', 'pickup', 'delivery'];
const CLOSED_STATUSES: readonly string[] = ['finished', 'canceled'];

/**
 * Open and closed as literals (not parameters), so that the planner can use the partial indexes
 * whatever the status filter holds.
 */
const OPEN_ONLY = sql`${tasks.status} in ('new', 'pickup', 'delivery')`;
const CLOSED_ONLY = sql`${tasks.status} in ('finished', 'canceled')`;

/** Open (neither finished nor canceled) with latestDelivery today, tomorrow or past, Berlin time. */
export const TASK_URGENT = sql<boolean>`coalesce(${tasks.status} in ('new', 'pickup', 'delivery') and ${tasks.latestDelivery} <= (now() at time zone 'Europe/Berlin')::date + 1, false)`;

/** The patient's name, for filter[text] (a scalar subquery: the count runs on tasks alone). */
const PATIENT_NAME = sql`(select ${patients.firstname} || ' ' || ${patients.lastname} from ${patients} where ${patients.id} = ${qualified(tasks.patientId)})`;

const CREATOR = 'task_creator';
const MODIFIER = 'task_modifier';
const creator = alias(users, CREATOR);
const modifier = alias(users, MODIFIER);

export const TASK_LIST: ListSource<TaskSortField> = {
  table: tasks,
  id: tasks.id,
  sort: {
    // Urgent first, then the other open orders by latestDelivery (none last), then the closed ones,
    // newest first. An open order is urgent exactly when its latestDelivery is tomorrow or earlier, so
    // the open ones by latestDelivery ascending are already urgent first (and the order needs no now()).
    priority: () => [sql`${OPEN_ONLY} desc`, sql`case when ${OPEN_ONLY} then ${tasks.latestDelivery} end asc nulls last`, sql`${tasks.createdAt} desc`],
    latestDelivery: (desc) => [sql`${tasks.latestDelivery} ${desc ? sql`desc nulls last` : sql`asc nulls last`}`],
    createdAt: tasks.createdAt,
    modifiedAt: tasks.modifiedAt,
    status: tasks.status,
    medicine: sql`lower(${tasks.medicine})`,
    patient: sql`lower(${patients.lastname})`,
    home: sql`lower(${homes.name})`,
    doctor: sql`lower(${doctors.lastname})`,
  },
  search: [tasks.medicine, tasks.dose, PATIENT_NAME],
  seen: TASK_SEEN,
  // Orders pile up (100,000s): an exact count of a wide match costs more than the page (docs/decisions/orders-count-cap.md).
  countCap: 10_000,
};

/**
 * The list for a status filter of open statuses only: the priority order is the order the partial
 * indexes tasks_open_*_delivery_idx read.
 */
const OPEN_TASK_LIST: ListSource<TaskSortField> = {
  ...TASK_LIST,
  sort: { ...TASK_LIST.sort, priority: () => [sql`${tasks.latestDelivery} asc nulls last`, sql`${tasks.createdAt} desc`] },
};

/** The list for a status filter of closed statuses only: the priority order is newest first (tasks_closed_*_idx). */
const CLOSED_TASK_LIST: ListSource<TaskSortField> = { ...TASK_LIST, sort: { ...TASK_LIST.sort, priority: () => [sql`${tasks.createdAt} desc`] } };

const OPEN_TASK_LIST_ORDER = listOrder(OPEN_TASK_LIST, { field: 'priority', desc: false });
const CLOSED_TASK_LIST_ORDER = listOrder(CLOSED_TASK_LIST, { field: 'priority', desc: false });

/** Which part of the priority order a status filter reaches: the open orders, the closed ones, or both. */
function statusPart(statuses: string[] | undefined): 'open' | 'closed' | 'both' {
  if (!statuses?.length) return 'both';
  if (statuses.every((s) => OPEN_STATUSES.includes(s))) return 'open';
  return statuses.every((s) => CLOSED_STATUSES.includes(s)) ? 'closed' : 'both';
}

/** Sorts by a joined table's column: only there the rows are joined before the page is cut. */
const JOINED_SORTS: ReadonlySet<TaskSortField> = new Set(['patient', 'home', 'doctor']);

export interface TaskListFilters extends CommonListFilter {
  latestDelivery?: string;
  status?: string[];
  type?: number[];
  /** The pickup list's view: seen and notSeen follow the pickup seen marks. */
  pickup?: boolean;
  doctor?: string;
  medicine?: string;
  home?: string;
  patient?: string;
  from?: string;
  to?: string;
  filter_date_type?: 'created' | 'modified';
  notSeenEvents?: boolean;
  /** The latest prescription request of the order is in one of these states. */
  request?: RequestState[];
}

export interface TaskListOptions {
  query: ListQuery<TaskSortField, TaskListFilters>;
  viewerId: string;
  /** taskPolicy.where(auth, 'read'). */
  scope: SQL | undefined;
  ids?: string[];
}

/** Midnight of a Berlin day (YYYY-MM-DD) as a timestamp. */
const berlinMidnight = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/Berlin')`;

/** The orders list's own filters, over the tasks table's columns. */
function filterConditions(f: TaskListFilters): (SQL | undefined)[] {
  const dateColumn = f.filter_date_type === 'modified' ? tasks.modifiedAt : tasks.createdAt;
  return [
    f.status ? inArray(tasks.status, f.status) : undefined,
    f.type ? inArray(tasks.type, f.type) : undefined,
    f.latestDelivery ? lte(tasks.latestDelivery, f.latestDelivery) : undefined,
    f.doctor ? eq(tasks.doctorId, f.doctor) : undefined,
    f.home ? eq(tasks.homeId, f.home) : undefined,
    f.patient ? eq(tasks.patientId, f.patient) : undefined,
    f.medicine ? ilike(tasks.medicine, `%${escapeLike(f.medicine)}%`) : undefined,
    f.from ? sql`${dateColumn} >= ${berlinMidnight(f.from)}` : undefined,
    f.to ? sql`${dateColumn} < ${berlinMidnight(f.to, 1)}` : undefined,
    f.request ? inArray(tasks.id, sql`(select ${documentTasks.taskId} from ${documentTasks} where ${documentTasks.current} and ${inArray(documentTasks.state, f.request)})`) : undefined,
  ];
}

/** The order's latest prescription request (document, tracker state, priority), one index lookup per row of the page. */
const TASK_REQUEST = sql<TaskRequestRef | null>`(select json_build_object('_id', ${documentTasks.documentId}, 'state', ${documentTasks.state}, 'priority', ${documents.priority})
  from ${documentTasks} join ${documents} on ${documents.id} = ${documentTasks.documentId}
  where ${documentTasks.taskId} = ${qualified(tasks.id)} and ${documentTasks.current})`;

const TASK_LIST_CAP = TASK_LIST.countCap!;

/** The placeholder of the viewer in the list's select list (seen state, unseen events). */
const VIEWER = 'viewer';
const viewer = sql.placeholder(VIEWER) as unknown as string;

/**
 * What a row of the orders list carries (the select list, rendered once per seen definition: the
 * orders list's, and the pickup list's where a task is new to a driver since it was handed over).
 */
const taskRow = (seen: SeenSource) => listSelection({
  task: getTableColumns(tasks),
  patient: { _id: patients.id, firstname: patients.firstname, lastname: patients.lastname, dateOfBirth: patients.dateOfBirth },
  home: { _id: homes.id, name: homes.name, street: homes.street, postalCode: homes.postalCode, city: homes.city, phone: homes.phone },
  doctor: {
    _id: doctors.id,
    title: doctors.title,
    firstname: doctors.firstname,
    lastname: doctors.lastname,
    email: doctors.email,
    fax: doctors.fax,
  },
  // The driver's stop at a doctor: the doctor's own address and phone, else the practice's.
  doctorStreet: sql<string>`coalesce(nullif(${doctors.street}, ''), ${doctorOffices.street}, '')`,
  doctorPostalCode: sql<string>`case when ${doctors.street} <> '' then ${doctors.postalCode} else coalesce(${doctorOffices.zip}, '') end`,
  doctorCity: sql<string>`case when ${doctors.street} <> '' then ${doctors.city} else coalesce(${doctorOffices.city}, '') end`,
  doctorPhone: sql<string>`coalesce(nullif(${doctors.phone}, ''), ${doctorOffices.phone}, '')`,
  practice: sql<string>`coalesce(${doctorOffices.name}, '')`,
  livingArea: homeGroups.name,
  createdFrom: { _id: creator.id, username: creator.username },
  modifiedFrom: { _id: modifier.id, username: modifier.username },
  seen: seenColumn(seen, viewer),
  urgent: TASK_URGENT.mapWith(Boolean),
  ...taskFeedFigures(viewer),
  request: TASK_REQUEST,
});
const TASK_ROW = taskRow(TASK_SEEN);
const PICKUP_ROW = taskRow(PICKUP_SEEN);
export type TaskListRow = NonNullable<(typeof TASK_ROW)['_row']>;

/** The tables the row shows beside the tasks, rendered once (no parameters). */
const TASK_JOINS = renderSql(
  sql`left join ${patients} on ${patients.id} = ${tasks.patientId}
    left join ${homeGroups} on ${homeGroups.id} = ${patients.homeGroupId}
    left join ${homes} on ${homes.id} = ${tasks.homeId}
    left join ${doctors} on ${doctors.id} = ${tasks.doctorId}
    left join ${doctorOffices} on ${doctorOffices.id} = ${doctors.officeId}
    left join ${users} ${sql.identifier(CREATOR)} on ${creator.id} = ${tasks.createdBy}
    left join ${users} ${sql.identifier(MODIFIER)} on ${modifier.id} = ${tasks.modifiedBy}`,
).text;

const text = (fragment: SQL) => renderSql(fragment).text;
const TASKS = text(sql`${tasks}`);
const TASK_ID = text(sql`${tasks.id}`);
/** The tasks with the tables the row shows. */
const TASK_FROM = `from ${TASKS} ${TASK_JOINS}`;
/**
 * The page's tasks (`ids`: a statement answering the column "id") with the tables the row shows.
 * The page comes first in the FROM list: with eight tables joined the planner no longer reorders
 * the joins freely (join_collapse_limit), and `tasks.id in (ids)` let it join every task before
 * keeping the page's 50.
 */
const pageFrom = (ids: string) => `from (${ids}) "page" join ${TASKS} on ${TASK_ID} = "page"."id" ${TASK_JOINS}`;
const LATEST_DELIVERY = text(sql`${tasks.latestDelivery}`);
const CREATED_AT = text(sql`${tasks.createdAt}`);
const OPEN_ONLY_TEXT = text(OPEN_ONLY);
const CLOSED_ONLY_TEXT = text(CLOSED_ONLY);
const OPEN_ORDER_TEXT = text(sql.join(OPEN_TASK_LIST_ORDER, sql`, `));
const CLOSED_ORDER_TEXT = text(sql.join(CLOSED_TASK_LIST_ORDER, sql`, `));

/**
 * How the page is cut: 'pageFirst' picks the page's ids on tasks alone, 'priority' does so from the
 * open and the closed orders each read in index order (the priority order over both), 'joined'
 * cuts the joined rows (a sort by a joined table's column; single-record reads).
 */
type PageMode = 'pageFirst' | 'priority' | 'joined';

const listShapes = new StatementShapes();

/**
 * The list statement. For 'pageFirst': `select <TASK_ROW> from (select id from tasks where W order
 * by O offset $a limit $b) page join tasks … order by O`; for 'priority' the page's ids are those
 * of the open orders (`W and open`, in their index order, cut to offset + limit) and of the closed
 * ones (newest first, likewise cut) put one after the other, then cut; for 'joined'
 * `select <TASK_ROW> <TASK_FROM> where W order by O offset $a limit $b` on the joined rows.
 */
function taskListStatement(plan: ListPlan, viewerId: string, mode: PageMode, row: typeof TASK_ROW): RenderedSql {
  const params = fillPlaceholders(row.head.params, { [VIEWER]: viewerId });
  const w = renderSql(plan.where ?? sql`true`, params.length);
  params.push(...w.params);
  const o = renderSql(sql.join(plan.orderBy, sql`, `), params.length);
  params.push(...o.params);
  if (mode === 'priority') params.push(plan.offset + plan.limit);
  params.push(plan.offset, plan.limit);
  const n = params.length;
  const rowKind = row === PICKUP_ROW ? 'pickup' : 'task';
  const text = listShapes.text(`${mode}\n${rowKind}\n${w.text}\n${o.text}\n${n}`, () => {
    const page = `offset $${n - 1} limit $${n}`;
    if (mode === 'joined') return `${row.head.text} ${TASK_FROM} where ${w.text} order by ${o.text} ${page}`;
    if (mode === 'pageFirst') return `${row.head.text} ${pageFrom(`select ${TASK_ID} from ${TASKS} where ${w.text} order by ${o.text} ${page}`)} order by ${o.text}`;
    const reach = `limit $${n - 2}`;
    const open = `(select ${TASK_ID}, 0 as "part", ${LATEST_DELIVERY} as "delivery", ${CREATED_AT} as "created" from ${TASKS} where (${w.text}) and ${OPEN_ONLY_TEXT} order by ${OPEN_ORDER_TEXT} ${reach})`;
    const closed = `(select ${TASK_ID}, 1 as "part", null::date as "delivery", ${CREATED_AT} as "created" from ${TASKS} where (${w.text}) and ${CLOSED_ONLY_TEXT} order by ${CLOSED_ORDER_TEXT} ${reach})`;
    const ids = `select "id" from (${open} union all ${closed}) "parts" order by "part", "delivery" asc nulls last, "created" desc, "id" ${page}`;
    return `${row.head.text} ${pageFrom(ids)} order by ${o.text}`;
  });
  return { text, params };
}

@Injectable()
export class TasksRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * The rows of the orders list with patient, home, doctor, actors, urgency, the viewer's seen state
   * and the event figures, and the count (up to TASK_LIST.countCap): two statements run in parallel,
   * put together from text rendered ahead (TASK_ROW, TASK_FROM; per request only the WHERE and ORDER
   * BY are rendered, the text kept per query shape). The page is picked on the tasks table alone
   * (its WHERE with the policy's scope, order, offset and limit) and only its rows are joined —
   * unless the sort is by a joined table's column. In the priority order a status filter of open
   * statuses reads the open orders' indexes in order (OPEN_TASK_LIST), one of closed statuses the
   * newest first (CLOSED_TASK_LIST), and otherwise both parts are read so and put one after the
   * other (taskListStatement, mode 'priority').
   */
  async list(options: TaskListOptions) {
    const { filter, sort } = options.query;
    const part = statusPart(filter.status);
    const partOnly = { open: OPEN_ONLY, closed: CLOSED_ONLY, both: undefined }[part];
    const where = [...filterConditions(filter), filter.notSeenEvents ? hasUnseenEvents(options.viewerId) : undefined, partOnly];
    const listed = { open: OPEN_TASK_LIST, closed: CLOSED_TASK_LIST, both: TASK_LIST }[part];
    // The pickup list's "neu" and "nur neue" follow the pickup seen marks.
    const source = filter.pickup ? { ...listed, seen: PICKUP_SEEN } : listed;
    const row = filter.pickup ? PICKUP_ROW : TASK_ROW;
    const plan = planList(source, { ...options, where });
    const mode: PageMode = options.ids || JOINED_SORTS.has(sort.field) ? 'joined' : part === 'both' && sort.field === 'priority' ? 'priority' : 'pageFirst';
    const [found, count] = await Promise.all([
      queryArrays(this.db, taskListStatement(plan, options.viewerId, mode, row)),
      options.ids ? undefined : queryArrays(this.db, cappedCountStatement(tasks, plan.where, TASK_LIST_CAP)),
    ]);
    const rows = found.map(row.decodeRow) as TaskListRow[];
    return { rows, ...(count ? cappedCount(count, TASK_LIST_CAP) : { count: rows.length }) };
  }

  /** One task as the list shows it, or null. */
  async findRow(id: string, viewerId: string) {
    const { rows } = await this.list({ query: { offset: 0, limit: 1, sort: { field: 'createdAt', desc: false }, filter: {} }, viewerId, scope: undefined, ids: [id] });
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<TaskRow | null> {
    const [row] = await this.db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
    return row ?? null;
  }

  /**
   * The task, locked for the rest of the unit of work (`for update`): concurrent changes of its
   * status wait for this one, so each decides on the status the other left.
   */
  async lock(id: string): Promise<TaskRow | null> {
    const [row] = await this.db.select().from(tasks).where(eq(tasks.id, id)).limit(1).for('update');
    return row ?? null;
  }

  /** The tasks of `ids` that exist (no policy: for bookkeeping of work the caller was allowed). */
  findMany(ids: string[]): Promise<TaskRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db.select().from(tasks).where(inArray(tasks.id, ids));
  }

  /** The tasks of `ids` that exist, locked for the rest of the unit of work (in id order, so two requests never wait on each other crosswise). */
  async lockMany(ids: string[]): Promise<TaskRow[]> {
    return this.db.select().from(tasks).where(inArray(tasks.id, ids)).orderBy(tasks.id).for('update');
  }

  async saveMany(ids: string[], patch: TaskPatch): Promise<void> {
    await this.db.update(tasks).set(patch).where(inArray(tasks.id, ids));
  }

  /** One status_change event per task (addStatusEvent for many; `from` null for new tasks), in the order given; answers their ids in that order. */
  async addStatusEvents(changes: { taskId: string; from: string | null; to: string }[], userId: string): Promise<string[]> {
    const rows = await this.db
      .insert(taskEvents)
      .values(changes.map((c) => ({ taskId: c.taskId, type: 'status_change', data: { from: c.from, to: c.to }, createdBy: userId, createdAt: sql`clock_timestamp()` })))
      .returning({ id: taskEvents.id, taskId: taskEvents.taskId });
    const byTask = new Map(rows.map((r) => [r.taskId, r.id]));
    return changes.map((c) => byTask.get(c.taskId)!);
  }

  /** Which of `ids` lie within `scope`. */
  async visible(ids: string[], scope: SQL | undefined): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db.select({ id: tasks.id }).from(tasks).where(and(inArray(tasks.id, ids), scope));
    return rows.map((r) => r.id);
  }

  /** The doctor an order names (null when absent). */
  /** Whether the care home was deactivated (its residents get no new orders). */
  async homeDeactivated(id: string): Promise<boolean> {
    const [row] = await this.db.select({ deactivatedAt: homes.deactivatedAt }).from(homes).where(eq(homes.id, id)).limit(1);
    return !!row?.deactivatedAt;
  }

  async doctor(id: string) {
    const [row] = await this.db.select({ id: doctors.id, deactivatedAt: doctors.deactivatedAt }).from(doctors).where(eq(doctors.id, id)).limit(1);
    return row ?? null;
  }

  async create(values: TaskInsert): Promise<string> {
    const [row] = await this.db.insert(tasks).values(values).returning({ id: tasks.id });
    return row!.id;
  }

  async save(id: string, patch: TaskPatch): Promise<void> {
    await this.db.update(tasks).set(patch).where(eq(tasks.id, id));
  }

  /**
   * A status change in the task's event feed: who (createdBy) and when (createdAt, by the clock so
   * events of one transaction keep their order). `from` is null for the first event of a new task.
   */
  async addStatusEvent(taskId: string, from: string | null, to: string, userId: string): Promise<string> {
    const [row] = await this.db
      .insert(taskEvents)
      .values({ taskId, type: 'status_change', data: { from, to }, createdBy: userId, createdAt: sql`clock_timestamp()` })
      .returning({ id: taskEvents.id });
    return row!.id;
  }

  /** The living area of a patient (the print sheet), or null. */
  async livingArea(patientId: string): Promise<string | null> {
    const [row] = await this.db.select({ name: homeGroups.name }).from(patients).innerJoin(homeGroups, eq(homeGroups.id, patients.homeGroupId)).where(eq(patients.id, patientId)).limit(1);
    return row?.name ?? null;
  }

  /**
   * Earlier values of one column (dose or medicine) of the orders within `scope`, most used first
   * (then by name): the suggestions of the order form. Matching ignores case; `%`/`_` are literal.
   */
  async suggestions(column: 'dose' | 'medicine', scope: SQL | undefined, text: string | undefined, limit: number): Promise<{ data: string[]; count: number }> {
    const value = column === 'dose' ? tasks.dose : tasks.medicine;
    // A medicine deactivated on the medicines list is offered no more (the unique index on lower(name) finds it).
    const active = column === 'medicine' ? sql`not exists (select 1 from ${medicines} where lower(${medicines.name}) = lower(${tasks.medicine}) and ${medicines.disabled})` : undefined;
    const where = and(scope, sql`${value} <> ''`, searchCondition(value, text, 'phrase'), active);
    const key = sql`lower(${value})`;
    const grouped = this.db
      .select({ key: sql<string>`${key}`.as('key'), name: sql<string>`mode() within group (order by ${value})`.as('name'), uses: sql<number>`count(*)`.as('uses') })
      .from(tasks)
      .where(where)
      .groupBy(key)
      .as('s');
    const [rows, [total]] = await Promise.all([
      this.db.select({ name: grouped.name }).from(grouped).orderBy(sql`${grouped.uses} desc`, grouped.key).limit(limit),
      this.db.select({ n: sql<number>`count(distinct ${key})`.mapWith(Number) }).from(tasks).where(where),
    ]);
    return { data: rows.map((r) => r.name), count: total?.n ?? 0 };
  }

  /**
   * The medicines of one patient's orders within `scope` (for a re-order): one row per medicine and
   * dose, latest first, with what the latest of those orders said (group, type, amount, doctor), so a
   * re-order starts where the last one ended.
   */
  pastMedicines(patientId: string, scope: SQL | undefined) {
    const byMedicine = sql`partition by ${tasks.medicine}, ${tasks.dose}`;
    const ranked = this.db
      .select({
        medicine: tasks.medicine,
        dose: tasks.dose,
        group: tasks.group,
        type: tasks.type,
        amount: tasks.amount,
        doctorId: tasks.doctorId,
        createdAt: sql<string>`${tasks.createdAt}`.as('last_ordered_at'),
        orders: sql<number>`count(*) over (${byMedicine})`.as('order_count'),
        rank: sql<number>`row_number() over (${byMedicine} order by ${tasks.createdAt} desc, ${tasks.id} desc)`.as('order_rank'),
      })
      .from(tasks)
      .where(and(scope, eq(tasks.patientId, patientId), sql`${tasks.medicine} <> ''`))
      .as('r');
    return this.db
      .select({
        medicine: ranked.medicine,
        dose: ranked.dose,
        group: ranked.group,
        type: ranked.type,
        amount: ranked.amount,
        orders: sql<number>`${ranked.orders}`.mapWith(Number),
        lastOrderedAt: sql<string>`${ranked.createdAt}`.mapWith((v: unknown) => new Date(v as string).toISOString()),
        doctor: { _id: doctors.id, title: doctors.title, firstname: doctors.firstname, lastname: doctors.lastname },
      })
      .from(ranked)
      // A doctor deactivated since is not offered again.
      .leftJoin(doctors, and(eq(doctors.id, ranked.doctorId), isNull(doctors.deactivatedAt)))
      .where(sql`${ranked.rank} = 1`)
      .orderBy(sql`${ranked.createdAt} desc`)
      .limit(100);
  }
}
