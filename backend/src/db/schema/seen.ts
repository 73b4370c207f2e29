import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Per-user "seen" marks (entity kind, record id, user): the spec's seen[] / "neu" badges. */
export const seenMarks = pgTable(
  'seen_marks',
  {
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entity, t.entityId, t.userId] })],
);

/**
 * "Mark all as read" per user and entity kind: records created before `at` count as seen without
 * writing one mark per record.
 */
export const seenWatermarks = pgTable(
  'seen_watermarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    entity: text('entity').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entity] })],
);
