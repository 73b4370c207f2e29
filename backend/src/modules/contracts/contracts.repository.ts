import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, getTableColumns, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContractState, ProductCatalogue } from '@mediport/contracts/shop';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type ListSource, runList } from '../../core/http/list.js';
import { hasContractSql, RUNNING_STATES } from '../../core/permissions/contract-rights.js';
import { contractItems, contractRequests, contracts, contractTerms, doctors, homes, settings, shopProducts, users } from '../../db/schema/index.js';

export type ContractRow = typeof contracts.$inferSelect;
export type ContractInsert = typeof contracts.$inferInsert;
export type ContractPatch = Partial<Omit<ContractInsert, 'id' | 'createdAt'>>;
export type ContractItemRow = typeof contractItems.$inferSelect;
export type ContractItemInsert = typeof contractItems.$inferInsert;
export type ShopProductRow = typeof shopProducts.$inferSelect;
export type ContractTermInsert = typeof contractTerms.$inferInsert;

/** A contract with what its answer needs from other rows: the partner's name and the takeover counterpart. */
export interface ContractRecord extends ContractRow {
  homeName: string | null;
  doctorName: string | null;
  /** The counterpart of a takeover (contract_ref), its public id parts and state. */
  refNo: number | null;
  refDebtor: string | null;
  refState: ContractState | null;
  prevNo: number | null;
  prevDebtor: string | null;
}

export const CONTRACT_SORT_FIELDS = ['contractId', 'validFrom', 'state'] as const;
export type ContractSortField = (typeof CONTRACT_SORT_FIELDS)[number];

export type ContractListOptions = ListQuery<ContractSortField, { text?: string; state?: ContractState; home?: string; doctor?: string }> & {
  /** What the caller may see: `contractPolicy.where(auth, 'read')`. */
  scope: SQL | undefined;
};

const ref = alias(contracts, 'ref');
const prev = alias(contracts, 'prev');

const CONTRACT_LIST: ListSource<ContractSortField> = {
  table: contracts,
  id: contracts.id,
  sort: { contractId: contracts.contractNo, validFrom: contracts.validFrom, state: contracts.state },
  tieBreak: [sql`${contracts.debtorId}`],
  // filter[text]: the contract's `_id` or the paying company.
  search: [sql`(${contracts.contractNo}::text || '_' || ${contracts.debtorId})`, contracts.company],
};

/** "Dr. Anna Berger" */
const DOCTOR_NAME = sql<string>`nullif(trim(concat_ws(' ', nullif(${doctors.title}, ''), nullif(${doctors.firstname}, ''), ${doctors.lastname})), '')`;

const hasRole = (role: string) => sql`${role} = any(${users.roles})`;
const activeUser = ne(users.status, 'removed');

@Injectable()
export class ContractsRepository {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  private selectRecord() {
    return this.db
      .select({
        ...getTableColumns(contracts),
        homeName: homes.name,
        doctorName: DOCTOR_NAME,
        refNo: ref.contractNo,
        refDebtor: ref.debtorId,
        refState: sql<ContractState | null>`${ref.state}`,
        prevNo: prev.contractNo,
        prevDebtor: prev.debtorId,
      })
      .from(contracts)
      .leftJoin(homes, eq(homes.id, contracts.homeId))
      .leftJoin(doctors, eq(doctors.id, contracts.doctorId))
      .leftJoin(ref, eq(ref.id, contracts.contractRefId))
      .leftJoin(prev, eq(prev.id, contracts.prevContractId));
  }

  /** The caller's contracts (scope), newest number first by default, with `{ rows, count }`. */
  list(query: ContractListOptions): Promise<{ rows: ContractRecord[]; count: number }> {
    const f = query.filter;
    const where = [f.state ? eq(contracts.state, f.state) : undefined, f.home ? eq(contracts.homeId, f.home) : undefined, f.doctor ? eq(contracts.doctorId, f.doctor) : undefined];
    return runList(this.db, CONTRACT_LIST, { query: { ...query, filter: { text: f.text } }, scope: query.scope, where }, (plan) =>
      this.selectRecord().where(plan.where).orderBy(...plan.orderBy).offset(plan.offset).limit(plan.limit),
    );
  }

  async findByNumber(contractNo: number, debtorId: string, options: { lock?: boolean } = {}): Promise<ContractRecord | null> {
    const query = this.selectRecord().where(and(eq(contracts.contractNo, contractNo), eq(contracts.debtorId, debtorId))).limit(1);
    const [row] = options.lock ? await query.for('update', { of: contracts }) : await query;
    return row ?? null;
  }

  async findById(id: string, options: { lock?: boolean } = {}): Promise<ContractRecord | null> {
    const query = this.selectRecord().where(eq(contracts.id, id)).limit(1);
    const [row] = options.lock ? await query.for('update', { of: contracts }) : await query;
    return row ?? null;
  }

  /** Every contract of the home except takeovers still waiting for their answer. */
  async forHome(homeId: string): Promise<ContractRecord[]> {
    return this.selectRecord()
      .where(and(eq(contracts.homeId, homeId), ne(contracts.state, 'new')))
      .orderBy(sql`${contracts.validFrom} desc nulls last`, asc(contracts.contractNo));
  }

  /** Whether a contract in force on `today` unlocks the home's or the doctor's users (contract-rights.ts). */
  async exists(owner: { home?: string; doctor?: string }, today = berlinDate(this.clock.now())): Promise<boolean> {
    const condition = hasContractSql(owner.home ? { home: sql`${owner.home}::uuid` } : { doctor: sql`${owner.doctor!}::uuid` }, today);
    const [row] = await this.db.select({ yes: sql<boolean>`${condition}`.mapWith(Boolean) }).from(sql`(select 1) as one`);
    return row?.yes ?? false;
  }

  async items(contractIds: string[]): Promise<ContractItemRow[]> {
    if (!contractIds.length) return [];
    return this.db.select().from(contractItems).where(inArray(contractItems.contractId, contractIds)).orderBy(asc(contractItems.bookedAt), asc(contractItems.itemKey));
  }

  /** Option keys used by any contract of the number (the pharmacy's and the partner's share it; meetings name the number and the key). */
  async itemKeysOfNumber(contractNo: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: contractItems.itemKey })
      .from(contractItems)
      .innerJoin(contracts, eq(contracts.id, contractItems.contractId))
      .where(eq(contracts.contractNo, contractNo));
    return rows.map((r) => r.key);
  }

  async insertItems(rows: ContractItemInsert[]): Promise<void> {
    if (rows.length) await this.db.insert(contractItems).values(rows);
  }

  async updateItem(id: string, patch: Partial<Pick<ContractItemRow, 'validTo' | 'canceledAt'>>): Promise<void> {
    await this.db.update(contractItems).set(patch).where(eq(contractItems.id, id));
  }

  /** Names of the active managers of homes and doctors, by home / doctor id (one query). */
  async managerNames(owners: { homes: string[]; doctors: string[] }): Promise<{ home: string | null; doctor: string | null; name: string }[]> {
    if (!owners.homes.length && !owners.doctors.length) return [];
    const byOwner = or(owners.homes.length ? inArray(users.homeId, owners.homes) : undefined, owners.doctors.length ? inArray(users.doctorId, owners.doctors) : undefined);
    return this.db
      .select({ home: users.homeId, doctor: users.doctorId, name: sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), ''), ${users.username})` })
      .from(users)
      .where(and(byOwner, hasRole('ROLE_MANAGER'), activeUser))
      .orderBy(asc(users.lastname), asc(users.firstname));
  }

  /** Active managers of the pharmacy (pharma + manager). */
  async pharmacyManagerCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(hasRole('ROLE_PHARMA'), hasRole('ROLE_MANAGER'), activeUser));
    return row?.n ?? 0;
  }

  /** Ids of the active users of a home or a doctor (their rights follow its contract). */
  async userIdsOf(owner: { home: string | null; doctor: string | null }): Promise<string[]> {
    const byOwner = or(owner.home ? eq(users.homeId, owner.home) : undefined, owner.doctor ? eq(users.doctorId, owner.doctor) : undefined);
    if (!byOwner) return [];
    const rows = await this.db.select({ id: users.id }).from(users).where(and(byOwner, activeUser));
    return rows.map((r) => r.id);
  }

  async pharmacy(): Promise<{ company: string; email: string; debtorId: string }> {
    const [row] = await this.db.select({ company: settings.company, email: settings.email, debtorId: settings.debtorId }).from(settings).where(eq(settings.id, 1)).limit(1);
    return row ?? { company: '', email: '', debtorId: '' };
  }

  async home(id: string): Promise<{ id: string; name: string; company: string; email: string; debtorId: string } | null> {
    const [row] = await this.db.select({ id: homes.id, name: homes.name, company: homes.company, email: homes.email, debtorId: homes.debtorId }).from(homes).where(eq(homes.id, id)).limit(1);
    return row ?? null;
  }

  async doctor(id: string): Promise<{ id: string; name: string; email: string; debtorId: string } | null> {
    const [row] = await this.db.select({ id: doctors.id, name: DOCTOR_NAME, email: doctors.email, debtorId: doctors.debtorId }).from(doctors).where(eq(doctors.id, id)).limit(1);
    return row ? { ...row, name: row.name ?? '' } : null;
  }

  async insert(values: ContractInsert): Promise<string> {
    const [row] = await this.db.insert(contracts).values(values).returning({ id: contracts.id });
    return row!.id;
  }

  /** Updates the contract; with `expected`, only while it is still in that state (answers whether it changed). */
  async update(id: string, patch: ContractPatch, expected?: { state: ContractState }): Promise<boolean> {
    const rows = await this.db
      .update(contracts)
      .set({ ...patch, modifiedAt: new Date() })
      .where(and(eq(contracts.id, id), expected ? eq(contracts.state, expected.state) : undefined))
      .returning({ id: contracts.id });
    return rows.length > 0;
  }

  /** Keeps a term that ended with a term change (runtime, package, price as they ran). */
  async insertTerm(values: ContractTermInsert): Promise<void> {
    await this.db.insert(contractTerms).values(values);
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(contracts).where(eq(contracts.id, id));
  }

  async nextNumber(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`nextval('contract_no_seq')`.mapWith(Number) }).from(sql`(select 1) as one`);
    return row!.n;
  }

  /** Running contracts whose term ended before `today` (renewal is due), locked; others' locks are skipped. */
  async dueForRenewal(today: string): Promise<ContractRow[]> {
    return this.db
      .select()
      .from(contracts)
      .where(and(inArray(contracts.state, [...RUNNING_STATES]), lt(contracts.validTo, today)))
      .for('update', { skipLocked: true });
  }

  /** Cancelled contracts whose last day was `day` (their users lose the contract's rights the day after). */
  async endedOn(day: string): Promise<ContractRow[]> {
    return this.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.state, 'canceled'), eq(contracts.validTo, day)));
  }

  async products(catalogue?: ProductCatalogue): Promise<ShopProductRow[]> {
    return this.db
      .select()
      .from(shopProducts)
      .where(and(eq(shopProducts.active, true), catalogue ? eq(shopProducts.catalogue, catalogue) : undefined))
      .orderBy(asc(shopProducts.catalogue), asc(shopProducts.sort), asc(shopProducts.name));
  }

  async upsertProducts(rows: (typeof shopProducts.$inferInsert)[]): Promise<void> {
    if (rows.length) await this.db.insert(shopProducts).values(rows).onConflictDoNothing();
  }

  /**
   * Claims an idempotency key for the user: true when this request is the first with it (the
   * caller goes on and stores its answer); otherwise the stored answer of the first.
   */
  async claim(userId: string, key: string): Promise<{ first: true } | { first: false; response: unknown }> {
    const inserted = await this.db.insert(contractRequests).values({ userId, key }).onConflictDoNothing().returning({ key: contractRequests.key });
    if (inserted.length) return { first: true };
    const [row] = await this.db
      .select({ response: contractRequests.response })
      .from(contractRequests)
      .where(and(eq(contractRequests.userId, userId), eq(contractRequests.key, key)))
      .limit(1);
    return { first: false, response: row?.response ?? null };
  }

  async remember(userId: string, key: string, response: unknown): Promise<void> {
    await this.db
      .update(contractRequests)
      .set({ response })
      .where(and(eq(contractRequests.userId, userId), eq(contractRequests.key, key)));
  }

  /** Forgets idempotency keys older than `before`. */
  async forgetRequests(before: Date): Promise<void> {
    await this.db.delete(contractRequests).where(lt(contractRequests.createdAt, before));
  }

  /** The items of `contractId` that have not ended before `today` (for copying them onto a successor). */
  async runningItems(contractId: string, today: string): Promise<ContractItemRow[]> {
    return this.db
      .select()
      .from(contractItems)
      .where(and(eq(contractItems.contractId, contractId), or(isNull(contractItems.validTo), sql`${contractItems.validTo} >= ${today}::date`)));
  }
}
