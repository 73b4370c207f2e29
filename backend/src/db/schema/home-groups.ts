import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { homes } from './homes.js';
import { users } from './users.js';

/** Living areas (Wohnbereiche) of a care home; the name is unique per home, ignoring case. */
export const homeGroups = pgTable(
  'home_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('home_groups_home_idx').on(t.homeId), uniqueIndex('home_groups_home_name_lower_idx').on(t.homeId, sql`lower(${t.name})`)],
);

/** The living areas a user works in (user.homeGroup); all belong to the user's home. */
export const userHomeGroups = pgTable(
  'user_home_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    homeGroupId: uuid('home_group_id')
      .notNull()
      .references(() => homeGroups.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.homeGroupId] }), index('user_home_groups_group_idx').on(t.homeGroupId)],
);
