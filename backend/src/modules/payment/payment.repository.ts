import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { doctorOffices, doctors, homes, invoices, paymentMandates, sepaExports, sepaSubmissions, settings } from '../../db/schema/index.js';
import { type DebtorRef, debtorKey } from './debtor-key.js';

/** What a mandate needs of its debtor: the company (account holder) and e-mail of the record it comes from. */
export interface DebtorParty {
  company: string;
  email: string;
}

export type MandateRow = typeof paymentMandates.$inferSelect;

/** An open invoice of a debtor with an active mandate: what one direct debit of the export needs. */
export interface CollectableInvoice {
  id: string;
  number: string;
  grossCents: number;
  dueOn: string;
  mandate: MandateRow;
}

/** The creditor of the export: the operator data of the settings. */
export interface CreditorSettings {
  company: string;
  creditorId: string;
  creditorIban: string;
  creditorBic: string;
}
export type NewMandate = typeof paymentMandates.$inferInsert;

/**
 * SEPA mandates. Other areas read through `activeMandates` / `hasActiveMandate` (the invoice run
 * prints the direct-debit note when the debtor holds one); only this module writes.
 */
@Injectable()
export class PaymentRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** The active (not revoked) mandate of each given debtor that holds one, keyed by `debtorKey(ref)`; one indexed query. */
  async activeMandates(debtors: readonly (DebtorRef | string)[]): Promise<Map<string, MandateRow>> {
    const keys = [...new Set(debtors.map((d) => (typeof d === 'string' ? d : debtorKey(d))))];
    if (!keys.length) return new Map();
    const rows = await this.db
      .select()
      .from(paymentMandates)
      .where(and(inArray(paymentMandates.debtorKey, keys), isNull(paymentMandates.revokedAt)));
    return new Map(rows.map((r) => [r.debtorKey, r]));
  }

  async hasActiveMandate(debtor: DebtorRef | string): Promise<boolean> {
    return (await this.activeMandates([debtor])).size > 0;
  }

  /** The active mandate of one debtor; `lock` holds it until the unit of work ends (grant/revoke races). */
  async active(key: string, options: { lock?: boolean } = {}): Promise<MandateRow | null> {
    const query = this.db.select().from(paymentMandates).where(and(eq(paymentMandates.debtorKey, key), isNull(paymentMandates.revokedAt))).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  }

  /** Every mandate of a debtor, newest first (the kept history). */
  async history(key: string): Promise<MandateRow[]> {
    return this.db.select().from(paymentMandates).where(eq(paymentMandates.debtorKey, key)).orderBy(desc(paymentMandates.grantedAt));
  }

  async insert(values: NewMandate): Promise<MandateRow> {
    const [row] = await this.db.insert(paymentMandates).values(values).returning();
    return row!;
  }

  async revoke(id: string, by: string | null, at: Date): Promise<void> {
    await this.db.update(paymentMandates).set({ revokedAt: at, revokedBy: by }).where(and(eq(paymentMandates.id, id), isNull(paymentMandates.revokedAt)));
  }

  /** After an export: the next collection of these mandates is recurring. */
  async markCollected(ids: readonly string[], at: Date): Promise<void> {
    if (!ids.length) return;
    await this.db.update(paymentMandates).set({ sequenceType: 'RCUR', lastCollectedAt: at }).where(inArray(paymentMandates.id, [...ids]));
  }

  /** Mandates granted by this debtor so far (numbers the next reference). */
  async countFor(key: string): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(paymentMandates).where(eq(paymentMandates.debtorKey, key));
    return row?.n ?? 0;
  }

  /**
   * Company and e-mail of a debtor, from where they are kept: the settings (pharmacy), the home's
   * record, or the doctor's record with its practice's name (the doctor's own name without one).
   */
  async party(debtor: DebtorRef): Promise<DebtorParty> {
    if (debtor.type === 'pharma') {
      const [row] = await this.db.select({ company: settings.company, email: settings.email }).from(settings).where(eq(settings.id, 1)).limit(1);
      return row ?? { company: '', email: '' };
    }
    if (debtor.type === 'homes') {
      const [row] = await this.db.select({ company: homes.company, email: homes.email }).from(homes).where(eq(homes.id, debtor.homeId)).limit(1);
      return row ?? { company: '', email: '' };
    }
    const [row] = await this.db
      .select({
        company: sql<string>`coalesce(nullif(${doctorOffices.name}, ''), trim(concat_ws(' ', nullif(${doctors.title}, ''), nullif(${doctors.firstname}, ''), ${doctors.lastname})))`,
        email: doctors.email,
      })
      .from(doctors)
      .leftJoin(doctorOffices, eq(doctorOffices.id, doctors.officeId))
      .where(eq(doctors.id, debtor.doctorId))
      .limit(1);
    return row ?? { company: '', email: '' };
  }

  /** Serialises grants and revocations of one debtor until the unit of work ends. */
  async lockDebtor(key: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment:${key}`}))`);
  }

  /**
   * The invoices that the export collects: invoices (not credit notes) still to be paid and never
   * opened for payment elsewhere (unread or open), with an amount, not yet submitted, whose debtor
   * holds an active mandate, within `scope` (the Invoice policy's reading of the caller).
   */
  private collectableWhere(scope: SQL | undefined): SQL | undefined {
    return and(
      eq(invoices.kind, 'invoice'),
      inArray(invoices.status, ['unread', 'open']),
      gt(invoices.grossCents, 0),
      notExists(this.db.select({ one: sql`1` }).from(sepaSubmissions).where(eq(sepaSubmissions.invoiceId, invoices.id))),
      scope,
    );
  }

  /** The collectable invoices of a billed month (`period`, its first day), read in pages by invoice number. */
  async collectable(period: string, scope: SQL | undefined, afterNumber: string | null, limit: number): Promise<CollectableInvoice[]> {
    return this.db
      .select({ id: invoices.id, number: invoices.number, grossCents: invoices.grossCents, dueOn: invoices.dueOn, mandate: paymentMandates })
      .from(invoices)
      .innerJoin(paymentMandates, and(eq(paymentMandates.debtorKey, invoices.debtorKey), isNull(paymentMandates.revokedAt)))
      .where(and(eq(invoices.period, period), this.collectableWhere(scope), afterNumber ? gt(invoices.number, afterNumber) : undefined))
      .orderBy(asc(invoices.number))
      .limit(limit);
  }

  /** The billed months with collectable invoices, newest first: their count and gross sum. */
  async collectableMonths(scope: SQL | undefined, limit: number): Promise<{ period: string; invoices: number; amountCents: number }[]> {
    return this.db
      .select({ period: invoices.period, invoices: sql<number>`count(*)`.mapWith(Number), amountCents: sql<number>`sum(${invoices.grossCents})`.mapWith(Number) })
      .from(invoices)
      .innerJoin(paymentMandates, and(eq(paymentMandates.debtorKey, invoices.debtorKey), isNull(paymentMandates.revokedAt)))
      .where(this.collectableWhere(scope))
      .groupBy(invoices.period)
      .orderBy(desc(invoices.period))
      .limit(limit);
  }

  async creditor(): Promise<CreditorSettings> {
    const [row] = await this.db
      .select({ company: settings.company, creditorId: settings.creditorId, creditorIban: settings.creditorIban, creditorBic: settings.creditorBic })
      .from(settings)
      .where(eq(settings.id, 1))
      .limit(1);
    return row ?? { company: '', creditorId: '', creditorIban: '', creditorBic: '' };
  }

  /** Serialises exports until the unit of work ends: two at once cannot submit the same invoice. */
  async lockExports(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext('payment:sepa-export'))`);
  }

  async insertExport(values: typeof sepaExports.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(sepaExports).values(values).returning({ id: sepaExports.id });
    return row!.id;
  }

  async insertSubmissions(values: (typeof sepaSubmissions.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < values.length; i += 1000) await this.db.insert(sepaSubmissions).values(values.slice(i, i + 1000));
  }

  /** Submitted invoices are 'pending': handed to the bank for collection. */
  async markPending(invoiceIds: string[], by: string, at: Date): Promise<void> {
    for (let i = 0; i < invoiceIds.length; i += 1000) {
      await this.db
        .update(invoices)
        .set({ status: 'pending', modifiedAt: at, modifiedBy: by })
        .where(and(inArray(invoices.id, invoiceIds.slice(i, i + 1000)), inArray(invoices.status, ['unread', 'open'])));
    }
  }
}
