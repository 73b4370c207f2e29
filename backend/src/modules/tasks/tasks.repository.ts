import { Inject, Injectable } from '@nestjs/common';
import { and, eq, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TaskSortField } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type CommonListFilter, escapeLike, type ListPlan, type ListSource, listOrder, qualified, runList, searchCondition, seenColumn } from '../../core/http/list.js';
import type { SeenSource } from '../../core/seen/unseen.js';
import { doctors, homeGroups, homes, patients, taskEvents, tasks, users } from '../../db/schema/index.js';
import { hasUnseenEvents } from './task-events.repository.js';

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

const creator = alias(users, 'task_creator');
const modifier = alias(users, 'task_modifier');

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
  // Orders pile up (100,000s): an exact count of a wide match costs more than the page (README "Orders: speed").
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
  doctor?: string;
  medicine?: string;
  home?: string;
  patient?: string;
  from?: string;
  to?: string;
  filter_date_type?: 'created' | 'modified';
  notSeenEvents?: boolean;
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

/** The list's own filters (spec §2), over the tasks table's columns. */
function filterConditions(f: TaskListFilters): (SQL | undefined)[] {
  const dateColumn = f.filter_date_type === 'modified' ? tasks.modifiedAt : tasks.createdAt;
  return [
    f.status ? inArray(tasks.status, f.status) : undefined,
    f.latestDelivery ? lte(tasks.latestDelivery, f.latestDelivery) : undefined,
    f.doctor ? eq(tasks.doctorId, f.doctor) : undefined,
    f.home ? eq(tasks.homeId, f.home) : undefined,
    f.patient ? eq(tasks.patientId, f.patient) : undefined,
    f.medicine ? ilike(tasks.medicine, `%${escapeLike(f.medicine)}%`) : undefined,
    f.from ? sql`${dateColumn} >= ${berlinMidnight(f.from)}` : undefined,
    f.to ? sql`${dateColumn} < ${berlinMidnight(f.to, 1)}` : undefined,
  ];
}

@Injectable()
export class TasksRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * The rows of the orders list with patient, home, doctor, actors, urgency and the viewer's seen
   * state, and the count (up to TASK_LIST.countCap). The page is picked on the tasks table alone (its
   * WHERE with the policy's scope, order, offset and limit) and only its rows are joined — unless the
   * sort is by a joined table's column. In the priority order a status filter of open statuses reads
   * the open orders' indexes in order (OPEN_TASK_LIST), one of closed statuses the newest first
   * (CLOSED_TASK_LIST), and otherwise both parts are read so and put one after the other (priorityPage).
   */
  list(options: TaskListOptions) {
    const { filter, sort } = options.query;
    const part = statusPart(filter.status);
    const partOnly = { open: OPEN_ONLY, closed: CLOSED_ONLY, both: undefined }[part];
    const where = [...filterConditions(filter), filter.notSeenEvents ? hasUnseenEvents(options.viewerId) : undefined, partOnly];
    const pageFirst = !options.ids && !JOINED_SORTS.has(sort.field);
    const source = { open: OPEN_TASK_LIST, closed: CLOSED_TASK_LIST, both: TASK_LIST }[part];
    return runList(this.db, source, { ...options, where }, (plan) => {
      const rows = this.joinedRows(options.viewerId);
      if (!pageFirst) return rows.where(plan.where).orderBy(...plan.orderBy).offset(plan.offset).limit(plan.limit);
      const page =
        part === 'both' && sort.field === 'priority'
          ? this.priorityPage(plan)
          : this.db.select({ id: tasks.id }).from(tasks).where(plan.where).orderBy(...plan.orderBy).offset(plan.offset).limit(plan.limit);
      return rows.where(inArray(tasks.id, page)).orderBy(...plan.orderBy);
    });
  }

  /**
   * The ids of a page of the priority order over open and closed orders: the open ones in the order
   * of their partial indexes and the closed ones newest first, each cut to offset + limit rows, one
   * after the other, then the page. Each part is read from an index in order and stops early, where
   * sorting every match by the whole order would not.
   */
  private priorityPage(plan: ListPlan): SQL {
    const reach = plan.offset + plan.limit;
    const open = this.db
      .select({ id: tasks.id, part: sql<number>`0`.as('part'), delivery: sql`${tasks.latestDelivery}`.as('delivery'), created: sql`${tasks.createdAt}`.as('created') })
      .from(tasks)
      .where(and(plan.where, OPEN_ONLY))
      .orderBy(...OPEN_TASK_LIST_ORDER)
      .limit(reach);
    const closed = this.db
      .select({ id: tasks.id, part: sql<number>`1`.as('part'), delivery: sql`null::date`.as('delivery'), created: sql`${tasks.createdAt}`.as('created') })
      .from(tasks)
      .where(and(plan.where, CLOSED_ONLY))
      .orderBy(...CLOSED_TASK_LIST_ORDER)
      .limit(reach);
    return sql`(select id from (${open} union all ${closed}) parts order by part, delivery asc nulls last, created desc, id offset ${plan.offset} limit ${plan.limit})`;
  }

  /** Tasks with what the list shows of them, joined (the caller adds WHERE, order and page). */
  private joinedRows(viewerId: string) {
    return this.db
      .select({
        task: tasks,
        patient: { _id: patients.id, firstname: patients.firstname, lastname: patients.lastname, dateOfBirth: patients.dateOfBirth },
        home: { _id: homes.id, name: homes.name },
        doctor: { _id: doctors.id, title: doctors.title, firstname: doctors.firstname, lastname: doctors.lastname, email: doctors.email, fax: doctors.fax },
        createdFrom: { _id: creator.id, username: creator.username },
        modifiedFrom: { _id: modifier.id, username: modifier.username },
        seen: seenColumn(TASK_SEEN, viewerId),
        urgent: TASK_URGENT.mapWith(Boolean),
      })
      .from(tasks)
      .leftJoin(patients, eq(patients.id, tasks.patientId))
      .leftJoin(homes, eq(homes.id, tasks.homeId))
      .leftJoin(doctors, eq(doctors.id, tasks.doctorId))
      .leftJoin(creator, eq(creator.id, tasks.createdBy))
      .leftJoin(modifier, eq(modifier.id, tasks.modifiedBy));
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

  /** Which of `ids` lie within `scope`. */
  async visible(ids: string[], scope: SQL | undefined): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db.select({ id: tasks.id }).from(tasks).where(and(inArray(tasks.id, ids), scope));
    return rows.map((r) => r.id);
  }

  /** The doctor an order names (null when absent). */
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
    const where = and(scope, sql`${value} <> ''`, searchCondition(value, text, 'phrase'));
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

  /** The medicines of one patient's orders within `scope` (for a re-order): one row per medicine and dose, latest first. */
  pastMedicines(patientId: string, scope: SQL | undefined) {
    return this.db
      .select({
        medicine: tasks.medicine,
        dose: tasks.dose,
        group: sql<string>`mode() within group (order by ${tasks.group})`,
        orders: sql<number>`count(*)`.mapWith(Number),
        lastOrderedAt: sql<string>`max(${tasks.createdAt})`.mapWith((v: unknown) => new Date(v as string).toISOString()),
      })
      .from(tasks)
      .where(and(scope, eq(tasks.patientId, patientId), sql`${tasks.medicine} <> ''`))
      .groupBy(tasks.medicine, tasks.dose)
      .orderBy(sql`max(${tasks.createdAt}) desc`)
      .limit(100);
  }
}
