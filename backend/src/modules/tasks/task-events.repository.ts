import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { qualified, searchCondition, seenColumn } from '../../core/http/list.js';
import { type SeenSource, unseenBy } from '../../core/seen/unseen.js';
import { patients, taskEvents, tasks, users } from '../../db/schema/index.js';

export type TaskEventRow = typeof taskEvents.$inferSelect;
export type TaskEventInsert = Omit<typeof taskEvents.$inferInsert, 'id' | 'createdAt'>;

/** Events in the one "not seen" definition: an event one wrote oneself counts as seen. */
export const EVENT_SEEN: SeenSource = { kind: 'event', id: taskEvents.id, createdAt: taskEvents.createdAt, createdBy: taskEvents.createdBy };

/** The task of the outer query (`tasks`), for correlated subqueries over its events. */
const OUTER_TASK = qualified(tasks.id);

/** The task has an event the viewer has not seen (filter[notSeenEvents]). */
export function hasUnseenEvents(viewerId: string): SQL {
  return sql`exists (select 1 from ${taskEvents} where ${taskEvents.taskId} = ${OUTER_TASK} and ${unseenBy(EVENT_SEEN, viewerId)})`;
}

/**
 * The error flag of a task (docs/decisions/order-error-mark.md): its newest e-mail, fax or fax
 * response decides. A failed e-mail or fax, or a fax response other than SENT, marks it; a newer
 * e-mail, fax or SENT clears an older failure, whichever way it went.
 */
const TASK_ERROR = sql<boolean>`coalesce((select case when ${taskEvents.type} = 'faxresponse' then (${taskEvents.data} #>> '{}') is distinct from 'SENT'
    else ${taskEvents.state} is not distinct from 'failed' end from ${taskEvents}
    where ${taskEvents.taskId} = ${OUTER_TASK} and ${taskEvents.type} in ('email', 'fax', 'faxresponse') order by ${taskEvents.createdAt} desc limit 1), false)`;

/**
 * What a task's row shows of its event feed, as columns correlated to the outer query's `tasks`:
 * the number of events, those the viewer has not seen, and the error flag (the orders list selects
 * them for its page's rows in its one statement; `stats` for given tasks).
 */
export function taskFeedFigures(viewerId: string) {
  return {
    events: sql<number>`(select count(*) from ${taskEvents} where ${taskEvents.taskId} = ${OUTER_TASK})`.mapWith(Number),
    unseen: sql<number>`(select count(*) from ${taskEvents} where ${taskEvents.taskId} = ${OUTER_TASK} and ${unseenBy(EVENT_SEEN, viewerId)})`.mapWith(Number),
    error: TASK_ERROR.mapWith(Boolean),
  };
}

export interface EventListOptions {
  viewerId: string;
  /** taskPolicy.where(auth, 'read') over `tasks`. */
  scope: SQL | undefined;
  notSeen: boolean;
  /** Words in the message text. */
  text?: string;
  offset: number;
  limit: number;
}

@Injectable()
export class TaskEventsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private select(viewerId: string) {
    return this.db
      .select({
        event: taskEvents,
        author: { _id: users.id, username: users.username, roles: users.roles },
        seen: seenColumn(EVENT_SEEN, viewerId),
      })
      .from(taskEvents)
      .leftJoin(users, eq(users.id, taskEvents.createdBy));
  }

  /** A task's feed, oldest first (optionally one type, or given events only). */
  feed(taskId: string, viewerId: string, filter: { type?: string[]; ids?: string[] }) {
    return this.select(viewerId)
      .where(and(eq(taskEvents.taskId, taskId), filter.type ? inArray(taskEvents.type, filter.type) : undefined, filter.ids ? inArray(taskEvents.id, filter.ids) : undefined))
      .orderBy(asc(taskEvents.createdAt), asc(taskEvents.id));
  }

  async findOne(id: string, viewerId: string) {
    const [row] = await this.select(viewerId).where(eq(taskEvents.id, id)).limit(1);
    return row ?? null;
  }

  /** An event with its task's policy fields (null when absent). */
  async withTask(eventId: string) {
    const [row] = await this.db.select({ event: taskEvents, task: tasks }).from(taskEvents).innerJoin(tasks, eq(tasks.id, taskEvents.taskId)).where(eq(taskEvents.id, eventId)).limit(1);
    return row ?? null;
  }

  /** Stamped with the clock, not the transaction's start: events written in one transaction keep their order. */
  async insert(values: TaskEventInsert): Promise<string> {
    const [row] = await this.db.insert(taskEvents).values({ ...values, createdAt: sql`clock_timestamp()` }).returning({ id: taskEvents.id });
    return row!.id;
  }

  /** Events across the tasks within `scope`, newest first, with what the notification list shows of their task. */
  async list(options: EventListOptions) {
    const where = and(options.scope, options.notSeen ? unseenBy(EVENT_SEEN, options.viewerId) : undefined, searchCondition(sql`${taskEvents.data} ->> 'text'`, options.text));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          event: taskEvents,
          author: { _id: users.id, username: users.username, roles: users.roles },
          seen: seenColumn(EVENT_SEEN, options.viewerId),
          task: { _id: tasks.id, medicine: tasks.medicine, status: tasks.status },
          patient: { firstname: patients.firstname, lastname: patients.lastname },
        })
        .from(taskEvents)
        .innerJoin(tasks, eq(tasks.id, taskEvents.taskId))
        .leftJoin(patients, eq(patients.id, tasks.patientId))
        .leftJoin(users, eq(users.id, taskEvents.createdBy))
        .where(where)
        .orderBy(desc(taskEvents.createdAt), desc(taskEvents.id))
        .offset(options.offset)
        .limit(options.limit),
      this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(taskEvents).innerJoin(tasks, eq(tasks.id, taskEvents.taskId)).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** Which of `ids` are events of tasks within `scope`. */
  async visible(ids: string[], scope: SQL | undefined): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db.select({ id: taskEvents.id }).from(taskEvents).innerJoin(tasks, eq(tasks.id, taskEvents.taskId)).where(and(inArray(taskEvents.id, ids), scope));
    return rows.map((r) => r.id);
  }

  /** The ids of a task's events. */
  async idsOf(taskId: string): Promise<string[]> {
    const rows = await this.db.select({ id: taskEvents.id }).from(taskEvents).where(eq(taskEvents.taskId, taskId));
    return rows.map((r) => r.id);
  }

  /**
   * Per task of `taskIds` (one statement, only for these ids): the number of events, how many the
   * viewer has not seen, the error flag and the author of the latest event.
   */
  async stats(taskIds: string[], viewerId: string) {
    if (!taskIds.length) return [];
    const lastAuthor = sql`(select ${taskEvents.createdBy} from ${taskEvents} where ${taskEvents.taskId} = ${OUTER_TASK} order by ${taskEvents.createdAt} desc, ${taskEvents.id} desc limit 1)`;
    return this.db
      .select({
        taskId: tasks.id,
        ...taskFeedFigures(viewerId),
        lastSender: { _id: users.id, username: users.username, roles: users.roles },
      })
      .from(tasks)
      .leftJoin(users, eq(users.id, lastAuthor))
      .where(inArray(tasks.id, taskIds));
  }
}
