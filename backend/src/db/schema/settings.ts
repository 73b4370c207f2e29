import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Operator data (company settings): a single row with id 1. */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey().default(1),
  company: text('company').notNull().default(''),
  street: text('street').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  city: text('city').notNull().default(''),
  phone: text('phone').notNull().default(''),
  fax: text('fax').notNull().default(''),
  email: text('email').notNull().default(''),
  debtorId: text('debtor_id').notNull().default(''),
  instanceId: text('instance_id').notNull().default(''),
  /** SEPA creditor identifier (Gläubiger-Identifikationsnummer) of the direct-debit export. */
  creditorId: text('creditor_id').notNull().default(''),
  /** The account the direct debits are collected to (IBAN without spaces) and its bank's BIC (may be empty). */
  creditorIban: text('creditor_iban').notNull().default(''),
  creditorBic: text('creditor_bic').notNull().default(''),
  logo: text('logo'),
  partnerInstance: boolean('partner_instance').notNull().default(false),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  modifiedBy: uuid('modified_by').references(() => users.id),
});
