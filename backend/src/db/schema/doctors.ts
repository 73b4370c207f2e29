import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Doctors' practices (the API's "doctor offices"). `contactType` is the
 * practice's primary contact (phone, mail or fax; sent as `preferred`); `image` a FileStore id.
 */
export const doctorOffices = pgTable(
  'doctor_offices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    street: text('street').notNull().default(''),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    image: text('image'),
    contactType: text('contact_type').notNull().default('phone'),
    phone: text('phone').notNull().default(''),
    mail: text('mail').notNull().default(''),
    fax: text('fax').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references((): AnyPgColumn => users.id),
  },
  (t) => [index('doctor_offices_name_lower_idx').on(sql`lower(${t.name})`)],
);

/**
 * Doctors. Deleting only deactivates (`deactivatedAt`): the record stays for
 * documentation, is ignored in billing, and its users cannot sign in until it is reactivated.
 * `preferred`: E-Mail, E-Mail-Notification, Fax, Fax-Notification or NONE.
 */
export const doctors = pgTable(
  'doctors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salutation: text('salutation').notNull().default(''),
    title: text('title').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull(),
    expertise: text('expertise').notNull().default(''),
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('Deutschland'),
    officeId: uuid('office_id').references((): AnyPgColumn => doctorOffices.id),
    email: text('email').notNull().default(''),
    fax: text('fax').notNull().default(''),
    phone: text('phone').notNull().default(''),
    preferred: text('preferred').notNull().default('E-Mail'),
    debtorId: text('debtor_id').notNull().default(''),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references((): AnyPgColumn => users.id),
  },
  (t) => [
    index('doctors_lastname_lower_idx').on(sql`lower(${t.lastname})`),
    index('doctors_created_at_idx').on(t.createdAt),
    index('doctors_office_idx').on(t.officeId),
    // Serves filter[text] (prefix and infix, any case): the expression must equal DOCTOR_SEARCH in the
    // doctors repository. search_text() is created by migration 0004 (see there why it is a function).
    index('doctors_search_trgm_idx').using('gin', sql`search_text(${t.title}, ${t.firstname}, ${t.lastname}, ${t.expertise}) gin_trgm_ops`).with({ fastupdate: false }),
  ],
);
