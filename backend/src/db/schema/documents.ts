import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './doctors.js';
import { files } from './files.js';
import { homes } from './homes.js';
import { tasks } from './tasks.js';
import { users } from './users.js';

/**
 * Prescription requests: one document per doctor and sending, its PDF in the FileStore. `homeId`
 * is the care home of its orders when they are all of one home (the home's users may read it),
 * else null. `channel` is how it goes (email, fax, email-notification, fax-notification); `state`
 * follows its outbox message (queued → sent | failed). `reason`, `priority` and `supplyDays` are
 * what the pharmacy chose for the doctor (follow-up / normal by default).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctors.id),
    homeId: uuid('home_id').references(() => homes.id),
    channel: text('channel').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised rich text (HTML). */
    content: text('content').notNull(),
    taskIds: uuid('task_ids').array().notNull(),
    fileId: uuid('file_id').references(() => files.id),
    state: text('state').notNull().default('queued'),
    reason: text('reason').notNull().default('follow-up'),
    priority: text('priority').notNull().default('normal'),
    /** Remaining supply in days (follow-up prescriptions only), null when not given. */
    supplyDays: smallint('supply_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [
    index('documents_doctor_created_idx').on(t.doctorId, t.createdAt),
    index('documents_home_created_idx').on(t.homeId, t.createdAt),
    // The tracker's list of every request (the pharmacy), newest first.
    index('documents_created_idx').on(t.createdAt.desc(), t.id),
  ],
);

/**
 * The tracker: where the request of one order within one document stands (RequestState). `current`
 * marks each order's latest request (one per order), which the orders list shows and filters by.
 * `remindAt` is when an unanswered request is reminded (2 working days or, for 'dringend', 4 hours
 * after it was sent); `remindedAt` is set once, by a conditional update, when that happened.
 */
export const documentTasks = pgTable(
  'document_tasks',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    state: text('state').notNull().default('requested'),
    current: boolean('current').notNull().default(true),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    remindAt: timestamp('remind_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.taskId] }),
    // An order's latest request: the chip of its row, the practice's reply and the pickup find it by the order.
    uniqueIndex('document_tasks_current_task_idx').on(t.taskId).where(sql`${t.current}`),
    // filter[request] of the orders list: the orders whose latest request is in the given states.
    index('document_tasks_current_state_idx').on(t.state, t.taskId).where(sql`${t.current}`),
    // The reminder job: unanswered requests not yet reminded, by when they are due.
    index('document_tasks_remind_idx').on(t.remindAt).where(sql`${t.remindedAt} is null`),
    // Every request of an order (a practice's reply answers them all).
    index('document_tasks_task_idx').on(t.taskId),
  ],
);

/** Each step of a tracked request (state, what moved it, when, who; null: the system), and its reminders. */
export const documentTaskHistory = pgTable(
  'document_task_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    state: text('state').notNull(),
    cause: text('cause').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [index('document_task_history_item_idx').on(t.documentId, t.taskId, t.at)],
);
