import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ContractRuntime, ContractState, ContractType, OptionInterval, PackageType, ProductCatalogue } from '@mediport/contracts/shop';
import { doctors } from './doctors.js';
import { homes } from './homes.js';
import { users } from './users.js';

/** Contract numbers: the `{contractId}` part of a contract's `_id` (`{contractId}_{debtorId}`). */
export const contractNumbers = pgSequence('contract_no_seq', { startWith: 1001 });

/**
 * Contracts of the package model (version 3). The public id is `{contractNo}_{debtorId}`: a takeover
 * keeps the number and changes the debtor (the partner's contract beside the pharmacy's). `type` is
 * who pays. A term runs from `validFrom` to `validTo` and renews in place on the day after its end
 * (from `startedOn`, so month ends do not drift); `nextRuntime` / `nextType` hold a term change for
 * the next term. Which contracts unlock the `_required_contract` permissions: contract-rights.ts.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractNo: integer('contract_no')
      .notNull()
      .default(sql`nextval('contract_no_seq')`),
    debtorId: text('debtor_id').notNull().default(''),
    company: text('company').notNull().default(''),
    type: text('type').$type<ContractType>().notNull().default('ROLE_PHARMA'),
    homeId: uuid('home_id').references(() => homes.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    state: text('state').$type<ContractState>().notNull().default('new'),
    version: smallint('version').notNull().default(3),
    runtime: text('runtime').$type<ContractRuntime>().notNull().default('year'),
    productType: text('product_type').$type<PackageType>().notNull().default('basic'),
    /** Homes / services the package price counts. */
    units: integer('units').notNull().default(1),
    /** Cents per month of the package. */
    basePrice: integer('base_price').notNull().default(0),
    startedOn: date('started_on'),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    withLogin: boolean('with_login').notNull().default(false),
    assumptionOfCosts: boolean('assumption_of_costs').notNull().default(false),
    nextRuntime: text('next_runtime').$type<ContractRuntime>(),
    nextType: text('next_type').$type<PackageType>(),
    /** On the partner's contract of a takeover: the contract it took over. */
    prevContractId: uuid('prev_contract_id').references((): AnyPgColumn => contracts.id),
    /** The counterpart of a takeover (both directions). */
    contractRefId: uuid('contract_ref_id').references((): AnyPgColumn => contracts.id),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references(() => users.id),
  },
  (t) => [
    index('contracts_home_idx').on(t.homeId, t.state),
    index('contracts_doctor_idx').on(t.doctorId, t.state),
    uniqueIndex('contracts_no_debtor_idx').on(t.contractNo, t.debtorId),
    index('contracts_valid_to_idx').on(t.state, t.validTo),
  ],
);

/**
 * The terms a contract ran before a term change renewed it in place (runtime, package, price as
 * they were), one row per ended term, written by the renewal that applies the change: from the
 * first day of that runtime and package (`startedOn` then) to the day before the new term starts.
 * Billing reads them for the days before a change, invoiced or not.
 */
export const contractTerms = pgTable(
  'contract_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    runtime: text('runtime').$type<ContractRuntime>().notNull(),
    productType: text('product_type').$type<PackageType>().notNull(),
    /** Cents per month of the package. */
    basePrice: integer('base_price').notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_terms_contract_idx').on(t.contractId, t.validFrom)],
);

/**
 * What a shop product says about itself; a booked option keeps a copy from the day it was booked
 * (later price changes do not touch it). Fresh builders per table.
 */
function offerColumns() {
  return {
    title: text('title').notNull(),
    shopTitle: text('shop_title').notNull().default(''),
    description: text('description').notNull().default(''),
    priceFormula: text('price_formula').notNull().default(''),
    interval: text('interval').$type<OptionInterval>().notNull(),
    /** Cents per interval (once: the one payment). */
    price: integer('price').notNull(),
    /** Part of every contract of its catalogue; cannot be cancelled on its own. */
    required: boolean('required').notNull().default(false),
  };
}

/** Options booked on a contract. `itemKey` is the option's `_id` (a meeting names it as its option). */
export const contractItems = pgTable(
  'contract_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    itemKey: text('item_key').notNull(),
    product: text('product').notNull(),
    ...offerColumns(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    /** Cancelled: the last day it runs. */
    validTo: date('valid_to'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('contract_items_key_idx').on(t.contractId, t.itemKey)],
);

/** The shop's products (GET /api/products/office | doctor). */
export const shopProducts = pgTable(
  'shop_products',
  {
    name: text('name').primaryKey(),
    catalogue: text('catalogue').$type<ProductCatalogue>().notNull(),
    ...offerColumns(),
    /** Booking it plans a webinar (a meeting of the contract's party). */
    meeting: boolean('meeting').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('shop_products_catalogue_idx').on(t.catalogue, t.sort)],
);

/**
 * Answers of contract writes by idempotency key: a repeated submit (double click, a retry after a
 * lost answer) gets the first answer instead of booking twice.
 */
export const contractRequests = pgTable(
  'contract_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('contract_requests_created_idx').on(t.createdAt)],
);
