import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Care homes. `firstname`/`lastname` name the head of the home; the sender
 * settings (`senderName`, `senderPhone`, `senderFax`, `logo`) are what outgoing documents show.
 * Deleting only deactivates (`deactivatedAt`), like doctors: contracts, patients and users keep
 * their home. `selfPay` ("pays itself") belongs to billing, which sets it.
 */
export const homes = pgTable(
  'homes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull().default(''),
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('Deutschland'),
    phone: text('phone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    debtorId: text('debtor_id').notNull().default(''),
    selfPay: boolean('self_pay').notNull().default(false),
    senderName: text('sender_name').notNull().default(''),
    senderPhone: text('sender_phone').notNull().default(''),
    senderFax: text('sender_fax').notNull().default(''),
    /** FileStore id of the sender logo. */
    logo: text('logo'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references((): AnyPgColumn => users.id),
  },
  (t) => [index('homes_name_lower_idx').on(sql`lower(${t.name})`), index('homes_created_at_idx').on(t.createdAt)],
);
