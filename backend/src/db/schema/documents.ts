import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './doctors.js';
import { files } from './files.js';
import { homes } from './homes.js';
import { users } from './users.js';

/**
 * Prescription requests: one document per doctor and sending, its PDF in the FileStore. `homeId`
 * is the care home of its orders when they are all of one home (the home's users may read it),
 * else null. `channel` is how it goes (email, fax, email-notification, fax-notification); `state`
 * follows its outbox message (queued → sent | failed).
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [index('documents_doctor_created_idx').on(t.doctorId, t.createdAt), index('documents_home_created_idx').on(t.homeId, t.createdAt)],
);
