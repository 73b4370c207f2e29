import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { homeGroups } from './home-groups.js';
import { homes } from './homes.js';
import { users } from './users.js';

/**
 * Patients. A home patient has a home (and optionally one of its living
 * areas); `homepatient` is derived from it. Deleting only deactivates (`deactivatedAt`).
 * `dateOfBirth` is a date (the API shows DD.MM.YYYY).
 */
export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salutation: text('salutation').notNull().default(''),
    title: text('title').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('Deutschland'),
    deceased: boolean('deceased').notNull().default(false),
    homeId: uuid('home_id').references(() => homes.id),
    homeGroupId: uuid('home_group_id').references(() => homeGroups.id),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references((): AnyPgColumn => users.id),
  },
  (t) => [
    index('patients_home_idx').on(t.homeId),
    index('patients_home_group_idx').on(t.homeGroupId),
    index('patients_created_at_idx').on(t.createdAt),
    index('patients_lastname_lower_idx').on(sql`lower(${t.lastname})`),
    // The duplicate warning: same last name (any case) and birth date.
    index('patients_duplicate_idx').on(sql`lower(${t.lastname})`, t.dateOfBirth),
    // Serves filter[text] (prefix and infix, any case): the expression must equal PATIENT_SEARCH in the
    // patients repository. search_text() is created by migration 0004 (see there why it is a function).
    // No fast-update pending list: PGlite runs no autovacuum to flush it, and master data is read far more than written.
    index('patients_search_trgm_idx').using('gin', sql`search_text(${t.firstname}, ${t.lastname}) gin_trgm_ops`).with({ fastupdate: false }),
  ],
);
