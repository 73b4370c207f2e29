import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, notExists, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type ListSource, runList } from '../../core/http/list.js';
import type { ContractRightsRow } from '../../core/permissions/contract-rights.js';
import { backupArchives, contractItems, contracts, doctorOffices, doctors, documents, homeGroups, homes, invoices, patients, taskEvents, tasks, users } from '../../db/schema/index.js';

export type ArchiveRow = typeof backupArchives.$inferSelect;
export type NewArchive = typeof backupArchives.$inferInsert;

/** Whose archive: a care home, a practice, or a doctor without a practice. */
export type ArchiveOwner = { kind: 'home'; id: string; name: string } | { kind: 'office'; id: string; name: string } | { kind: 'doctor'; id: string; name: string };

/** The archive's owner in one column: 'home:<id>', 'office:<id>', 'doctor:<id>'. */
export function ownerKey(owner: Pick<ArchiveOwner, 'kind' | 'id'>): string {
  return `${owner.kind}:${owner.id}`;
}

export const BACKUP_SORT_FIELDS = ['month', 'mtime', 'original', 'status'] as const;
export type BackupSortField = (typeof BACKUP_SORT_FIELDS)[number];

/** Newest month first; the archive's last change (`stats.mtime`), its title or status on request. */
const BACKUP_LIST: ListSource<BackupSortField> = {
  table: backupArchives,
  id: backupArchives.id,
  sort: { month: backupArchives.month, mtime: backupArchives.modifiedAt, original: backupArchives.original, status: backupArchives.status },
  tieBreak: [sql`${backupArchives.ownerKey}`],
  search: [backupArchives.original],
  searchMode: 'phrase',
};

/** An order as its CSV row shows it. */
export interface TaskCsvRow {
  id: string;
  createdAt: Date;
  created: string;
  modified: string;
  status: string;
  type: number;
  group: string;
  patient: string;
  dateOfBirth: string;
  home: string;
  homeGroup: string;
  doctor: string;
  medicine: string;
  dose: string;
  amount: number;
  latestDelivery: string;
  createdBy: string;
}

/** A chat event as its CSV row shows it. */
export interface EventCsvRow {
  id: string;
  createdAt: Date;
  taskId: string;
  patient: string;
  at: string;
  type: string;
  data: unknown;
  state: string | null;
  files: { name: string }[];
  author: string;
}

/** A contract holding a running option, with the practice of its doctor. */
export interface OptionContractRow extends ContractRightsRow {
  officeId: string | null;
}

/** An archive past its retention: what deleting it needs, and the page position. */
export interface ExpiredArchive {
  id: string;
  month: string;
  name: string;
  storageKey: string;
}

/** A stored PDF that goes into an archive. */
export interface ArchivedPdf {
  fileId: string;
  label: string;
}

/** An invoice or credit note of an archive: its PDF, or null while it is not printed yet. */
export interface ArchivedInvoice {
  id: string;
  fileId: string | null;
  label: string;
}

const BERLIN_DATETIME = (column: SQL | AnyPgColumn) => sql<string>`to_char(${column} at time zone 'Europe/Berlin', 'DD.MM.YYYY HH24:MI')`;
const GERMAN_DATE = (column: SQL | AnyPgColumn) => sql<string>`coalesce(to_char(${column}, 'DD.MM.YYYY'), '')`;

/** The first instant of a month in Germany, and of the month after. */
const monthStart = (month: string) => sql`((${`${month}-01`})::date::timestamp at time zone 'Europe/Berlin')`;
const monthEnd = (month: string) => sql`((((${`${month}-01`})::date + interval '1 month'))::timestamp at time zone 'Europe/Berlin')`;

const doctorName = (d: typeof doctors) => sql<string>`trim(concat_ws(' ', nullif(${d.title}, ''), nullif(${d.firstname}, ''), ${d.lastname}))`;

@Injectable()
export class BackupRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  list(query: ListQuery<BackupSortField, { text?: string }>, scope: SQL | undefined, ownerKeys: string[] | null) {
    // The caller's own owners narrow the scan to their rows (indexed); the policy's scope decides.
    const narrowed = ownerKeys === null ? undefined : ownerKeys.length ? inArray(backupArchives.ownerKey, ownerKeys) : sql`false`;
    return runList(this.db, BACKUP_LIST, { query, scope, where: [narrowed] }, (plan) =>
      this.db.select().from(backupArchives).where(plan.where).orderBy(...plan.orderBy).offset(plan.offset).limit(plan.limit),
    );
  }

  /** One archive by its public name, with the fields its policy reads (the doctors of its practice or its doctor). */
  async findByName(name: string): Promise<(ArchiveRow & { doctors: string[] }) | null> {
    const [row] = await this.db
      .select()
      .from(backupArchives)
      .where(eq(backupArchives.name, name))
      .limit(1);
    if (!row) return null;
    let owners: string[] = [];
    if (row.officeId) owners = (await this.db.select({ id: doctors.id }).from(doctors).where(eq(doctors.officeId, row.officeId))).map((d) => d.id);
    else if (row.doctorId) owners = [row.doctorId];
    return { ...row, doctors: owners };
  }

  /** The practice of a doctor (the caller's own practice's archives). */
  async officeOf(doctorId: string): Promise<string | null> {
    const [row] = await this.db.select({ office: doctors.officeId }).from(doctors).where(eq(doctors.id, doctorId)).limit(1);
    return row?.office ?? null;
  }

  async exists(key: string, month: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: backupArchives.id })
      .from(backupArchives)
      .where(and(eq(backupArchives.ownerKey, key), eq(backupArchives.month, month)))
      .limit(1);
    return !!row;
  }

  async countAll(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(backupArchives);
    return row?.n ?? 0;
  }

  /** Inserts the archive unless one of the owner and month exists already (a parallel run): then null. */
  async insert(values: NewArchive): Promise<ArchiveRow | null> {
    const [row] = await this.db.insert(backupArchives).values(values).onConflictDoNothing({ target: [backupArchives.ownerKey, backupArchives.month] }).returning();
    return row ?? null;
  }

  /** The first download by one of the owner's users: 'downloaded'. */
  async markDownloaded(id: string, userId: string, at: Date): Promise<void> {
    await this.db
      .update(backupArchives)
      .set({ status: 'downloaded', downloadedAt: at, downloadedBy: userId, modifiedAt: at })
      .where(and(eq(backupArchives.id, id), eq(backupArchives.status, 'new')));
  }

  /**
   * The contracts that hold one of `products` on `today` (YYYY-MM-DD): booked, and not cancelled
   * or cancelled to a last day not before today. Whether the contract itself runs is the caller's
   * to decide (contract-rights.ts); only contracts with such an option are read.
   */
  async contractsWithOption(products: readonly string[], today: string): Promise<OptionContractRow[]> {
    const running = this.db
      .select({ one: sql`1` })
      .from(contractItems)
      .where(and(eq(contractItems.contractId, contracts.id), inArray(contractItems.product, [...products]), or(isNull(contractItems.validTo), sql`${contractItems.validTo} >= ${today}::date`)));
    return this.db
      .select({
        homeId: contracts.homeId,
        doctorId: contracts.doctorId,
        type: contracts.type,
        state: contracts.state,
        validFrom: contracts.validFrom,
        validTo: contracts.validTo,
        officeId: doctors.officeId,
      })
      .from(contracts)
      .leftJoin(doctors, eq(doctors.id, contracts.doctorId))
      .where(sql`exists (${running})`);
  }

  /**
   * One page of the archives past their retention, oldest month first, after the last row of the
   * previous page: those of a month before `before`, except the owners in `kept`, whose archives
   * go only when their month is before `keptBefore`. A row that stays (its file could not be
   * removed) is passed over by the next page instead of being read again.
   */
  async expiredPage(
    limits: { before: string; keptBefore: string; kept: string[] },
    after: { month: string; id: string } | null,
    limit: number,
  ): Promise<ExpiredArchive[]> {
    return this.db
      .select({ id: backupArchives.id, month: backupArchives.month, name: backupArchives.name, storageKey: backupArchives.storageKey })
      .from(backupArchives)
      .where(
        and(
          lt(backupArchives.month, limits.before),
          limits.kept.length ? or(lt(backupArchives.month, limits.keptBefore), notInArray(backupArchives.ownerKey, limits.kept)) : undefined,
          after ? sql`(${backupArchives.month}, ${backupArchives.id}) > (${after.month}, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(backupArchives.month), asc(backupArchives.id))
      .limit(limit);
  }

  async deleteMany(ids: string[]): Promise<number> {
    if (!ids.length) return 0;
    const rows = await this.db.delete(backupArchives).where(inArray(backupArchives.id, ids)).returning({ id: backupArchives.id });
    return rows.length;
  }

  /**
   * Whose archives a month gets, without those it has already: active homes, practices with an
   * active doctor, and active doctors without a practice.
   */
  async ownersWithout(month: string): Promise<ArchiveOwner[]> {
    const missing = (key: SQL) => notExists(this.db.select({ one: sql`1` }).from(backupArchives).where(and(eq(backupArchives.ownerKey, key), eq(backupArchives.month, month))));
    const homeRows = await this.db
      .select({ id: homes.id, name: homes.name })
      .from(homes)
      .where(and(isNull(homes.deactivatedAt), missing(sql`'home:' || ${homes.id}::text`)))
      .orderBy(asc(homes.name));
    const officeRows = await this.db
      .select({ id: doctorOffices.id, name: doctorOffices.name })
      .from(doctorOffices)
      .where(
        and(
          sql`exists (select 1 from ${doctors} d where d.office_id = ${doctorOffices.id} and d.deactivated_at is null)`,
          missing(sql`'office:' || ${doctorOffices.id}::text`),
        ),
      )
      .orderBy(asc(doctorOffices.name));
    const doctorRows = await this.db
      .select({ id: doctors.id, name: doctorName(doctors) })
      .from(doctors)
      .where(and(isNull(doctors.deactivatedAt), isNull(doctors.officeId), missing(sql`'doctor:' || ${doctors.id}::text`)))
      .orderBy(asc(doctors.lastname));
    return [
      ...homeRows.map((r) => ({ kind: 'home' as const, ...r })),
      ...officeRows.map((r) => ({ kind: 'office' as const, ...r })),
      ...doctorRows.map((r) => ({ kind: 'doctor' as const, ...r })),
    ];
  }

  /** The condition "belongs to the owner" over a table's home and doctor columns. */
  private ownedBy(owner: ArchiveOwner, home: SQL | AnyPgColumn, doctor: SQL | AnyPgColumn): SQL {
    if (owner.kind === 'home') return sql`${home} = ${owner.id}`;
    if (owner.kind === 'doctor') return sql`${doctor} = ${owner.id}`;
    return sql`${doctor} in (select d.id from ${doctors} d where d.office_id = ${owner.id})`;
  }

  /**
   * The owner's orders placed or changed in the month, in pages of `limit` after the last row
   * of the previous page (created, id): the archive streams them without holding them all.
   */
  async tasksPage(owner: ArchiveOwner, month: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<TaskCsvRow[]> {
    const creator = alias(users, 'creator');
    const inMonth = (column: AnyPgColumn) => and(sql`${column} >= ${monthStart(month)}`, sql`${column} < ${monthEnd(month)}`);
    return this.db
      .select({
        id: tasks.id,
        createdAt: tasks.createdAt,
        created: BERLIN_DATETIME(tasks.createdAt),
        modified: BERLIN_DATETIME(tasks.modifiedAt),
        status: tasks.status,
        type: tasks.type,
        group: tasks.group,
        patient: sql<string>`trim(concat_ws(' ', nullif(${patients.firstname}, ''), ${patients.lastname}))`,
        dateOfBirth: GERMAN_DATE(patients.dateOfBirth),
        home: sql<string>`coalesce(${homes.name}, '')`,
        homeGroup: sql<string>`coalesce(${homeGroups.name}, '')`,
        doctor: sql<string>`coalesce(${doctorName(doctors)}, '')`,
        medicine: tasks.medicine,
        dose: tasks.dose,
        amount: tasks.amount,
        latestDelivery: GERMAN_DATE(tasks.latestDelivery),
        createdBy: sql<string>`coalesce(${creator.username}, '')`,
      })
      .from(tasks)
      .innerJoin(patients, eq(patients.id, tasks.patientId))
      .leftJoin(homes, eq(homes.id, tasks.homeId))
      .leftJoin(homeGroups, eq(homeGroups.id, patients.homeGroupId))
      .leftJoin(doctors, eq(doctors.id, tasks.doctorId))
      .leftJoin(creator, eq(creator.id, tasks.createdBy))
      .where(
        and(
          this.ownedBy(owner, tasks.homeId, tasks.doctorId),
          or(inMonth(tasks.createdAt), inMonth(tasks.modifiedAt)),
          after ? or(gt(tasks.createdAt, after.createdAt), and(eq(tasks.createdAt, after.createdAt), gt(tasks.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(tasks.createdAt), asc(tasks.id))
      .limit(limit);
  }

  /** The chat and feed entries of the owner's orders written in the month, paged like tasksPage. */
  async eventsPage(owner: ArchiveOwner, month: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<EventCsvRow[]> {
    return this.db
      .select({
        id: taskEvents.id,
        createdAt: taskEvents.createdAt,
        taskId: taskEvents.taskId,
        patient: sql<string>`trim(concat_ws(' ', nullif(${patients.firstname}, ''), ${patients.lastname}))`,
        at: BERLIN_DATETIME(taskEvents.createdAt),
        type: taskEvents.type,
        data: taskEvents.data,
        state: taskEvents.state,
        files: taskEvents.files,
        author: sql<string>`coalesce(${users.username}, '')`,
      })
      .from(taskEvents)
      .innerJoin(tasks, eq(tasks.id, taskEvents.taskId))
      .innerJoin(patients, eq(patients.id, tasks.patientId))
      .leftJoin(users, eq(users.id, taskEvents.createdBy))
      .where(
        and(
          this.ownedBy(owner, tasks.homeId, tasks.doctorId),
          sql`${taskEvents.createdAt} >= ${monthStart(month)}`,
          sql`${taskEvents.createdAt} < ${monthEnd(month)}`,
          after ? or(gt(taskEvents.createdAt, after.createdAt), and(eq(taskEvents.createdAt, after.createdAt), gt(taskEvents.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(taskEvents.createdAt), asc(taskEvents.id))
      .limit(limit);
  }

  /** The owner's prescription requests of the month that have their PDF. */
  async requestPdfs(owner: ArchiveOwner, month: string): Promise<ArchivedPdf[]> {
    const rows = await this.db
      .select({
        fileId: documents.fileId,
        label: sql<string>`to_char(${documents.createdAt} at time zone 'Europe/Berlin', 'YYYY-MM-DD_HH24MI') || '_' || ${doctorName(doctors)}`,
      })
      .from(documents)
      .innerJoin(doctors, eq(doctors.id, documents.doctorId))
      .where(
        and(
          this.ownedBy(owner, documents.homeId, documents.doctorId),
          isNotNull(documents.fileId),
          sql`${documents.createdAt} >= ${monthStart(month)}`,
          sql`${documents.createdAt} < ${monthEnd(month)}`,
        ),
      )
      .orderBy(asc(documents.createdAt), asc(documents.id));
    return rows.map((r) => ({ fileId: r.fileId!, label: r.label }));
  }

  /**
   * The owner's invoices and credit notes issued in the month (an invoice of the month before is
   * issued on the 1st, after that month's archive was made), printed or not: `fileId` null means
   * still to be printed.
   */
  async invoicesIssued(owner: ArchiveOwner, month: string): Promise<ArchivedInvoice[]> {
    return this.db
      .select({ id: invoices.id, fileId: invoices.fileId, label: invoices.number })
      .from(invoices)
      .where(
        and(
          this.ownedBy(owner, invoices.homeId, invoices.doctorId),
          gte(invoices.issuedOn, `${month}-01`),
          sql`${invoices.issuedOn} < (${`${month}-01`})::date + interval '1 month'`,
        ),
      )
      .orderBy(asc(invoices.number));
  }
}
