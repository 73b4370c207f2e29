import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DebtorType, SequenceType } from '@mediport/contracts/payment';
import { doctors } from './doctors.js';
import { homes } from './homes.js';
import { invoices } from './invoices.js';
import { users } from './users.js';

/**
 * SEPA direct-debit mandates, one row per grant. The debtor is the pharmacy (`debtorType`
 * 'pharma', the operator data of the settings), a home or a doctor: the same three parties an
 * invoice is addressed to. `debtorKey` names the debtor in one column ('pharma', 'home:<id>',
 * 'doctor:<id>', see payment/debtor-key.ts) so "the active mandate of these debtors" is one
 * indexed lookup. Revoking sets `revokedAt` and keeps the row; a new grant is a new row, so at
 * most one row per debtor has `revokedAt` null (partial unique index).
 *
 * The IBAN is stored only encrypted (`ibanCipher`: AES-256-GCM with PAYMENT_DATA_KEY, format
 * `v1.<iv>.<tag>.<ciphertext>` in base64url); BIC, company and e-mail are the values the mandate
 * was granted with. `sequenceType` is FRST until the first collection was exported, then RCUR.
 */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    debtorKey: text('debtor_key').notNull(),
    debtorType: text('debtor_type').$type<DebtorType>().notNull(),
    homeId: uuid('home_id').references(() => homes.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    /** Mandate reference (Mandatsreferenz), unique, at most 35 characters of the SEPA set. */
    reference: text('reference').notNull(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    ibanCipher: text('iban_cipher').notNull(),
    bic: text('bic').notNull().default(''),
    /** Signing date of the mandate (date of the grant, Europe/Berlin). */
    signedOn: date('signed_on').notNull(),
    sequenceType: text('sequence_type').$type<SequenceType>().notNull().default('FRST'),
    lastCollectedAt: timestamp('last_collected_at', { withTimezone: true }),
    grantedBy: uuid('granted_by').references(() => users.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedBy: uuid('revoked_by').references(() => users.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_mandates_active_idx').on(t.debtorKey).where(sql`${t.revokedAt} is null`),
    index('payment_mandates_debtor_idx').on(t.debtorKey, t.grantedAt),
    uniqueIndex('payment_mandates_reference_idx').on(t.reference),
    check('payment_mandates_debtor_type_chk', sql`${t.debtorType} in ('pharma', 'homes', 'doctors')`),
    check('payment_mandates_sequence_chk', sql`${t.sequenceType} in ('FRST', 'RCUR')`),
  ],
);

/**
 * Direct-debit exports (GET /api/invoices/sepa): one row per pain.008 file handed out, with the
 * file itself, so what went to the bank can be read again.
 */
export const sepaExports = pgTable(
  'sepa_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The billed month, YYYY-MM. */
    month: text('month').notNull(),
    messageId: text('message_id').notNull(),
    transactions: integer('transactions').notNull(),
    controlSumCents: bigint('control_sum_cents', { mode: 'number' }).notNull(),
    xml: text('xml').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
  },
  (t) => [uniqueIndex('sepa_exports_message_idx').on(t.messageId), index('sepa_exports_month_idx').on(t.month, t.createdAt)],
);

/**
 * Invoices submitted for collection: each at most once (primary key), so a second export of the
 * same month leaves out what the first one took.
 */
export const sepaSubmissions = pgTable(
  'sepa_submissions',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => invoices.id),
    exportId: uuid('export_id')
      .notNull()
      .references(() => sepaExports.id),
    mandateId: uuid('mandate_id')
      .notNull()
      .references(() => paymentMandates.id),
    sequenceType: text('sequence_type').$type<SequenceType>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    collectionDate: date('collection_date').notNull(),
  },
  (t) => [index('sepa_submissions_export_idx').on(t.exportId), index('sepa_submissions_mandate_idx').on(t.mandateId)],
);
