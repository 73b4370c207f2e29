import { sql } from 'drizzle-orm';
import { type AnyPgColumn, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './doctors.js';
import { homes } from './homes.js';
import { patients } from './patients.js';
import { users } from './users.js';

/**
 * Orders ("tasks"). `homeId` is the patient's home when the order was placed, kept on
 * the task so the list's home filter and the home user's scope are one indexed column.
 * `latestDelivery` is a date (the API shows DD.MM.YYYY).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: smallint('type').notNull(),
    status: text('status').notNull().default('new'),
    group: text('group').notNull().default('medicine'),
    medicine: text('medicine').notNull().default(''),
    amount: integer('amount').notNull().default(1),
    dose: text('dose').notNull().default(''),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    homeId: uuid('home_id').references(() => homes.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    latestDelivery: date('latest_delivery', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references((): AnyPgColumn => users.id),
  },
  (t) => [
    index('tasks_home_created_idx').on(t.homeId, t.createdAt),
    index('tasks_doctor_created_idx').on(t.doctorId, t.createdAt),
    index('tasks_patient_idx').on(t.patientId),
    index('tasks_status_created_idx').on(t.status, t.createdAt),
    index('tasks_latest_delivery_idx').on(t.latestDelivery),
    index('tasks_created_at_idx').on(t.createdAt),
    index('tasks_modified_at_idx').on(t.modifiedAt),
    // The orders list's working view: open orders (they do not pile up, finished ones do) in the list's
    // priority order, which for open orders is latestDelivery ascending (urgent ⇔ latestDelivery ≤
    // tomorrow), then newest first, then the id; status last so that any set of open statuses is
    // filtered and counted inside the index. All orders, and one home's.
    index('tasks_open_delivery_idx')
      .on(t.latestDelivery.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id, t.status)
      .where(sql`${t.status} in ('new', 'pickup', 'delivery')`),
    index('tasks_open_home_delivery_idx')
      .on(t.homeId, t.latestDelivery.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id, t.status)
      .where(sql`${t.status} in ('new', 'pickup', 'delivery')`),
    // The closed orders newest first, the second part of the priority order (all orders, and one home's):
    // read in order without visiting the open orders among the newest.
    index('tasks_closed_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} in ('finished', 'canceled')`),
    index('tasks_closed_home_created_idx')
      .on(t.homeId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} in ('finished', 'canceled')`),
    // filter[text] and filter[medicine] (ILIKE, any case); no fast-update list (see patients_search_trgm_idx).
    index('tasks_medicine_trgm_idx').using('gin', sql`${t.medicine} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/** An attachment of an event: the file in the FileStore and what the feed shows of it. */
export interface TaskEventFile {
  fileId: string;
  /** The uploaded name made safe, unique within its event (the download's {name}). */
  name: string;
  mimeType: string;
  size: number;
}

/**
 * A task's event feed: status changes (data: { from, to }), chat messages
 * (data: { text }) with their files, e-mails, faxes and fax responses of recipe requests.
 */
export const taskEvents = pgTable(
  'task_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id),
    type: text('type').notNull(),
    data: jsonb('data').notNull().default({}),
    /** 'failed' marks a failed e-mail. */
    state: text('state'),
    files: jsonb('files').$type<TaskEventFile[]>().notNull().default([]),
    /** The recipe-request document the event belongs to. */
    document: uuid('document'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id),
  },
  (t) => [
    index('task_events_task_created_idx').on(t.taskId, t.createdAt),
    // The error flag: the last e-mail / fax / fax response of a task.
    index('task_events_task_type_created_idx').on(t.taskId, t.type, t.createdAt),
    // GET /api/events (newest first) and the dashboard's unseen events after a watermark.
    index('task_events_created_at_idx').on(t.createdAt),
  ],
);
