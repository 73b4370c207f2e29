import { type AnyPgColumn, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Server-side sessions: the JWT carries the id, so revoking the row ends the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The administrator's session while this one is a masquerade. */
    masqueradeOf: uuid('masquerade_of').references((): AnyPgColumn => sessions.id),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_masquerade_idx').on(t.masqueradeOf)],
);
