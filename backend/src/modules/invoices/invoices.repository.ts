import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceRole, InvoiceStatus } from '@mediport/contracts/invoices';
import { ARCHIVE_OPTIONS } from '@mediport/contracts/shop';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { listSelection, type ListSource, qualified, runListInOneStatement, searchCondition } from '../../core/http/list.js';
import { contractItems, contracts, contractTerms, doctors, homes, invoiceCounters, invoicePositions, invoices, paymentMandates, settings } from '../../db/schema/index.js';
import { berlinDate } from '../../core/clock/clock.js';
import { type BillableContract, type BilledPackage, type EarlierTerm, earlierTerms, packageTitle } from './billing.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
export type InvoicePositionRow = typeof invoicePositions.$inferSelect;
export type InvoicePositionInsert = typeof invoicePositions.$inferInsert;

export const INVOICE_SORT_FIELDS = ['number', 'createdAt', 'price', 'status', 'name', 'month', 'dueDate'] as const;
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

export interface InvoiceListFilters {
  text?: string;
  status?: InvoiceStatus[];
  /** The billed month: its first day. */
  month?: string;
  role?: InvoiceRole;
  home?: string;
  doctor?: string;
  kind?: 'invoice' | 'credit_note';
}

export interface InvoiceListOptions {
  query: ListQuery<InvoiceSortField, InvoiceListFilters>;
  /** What the caller may see: invoicePolicy.where(auth, 'read'). */
  scope: SQL | undefined;
  ids?: string[];
}

/** One proof row: a billed party of an invoice with its sum. */
export interface ProofRecord {
  invoiceId: string;
  role: InvoiceRole;
  name: string;
  debtorNo: string;
  withLogin: boolean;
  price: number;
  modifiedAt: Date;
}

/** The debtor's data an invoice prints: name, address, customer number. */
export interface DebtorRecord {
  name: string;
  company: string;
  street: string;
  postalCode: string;
  city: string;
  email: string;
  debtorNo: string;
}

const INVOICE_LIST: ListSource<InvoiceSortField> = {
  table: invoices,
  id: invoices.id,
  sort: {
    number: invoices.number,
    createdAt: invoices.createdAt,
    price: invoices.grossCents,
    status: invoices.status,
    name: invoices.debtorName,
    month: invoices.period,
    dueDate: invoices.dueOn,
  },
  // filter[text]: the number, the debtor's name or customer number (trigram index on the same expression).
  search: sql`search_text(${invoices.number}, ${invoices.debtorName}, ${invoices.debtorNo})`,
};

/** The number of a linked invoice (credit note ↔ canceled invoice), for the page's rows only. */
function linkedNumber(column: typeof invoices.cancelsId | typeof invoices.creditNoteId): SQL<string | null> {
  return sql<string | null>`(select "linked"."number" from ${invoices} "linked" where "linked"."id" = ${qualified(column)})`;
}

/** The list's select list, rendered to SQL once (runListInOneStatement adds WHERE and ORDER BY per request). */
const LIST_SELECTION = listSelection({
  invoice: {
    id: invoices.id,
    number: invoices.number,
    kind: invoices.kind,
    debtorType: invoices.debtorType,
    homeId: invoices.homeId,
    doctorId: invoices.doctorId,
    debtorNo: invoices.debtorNo,
    debtorName: invoices.debtorName,
    withLogin: invoices.withLogin,
    period: invoices.period,
    issuedOn: invoices.issuedOn,
    dueOn: invoices.dueOn,
    netCents: invoices.netCents,
    vatCents: invoices.vatCents,
    grossCents: invoices.grossCents,
    status: invoices.status,
    directDebit: invoices.directDebit,
    fileName: invoices.fileName,
    downloadedAt: invoices.downloadedAt,
    cancelsId: invoices.cancelsId,
    creditNoteId: invoices.creditNoteId,
    createdAt: invoices.createdAt,
    modifiedAt: invoices.modifiedAt,
  },
  cancelsNumber: linkedNumber(invoices.cancelsId),
  creditNoteNumber: linkedNumber(invoices.creditNoteId),
});

export type InvoiceListRecord = NonNullable<(typeof LIST_SELECTION)['_row']>;

/** "Dr. Anna Berger" */
const DOCTOR_NAME = sql<string>`coalesce(nullif(trim(concat_ws(' ', nullif(${doctors.title}, ''), nullif(${doctors.firstname}, ''), ${doctors.lastname})), ''), '')`;

const ref = alias(contracts, 'ref');

/** A proof row is one billed party of one invoice. */
const PROOF_GROUP = [
  invoicePositions.invoiceId,
  invoices.number,
  invoicePositions.partyRole,
  invoicePositions.partyHomeId,
  invoicePositions.partyDoctorId,
  invoicePositions.partyName,
  invoicePositions.partyDebtorNo,
] as const;

/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters). */
const CHUNK = 500;

@Injectable()
export class InvoicesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  // ---- the list ----

  list(options: InvoiceListOptions): Promise<{ rows: InvoiceListRecord[]; count: number }> {
    const f = options.query.filter;
    const where = [
      f.status?.length ? inArray(invoices.status, f.status) : undefined,
      f.month ? eq(invoices.period, f.month) : undefined,
      f.role ? eq(invoices.debtorType, f.role) : undefined,
      f.home ? eq(invoices.homeId, f.home) : undefined,
      f.doctor ? eq(invoices.doctorId, f.doctor) : undefined,
      f.kind ? eq(invoices.kind, f.kind) : undefined,
    ];
    return runListInOneStatement(this.db, INVOICE_LIST, { query: { ...options.query, filter: { text: f.text } }, scope: options.scope, where, ids: options.ids }, LIST_SELECTION);
  }

  /** The proof rows of invoices: their positions summed per billed party, in one query. */
  async proofs(invoiceIds: readonly string[]): Promise<ProofRecord[]> {
    if (!invoiceIds.length) return [];
    return this.proofQuery(inArray(invoicePositions.invoiceId, [...invoiceIds]))
      .orderBy(asc(invoicePositions.invoiceId), sql`min(${invoicePositions.sort})`);
  }

  /** The proof rows of every invoice the caller sees (scope), newest invoice first, paged, with their count. */
  async proofList(scope: SQL | undefined, filter: { period?: string; text?: string }, page: { offset: number; limit: number }): Promise<{ rows: ProofRecord[]; count: number }> {
    const condition = and(scope, filter.period ? eq(invoices.period, filter.period) : undefined, searchCondition(invoicePositions.partyName, filter.text));
    const grouped = this.db
      .select({ one: sql<number>`1`.as('one') })
      .from(invoicePositions)
      .innerJoin(invoices, eq(invoices.id, invoicePositions.invoiceId))
      .where(condition)
      .groupBy(...PROOF_GROUP)
      .as('grouped');
    const [rows, [total]] = await Promise.all([
      this.proofQuery(condition)
        .orderBy(desc(invoices.number), sql`min(${invoicePositions.sort})`)
        .offset(page.offset)
        .limit(page.limit),
      this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(grouped),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  private proofQuery(where: SQL | undefined) {
    return this.db
      .select({
        invoiceId: invoicePositions.invoiceId,
        role: invoicePositions.partyRole,
        name: invoicePositions.partyName,
        debtorNo: invoicePositions.partyDebtorNo,
        withLogin: sql<boolean>`bool_or(${invoicePositions.withLogin})`.mapWith(Boolean),
        price: sql<number>`sum(${invoicePositions.amount})`.mapWith(Number),
        modifiedAt: sql<Date>`max(${invoicePositions.partyModifiedAt})`.mapWith(invoicePositions.partyModifiedAt),
      })
      .from(invoicePositions)
      .innerJoin(invoices, eq(invoices.id, invoicePositions.invoiceId))
      .where(where)
      .groupBy(...PROOF_GROUP);
  }

  // ---- single invoices ----

  async findById(id: string, options: { lock?: boolean } = {}): Promise<InvoiceRow | null> {
    const query = this.db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async findByIds(ids: readonly string[]): Promise<InvoiceRow[]> {
    if (!ids.length) return [];
    return this.db.select().from(invoices).where(inArray(invoices.id, [...ids])).orderBy(asc(invoices.year), asc(invoices.seq));
  }

  async positions(invoiceId: string): Promise<InvoicePositionRow[]> {
    return this.db.select().from(invoicePositions).where(eq(invoicePositions.invoiceId, invoiceId)).orderBy(asc(invoicePositions.sort));
  }

  async update(id: string, patch: Partial<Omit<InvoiceInsert, 'id'>>): Promise<void> {
    await this.db.update(invoices).set(patch).where(eq(invoices.id, id));
  }

  /** Marks an unread invoice open with its first download; answers whether it was unread. */
  async markDownloaded(id: string, userId: string, at: Date): Promise<boolean> {
    const opened = await this.db
      .update(invoices)
      .set({ status: 'open', downloadedAt: at, downloadedBy: userId, modifiedAt: at })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'unread')))
      .returning({ id: invoices.id });
    if (opened.length) return true;
    await this.db.update(invoices).set({ downloadedAt: at, downloadedBy: userId }).where(and(eq(invoices.id, id), isNull(invoices.downloadedAt)));
    return false;
  }

  /** Stores the printed PDF unless another print was faster; answers whether this one was kept. */
  async attachFile(id: string, fileId: string): Promise<boolean> {
    const rows = await this.db
      .update(invoices)
      .set({ fileId })
      .where(and(eq(invoices.id, id), isNull(invoices.fileId)))
      .returning({ id: invoices.id });
    return rows.length > 0;
  }

  // ---- the billing run ----

  /**
   * The run's lock for the transaction: one run at a time on the whole database (numbers, the
   * month's invoices). False when another run holds it; released with the transaction.
   */
  async tryRunLock(): Promise<boolean> {
    const [row] = await this.db.select({ locked: sql<boolean>`pg_try_advisory_xact_lock(hashtext('mediport:invoice-run'))`.mapWith(Boolean) }).from(sql`(select 1) as one`);
    return row?.locked ?? false;
  }

  /**
   * Every contract that may cost money in the month starting on `from`: all but takeovers still
   * waiting for their answer and contracts that ended before it, with the partner's name and
   * customer number, the day a partner took its costs over, and its options (two queries). A
   * contract whose current term began after `from` may have changed its term since (a term change
   * renews the row in place): its earlier terms are its stored term history (contract_terms), and
   * so is the first day of a partner's contract whose term changed after the takeover (a third
   * query, for those few contracts only). Before the first stored term (a change made before the
   * history was kept) the terms are rebuilt from the invoiced package positions (a fourth query,
   * only for contracts whose known terms still begin after `from`).
   */
  async billableContracts(from: string): Promise<BillableContract[]> {
    const pharmacy = await this.pharmacy();
    const rows = await this.db
      .select({
        id: contracts.id,
        contractNo: contracts.contractNo,
        debtorId: contracts.debtorId,
        type: contracts.type,
        homeId: contracts.homeId,
        doctorId: contracts.doctorId,
        state: contracts.state,
        runtime: contracts.runtime,
        productType: contracts.productType,
        units: contracts.units,
        basePrice: contracts.basePrice,
        startedOn: contracts.startedOn,
        validFrom: contracts.validFrom,
        validTo: contracts.validTo,
        withLogin: contracts.withLogin,
        modifiedAt: contracts.modifiedAt,
        homeName: homes.name,
        homeDebtorNo: homes.debtorId,
        doctorName: DOCTOR_NAME,
        doctorDebtorNo: doctors.debtorId,
        refId: ref.id,
        refStartedOn: ref.startedOn,
        refDoctorId: ref.doctorId,
        refUnits: ref.units,
      })
      .from(contracts)
      .leftJoin(homes, eq(homes.id, contracts.homeId))
      .leftJoin(doctors, eq(doctors.id, contracts.doctorId))
      .leftJoin(ref, and(eq(ref.id, contracts.contractRefId), eq(contracts.state, 'adoption')))
      .where(and(ne(contracts.state, 'new'), or(ne(contracts.state, 'canceled'), sql`${contracts.validTo} >= ${from}::date`)));
    const items = rows.length
      ? await this.db
          .select({ contractId: contractItems.contractId, itemKey: contractItems.itemKey, title: contractItems.title, interval: contractItems.interval, price: contractItems.price, bookedAt: contractItems.bookedAt, validTo: contractItems.validTo })
          .from(contractItems)
          .innerJoin(contracts, eq(contracts.id, contractItems.contractId))
          .where(
            and(
              ne(contracts.state, 'new'),
              or(ne(contracts.state, 'canceled'), sql`${contracts.validTo} >= ${from}::date`),
              // A contract without a home or a practice has no archives to keep: an archive option
              // booked on it before the shop stopped offering it there (productOffered) is not billed.
              or(notInArray(contractItems.product, [...ARCHIVE_OPTIONS]), isNotNull(contracts.homeId), isNotNull(contracts.doctorId)),
            ),
          )
          .orderBy(asc(contractItems.bookedAt), asc(contractItems.itemKey))
      : [];
    const recent = (day: string | null) => day !== null && day > from;
    // The contracts whose earlier terms may matter, with what a stored term's title needs besides its package.
    const concerned = new Map<string, { startedOn: string | null; doctorId: string | null; units: number }>();
    for (const r of rows) if (recent(r.startedOn)) concerned.set(r.id, { startedOn: r.startedOn, doctorId: r.doctorId, units: r.units });
    for (const r of rows) {
      if (r.refId && recent(r.refStartedOn) && !concerned.has(r.refId)) concerned.set(r.refId, { startedOn: r.refStartedOn, doctorId: r.refDoctorId, units: r.refUnits ?? 1 });
    }
    const stored = await this.storedTerms([...concerned.keys()]);
    // Before the first stored term (or, without any, before the current one): rebuilt from what was invoiced.
    const firstKnown = (id: string) => stored.get(id)?.[0]?.validFrom ?? concerned.get(id)!.startedOn;
    const billed = await this.billedPackages([...concerned.keys()].filter((id) => recent(firstKnown(id))));
    const terms = new Map<string, EarlierTerm[]>();
    for (const [id, contract] of concerned) {
      const history = (stored.get(id) ?? []).map((t) => ({
        runtime: t.runtime,
        basePrice: t.basePrice,
        title: packageTitle({ doctorId: contract.doctorId, units: contract.units, productType: t.productType }),
        from: t.validFrom,
        to: t.validTo,
      }));
      terms.set(id, [...earlierTerms(billed.get(id) ?? [], firstKnown(id)), ...history]);
    }
    const termsOf = (id: string) => terms.get(id) ?? [];
    const itemsOf = new Map<string, BillableContract['items']>();
    for (const item of items) {
      const list = itemsOf.get(item.contractId) ?? [];
      list.push({ itemKey: item.itemKey, title: item.title, interval: item.interval, price: item.price, bookedOn: berlinDate(item.bookedAt), validTo: item.validTo });
      itemsOf.set(item.contractId, list);
    }
    return rows.map((r) => ({
      id: r.id,
      contractNo: r.contractNo,
      debtorId: r.debtorId,
      type: r.type,
      homeId: r.homeId,
      doctorId: r.doctorId,
      state: r.state,
      runtime: r.runtime,
      productType: r.productType,
      units: r.units,
      basePrice: r.basePrice,
      startedOn: r.startedOn,
      validFrom: r.validFrom,
      validTo: r.validTo,
      withLogin: r.withLogin,
      modifiedAt: r.modifiedAt,
      partyName: r.homeId ? (r.homeName ?? '') : r.doctorId ? (r.doctorName ?? '') : pharmacy.company,
      partyDebtorNo: r.homeId ? (r.homeDebtorNo ?? '') : r.doctorId ? (r.doctorDebtorNo ?? '') : pharmacy.debtorNo,
      // The partner's first day: its start, or the first day of its earliest term when its term changed since.
      takenOverOn: r.refId ? (termsOf(r.refId)[0]?.from ?? r.refStartedOn) : null,
      earlierTerms: termsOf(r.id),
      items: itemsOf.get(r.id) ?? [],
    }));
  }

  /** The stored earlier terms of the contracts (their term history), oldest first, by contract id (one query). */
  async storedTerms(contractIds: readonly string[]): Promise<Map<string, (typeof contractTerms.$inferSelect)[]>> {
    const out = new Map<string, (typeof contractTerms.$inferSelect)[]>();
    if (!contractIds.length) return out;
    const rows = await this.db
      .select()
      .from(contractTerms)
      .where(inArray(contractTerms.contractId, [...new Set(contractIds)]))
      .orderBy(asc(contractTerms.contractId), asc(contractTerms.validFrom));
    for (const row of rows) {
      const list = out.get(row.contractId) ?? [];
      list.push(row);
      out.set(row.contractId, list);
    }
    return out;
  }

  /** The package positions the contracts were invoiced (not credit notes, not credits), by contract id. */
  async billedPackages(contractIds: readonly string[]): Promise<Map<string, BilledPackage[]>> {
    const out = new Map<string, BilledPackage[]>();
    if (!contractIds.length) return out;
    const rows = await this.db
      .select({ contractId: invoicePositions.contractId, from: invoicePositions.periodFrom, to: invoicePositions.periodTo, unitPrice: invoicePositions.unitPrice, title: invoicePositions.title })
      .from(invoicePositions)
      .innerJoin(invoices, eq(invoices.id, invoicePositions.invoiceId))
      .where(and(inArray(invoicePositions.contractId, [...new Set(contractIds)]), eq(invoicePositions.kind, 'package'), eq(invoices.kind, 'invoice')))
      .orderBy(asc(invoicePositions.periodFrom));
    for (const { contractId, ...position } of rows) {
      const list = out.get(contractId!) ?? [];
      list.push(position);
      out.set(contractId!, list);
    }
    return out;
  }

  /** The debtors (by key) that have an invoice for the month starting on `period` already. */
  async billedDebtors(period: string, keys: readonly string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db
      .select({ key: invoices.debtorKey })
      .from(invoices)
      .where(and(eq(invoices.period, period), eq(invoices.kind, 'invoice'), inArray(invoices.debtorKey, [...keys])));
    return new Set(rows.map((r) => r.key));
  }

  /** The operator's data (company settings): the pharmacy as a debtor and the sender of every invoice. */
  async pharmacy(): Promise<DebtorRecord & { phone: string; fax: string }> {
    const [row] = await this.db.select().from(settings).where(eq(settings.id, 1)).limit(1);
    return {
      name: row?.company ?? '',
      company: row?.company ?? '',
      street: row?.street ?? '',
      postalCode: row?.postalCode ?? '',
      city: row?.city ?? '',
      email: row?.email ?? '',
      debtorNo: row?.debtorId ?? '',
      phone: row?.phone ?? '',
      fax: row?.fax ?? '',
    };
  }

  /** Names and addresses of homes and doctors by id (two queries). */
  async parties(homeIds: readonly string[], doctorIds: readonly string[]): Promise<{ homes: Map<string, DebtorRecord>; doctors: Map<string, DebtorRecord> }> {
    const homeRows = homeIds.length
      ? await this.db
          .select({ id: homes.id, name: homes.name, company: homes.company, street: homes.street, postalCode: homes.postalCode, city: homes.city, email: homes.email, debtorNo: homes.debtorId })
          .from(homes)
          .where(inArray(homes.id, [...homeIds]))
      : [];
    const doctorRows = doctorIds.length
      ? await this.db
          .select({ id: doctors.id, name: DOCTOR_NAME, street: doctors.street, postalCode: doctors.postalCode, city: doctors.city, email: doctors.email, debtorNo: doctors.debtorId })
          .from(doctors)
          .where(inArray(doctors.id, [...doctorIds]))
      : [];
    return {
      homes: new Map(homeRows.map(({ id, ...h }) => [id, h])),
      doctors: new Map(doctorRows.map(({ id, ...d }) => [id, { ...d, company: '' }])),
    };
  }

  /** The debtors among `keys` that hold an active SEPA direct-debit mandate (one query). */
  async activeMandates(keys: readonly string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db
      .select({ key: paymentMandates.debtorKey })
      .from(paymentMandates)
      .where(and(inArray(paymentMandates.debtorKey, [...keys]), isNull(paymentMandates.revokedAt)));
    return new Set(rows.map((r) => r.key));
  }

  /** Whether the debtor holds an active SEPA mandate (its invoices say the amount is collected). */
  async hasActiveMandate(debtorKey: string): Promise<boolean> {
    return (await this.activeMandates([debtorKey])).has(debtorKey);
  }

  /**
   * Takes `n` numbers of `year` inside the caller's transaction: the year's counter row is created
   * or incremented and stays locked until the transaction ends. Answers the first of them.
   */
  async reserveNumbers(year: number, n: number): Promise<number> {
    const [row] = await this.db
      .insert(invoiceCounters)
      .values({ year, last: n })
      .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + ${n}` } })
      .returning({ last: invoiceCounters.last });
    return row!.last - n + 1;
  }

  async insertInvoices(rows: InvoiceInsert[]): Promise<{ id: string; debtorKey: string; number: string }[]> {
    const out: { id: string; debtorKey: string; number: string }[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      out.push(...(await this.db.insert(invoices).values(rows.slice(i, i + CHUNK)).returning({ id: invoices.id, debtorKey: invoices.debtorKey, number: invoices.number })));
    }
    return out;
  }

  async insertPositions(rows: InvoicePositionInsert[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) await this.db.insert(invoicePositions).values(rows.slice(i, i + CHUNK));
  }

  /** Invoices still without their PDF written before `before` (a failed print, a restart during one), oldest first. */
  async unprinted(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(isNull(invoices.fileId), sql`${invoices.createdAt} < ${before.toISOString()}::timestamptz`))
      .orderBy(asc(invoices.createdAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }
}
