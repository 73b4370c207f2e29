import { Inject, Injectable } from '@nestjs/common';
import { and, eq, getTableColumns, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REQUEST_UNANSWERED_STATES, type RequestCause, type RequestState } from '@mediport/contracts/documents';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type CommonListFilter, listSelection, type ListSource, qualified, runListInOneStatement } from '../../core/http/list.js';
import { doctors, documents, documentTaskHistory, documentTasks, patients, tasks, users } from '../../db/schema/index.js';

/** One order of a request that moved (or was reminded). */
export interface TrackedItem {
  documentId: string;
  taskId: string;
  state: RequestState;
}

/** Which tracked orders a move concerns: those of one document, of given orders, of a doctor's requests. */
export interface TrackerSelector {
  document?: string;
  tasks?: string[];
  doctor?: string;
}

/** A move of the tracker: the state reached, what moved it, when and who (null: the system). */
export interface TrackerMove {
  to: RequestState;
  from: readonly RequestState[];
  cause: RequestCause;
  at: Date;
  by: string | null;
  /** A new reminder date (sent again: a new stage, reminded anew), or null to drop it (answered or failed); undefined keeps it. */
  remindAt?: Date | null;
}

export interface DocumentListFilters extends CommonListFilter {
  state?: RequestState[];
}

/** The doctor's name, for filter[text] (a scalar subquery: the count runs on documents alone). */
const DOCTOR_NAME = sql`(select ${doctors.title} || ' ' || ${doctors.firstname} || ' ' || ${doctors.lastname} from ${doctors} where ${doctors.id} = ${qualified(documents.doctorId)})`;

const DOCUMENT_LIST: ListSource<'createdAt'> = { table: documents, id: documents.id, sort: { createdAt: documents.createdAt }, search: [documents.subject, DOCTOR_NAME] };

const CREATOR = 'document_creator';
const creator = alias(users, CREATOR);
const h = alias(documentTaskHistory, 'h');
const hu = alias(users, 'h_user');
const dt = alias(documentTasks, 'dt');
/** The aliased tables as a FROM item (`"document_tasks" "dt"`). */
const H_FROM = sql`${documentTaskHistory} ${sql.identifier('h')}`;
const HU_FROM = sql`${users} ${sql.identifier('h_user')}`;
const DT_FROM = sql`${documentTasks} ${sql.identifier('dt')}`;

/** An order's history, oldest first: [{state, cause, at, by}]. */
const HISTORY = sql`(select coalesce(json_agg(json_build_object('state', ${h.state}, 'cause', ${h.cause}, 'at', ${h.at},
    'by', case when ${hu.id} is null then null else json_build_object('_id', ${hu.id}, 'username', ${hu.username}) end) order by ${h.at}, ${h.id}), '[]'::json)
  from ${H_FROM} left join ${HU_FROM} on ${hu.id} = ${h.createdBy}
  where ${h.documentId} = ${dt.documentId} and ${h.taskId} = ${dt.taskId})`;

/** The orders of the outer query's document in the order they were sent, each with its state and history. */
const ITEMS = sql<RawItem[]>`(select coalesce(json_agg(json_build_object('task', ${dt.taskId}, 'state', ${dt.state}, 'changedAt', ${dt.changedAt}, 'remindedAt', ${dt.remindedAt},
    'medicine', ${tasks.medicine}, 'patient', trim(coalesce(${patients.firstname}, '') || ' ' || coalesce(${patients.lastname}, '')), 'history', ${HISTORY})
    order by array_position(${qualified(documents.taskIds)}, ${dt.taskId})), '[]'::json)
  from ${DT_FROM} join ${tasks} on ${tasks.id} = ${dt.taskId} left join ${patients} on ${patients.id} = ${tasks.patientId}
  where ${dt.documentId} = ${qualified(documents.id)})`;

export interface RawItem {
  task: string;
  state: RequestState;
  changedAt: string;
  remindedAt: string | null;
  medicine: string;
  patient: string;
  history: { state: RequestState; cause: RequestCause; at: string; by: { _id: string; username: string } | null }[];
}

/** The tracker's list: the document, its doctor and creator, its orders with their history. One statement (list layer). */
const LIST_SELECTION = listSelection(
  {
    document: getTableColumns(documents),
    doctor: { _id: doctors.id, title: doctors.title, firstname: doctors.firstname, lastname: doctors.lastname, email: doctors.email, fax: doctors.fax, preferred: doctors.preferred },
    creator: { _id: creator.id, username: creator.username },
    items: ITEMS,
  },
  { joins: sql`left join ${doctors} on ${doctors.id} = ${documents.doctorId} left join ${users} ${sql.identifier(CREATOR)} on ${creator.id} = ${documents.createdBy}` },
);
export type TrackerListRow = NonNullable<(typeof LIST_SELECTION)['_row']>;

/** Where each order's prescription request stands (document_tasks) and how it got there (document_task_history). */
@Injectable()
export class RequestTrackerRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /**
   * The orders of a new request: each becomes its order's current request (the previous one of the
   * order stays in the history), 'requested' with its reminder date. Inside the sending's unit of
   * work, with the orders locked.
   */
  async track(documentId: string, taskIds: string[], at: Date, remindAt: Date, by: string): Promise<void> {
    if (!taskIds.length) return;
    // A superseded request is neither shown on the order nor reminded any more.
    await this.db.update(documentTasks).set({ current: false, remindAt: null }).where(and(inArray(documentTasks.taskId, taskIds), eq(documentTasks.current, true)));
    await this.db.insert(documentTasks).values(taskIds.map((taskId) => ({ documentId, taskId, state: 'requested', current: true, changedAt: at, remindAt })));
    await this.history(taskIds.map((taskId) => ({ documentId, taskId, state: 'requested' as const })), 'created', at, by);
  }

  /** Moves the selected orders that stand in one of `move.from` to `move.to` and records it; answers what moved. */
  async move(selector: TrackerSelector, move: TrackerMove): Promise<TrackedItem[]> {
    const where = this.selected(selector);
    if (!where) return [];
    const moved = await this.db
      .update(documentTasks)
      .set({ state: move.to, changedAt: move.at, ...(move.remindAt === null && { remindAt: null }), ...(move.remindAt && { remindAt: move.remindAt, remindedAt: null }) })
      .where(and(where, inArray(documentTasks.state, [...move.from])))
      .returning({ documentId: documentTasks.documentId, taskId: documentTasks.taskId });
    const items = moved.map((m) => ({ ...m, state: move.to }));
    await this.history(items, move.cause, move.at, move.by);
    return items;
  }

  /**
   * The unanswered requests whose reminder is due at `now`, each marked reminded exactly once: a
   * conditional update (`reminded_at is null`) that a second instance running at the same time finds
   * already done (rows another instance holds are skipped, not waited for). At most `limit` per call.
   */
  async remindDue(now: Date, limit: number): Promise<TrackedItem[]> {
    const due = and(isNull(documentTasks.remindedAt), lte(documentTasks.remindAt, now), inArray(documentTasks.state, [...REQUEST_UNANSWERED_STATES]), eq(documentTasks.current, true));
    const picked = sql`(select ${dt.documentId}, ${dt.taskId} from ${DT_FROM} where ${dt.remindedAt} is null and ${dt.remindAt} <= ${now.toISOString()}::timestamptz
      order by ${dt.remindAt} limit ${limit} for update skip locked)`;
    const rows = await this.db
      .update(documentTasks)
      .set({ remindedAt: now })
      .where(and(due, sql`(${documentTasks.documentId}, ${documentTasks.taskId}) in ${picked}`))
      .returning({ documentId: documentTasks.documentId, taskId: documentTasks.taskId, state: documentTasks.state });
    const items = rows.map((r) => ({ ...r, state: r.state as RequestState }));
    await this.history(items, 'reminder', now, null);
    return items;
  }

  /** The tracked orders of a document. */
  async itemsOf(documentId: string): Promise<TrackedItem[]> {
    const rows = await this.db.select({ documentId: documentTasks.documentId, taskId: documentTasks.taskId, state: documentTasks.state }).from(documentTasks).where(eq(documentTasks.documentId, documentId));
    return rows.map((r) => ({ ...r, state: r.state as RequestState }));
  }

  /** The priority of each of `documentIds`. */
  async priorities(documentIds: string[]): Promise<Map<string, string>> {
    if (!documentIds.length) return new Map();
    const rows = await this.db.select({ id: documents.id, priority: documents.priority }).from(documents).where(inArray(documents.id, documentIds));
    return new Map(rows.map((r) => [r.id, r.priority]));
  }

  /** GET /api/documents: newest first within `scope` (documentPolicy.where), `filter[state]`: a request with an order in one of the states. */
  list(options: { query: ListQuery<'createdAt', DocumentListFilters>; scope: SQL | undefined; ids?: string[] }) {
    const states = options.query.filter.state;
    const where = [states ? sql`exists (select 1 from ${DT_FROM} where ${dt.documentId} = ${qualified(documents.id)} and ${inArray(dt.state, states)})` : undefined];
    return runListInOneStatement(this.db, DOCUMENT_LIST, { query: options.query, scope: options.scope, where, ids: options.ids }, LIST_SELECTION);
  }

  private selected(selector: TrackerSelector): SQL | undefined {
    if (selector.tasks && !selector.tasks.length) return undefined;
    return and(
      selector.document ? eq(documentTasks.documentId, selector.document) : undefined,
      selector.tasks ? inArray(documentTasks.taskId, selector.tasks) : undefined,
      selector.doctor ? inArray(documentTasks.documentId, this.db.select({ id: documents.id }).from(documents).where(eq(documents.doctorId, selector.doctor))) : undefined,
    );
  }

  private async history(items: TrackedItem[], cause: RequestCause, at: Date, by: string | null): Promise<void> {
    if (!items.length) return;
    await this.db.insert(documentTaskHistory).values(items.map((i) => ({ documentId: i.documentId, taskId: i.taskId, state: i.state, cause, at, createdBy: by })));
  }
}
