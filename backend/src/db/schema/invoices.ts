import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceRole, InvoiceStatus } from '@mediport/contracts/invoices';
import { contracts } from './contracts.js';
import { doctors } from './doctors.js';
import { files } from './files.js';
import { homes } from './homes.js';
import { users } from './users.js';

/**
 * The last invoice number used per year. A number is taken by incrementing the year's row inside
 * the transaction that writes the invoice (the row stays locked until it commits), so numbers run
 * without gaps: a rolled-back invoice gives its number back with the rest of its work.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** The debtor's address as printed on the invoice (a copy: later changes of the record do not touch it). */
export interface InvoiceAddress {
  company: string;
  name: string;
  street: string;
  postalCode: string;
  city: string;
  email: string;
}

/**
 * Invoices and credit notes. One invoice per debtor and billed month (`period`, its first day):
 * the pharmacy (`debtorKey` 'pharma'), a care home ('home:<id>') or a doctor ('doctor:<id>'), the
 * same key the SEPA mandates use. Amounts are integer cents with 19 % VAT; a credit note
 * (`kind` credit_note) repeats the canceled invoice's positions negated and links both ways
 * (`cancelsId` / `creditNoteId`). Nothing is ever deleted. `fileId` is the printed PDF (null until
 * printed; the first download prints it then).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull().default('invoice'),
    debtorKey: text('debtor_key').notNull(),
    debtorType: text('debtor_type').$type<InvoiceRole>().notNull(),
    homeId: uuid('home_id').references(() => homes.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    /** The debtor's customer number. */
    debtorNo: text('debtor_no').notNull().default(''),
    debtorName: text('debtor_name').notNull(),
    address: jsonb('address').$type<InvoiceAddress>().notNull(),
    /** A billed contract includes the portal login. */
    withLogin: boolean('with_login').notNull().default(false),
    /** First day of the billed month. */
    period: date('period').notNull(),
    issuedOn: date('issued_on').notNull(),
    dueOn: date('due_on').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    vatPercent: smallint('vat_percent').notNull().default(19),
    status: text('status').$type<InvoiceStatus>().notNull().default('unread'),
    /** The debtor held an active SEPA mandate when the invoice was issued (its PDF says the amount is collected). */
    directDebit: boolean('direct_debit').notNull().default(false),
    fileId: uuid('file_id').references(() => files.id),
    fileName: text('file_name').notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    downloadedBy: uuid('downloaded_by').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** On a credit note: the invoice it cancels. */
    cancelsId: uuid('cancels_id').references((): AnyPgColumn => invoices.id),
    /** On a canceled invoice: its credit note. */
    creditNoteId: uuid('credit_note_id').references((): AnyPgColumn => invoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_year_seq_idx').on(t.year, t.seq),
    // A month is billed once per debtor: a second run (or two at once) cannot add another invoice.
    uniqueIndex('invoices_debtor_period_idx').on(t.debtorKey, t.period).where(sql`${t.kind} = 'invoice'`),
    // The list, newest number first: all (accounting), one home's, one doctor's; by status and month.
    index('invoices_home_number_idx').on(t.homeId, t.number).where(sql`${t.homeId} is not null`),
    index('invoices_doctor_number_idx').on(t.doctorId, t.number).where(sql`${t.doctorId} is not null`),
    index('invoices_status_number_idx').on(t.status, t.number),
    index('invoices_period_number_idx').on(t.period, t.number),
    index('invoices_search_trgm_idx').using('gin', sql`search_text(${t.number}, ${t.debtorName}, ${t.debtorNo}) gin_trgm_ops`).with({ fastupdate: false }),
    // Invoices still to be printed (few): the run's and the download's.
    index('invoices_unprinted_idx').on(t.createdAt).where(sql`${t.fileId} is null`),
    check('invoices_kind_chk', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_debtor_type_chk', sql`${t.debtorType} in ('pharma', 'homes', 'doctors')`),
    check('invoices_status_chk', sql`${t.status} in ('unread', 'open', 'pending', 'paid', 'canceled')`),
  ],
);

/**
 * The positions of an invoice: a contract's package or one of its options for a period, with the
 * party it serves (a home, a practice's doctor, or the pharmacy itself). Grouped per party they
 * are the invoice's proof list (debtor, role, withLogin, name, price, modifiedAt).
 */
export const invoicePositions = pgTable(
  'invoice_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    sort: smallint('sort').notNull(),
    kind: text('kind').$type<'package' | 'option' | 'credit'>().notNull(),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** `{contractId}_{debtorId}` of the billed contract, kept as printed. */
    contractRef: text('contract_ref').notNull().default(''),
    itemKey: text('item_key'),
    title: text('title').notNull(),
    /** How the amount came about ("monatlich", "anteilig 12 von 30 Tagen", …). */
    detail: text('detail').notNull().default(''),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    /** Cents of one full interval, and what is billed here (pro rata or negative on a credit). */
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
    partyRole: text('party_role').$type<InvoiceRole>().notNull(),
    partyHomeId: uuid('party_home_id').references(() => homes.id),
    partyDoctorId: uuid('party_doctor_id').references(() => doctors.id),
    partyName: text('party_name').notNull(),
    partyDebtorNo: text('party_debtor_no').notNull().default(''),
    withLogin: boolean('with_login').notNull().default(false),
    /** The billed contract's last change. */
    partyModifiedAt: timestamp('party_modified_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('invoice_positions_invoice_idx').on(t.invoiceId, t.sort),
    // A contract's positions (billing's earlier terms; a contract deleted sets them null).
    index('invoice_positions_contract_idx').on(t.contractId),
  ],
);
