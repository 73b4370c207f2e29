import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Doctors (minimal; the master-data issue extends this table). */
export const doctors = pgTable(
  'doctors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull(),
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('doctors_lastname_lower_idx').on(sql`lower(${t.lastname})`), index('doctors_created_at_idx').on(t.createdAt)],
);
