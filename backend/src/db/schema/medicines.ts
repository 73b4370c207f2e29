import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Medicine suggestions (spec part 1 §2 /v3/medikamente, part 2 §3 Medicine). */
export const medicines = pgTable(
  'medicines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    group: text('group').notNull().default('medicine'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('medicines_name_lower_idx').on(sql`lower(${t.name})`), index('medicines_disabled_idx').on(t.disabled)],
);
