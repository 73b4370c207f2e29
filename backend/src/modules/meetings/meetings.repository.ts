import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type ListSource, runList } from '../../core/http/list.js';
import { doctors, homes, meetings } from '../../db/schema/index.js';

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingInsert = typeof meetings.$inferInsert;

/** A meeting row with its start as a timestamp (date + time in Europe/Berlin), null while planned. */
export type MeetingRecord = MeetingRow & { startsAt: Date | null };

export interface MeetingPatch {
  date: string;
  time: string;
  system: string;
  url: string;
  info: string;
}

export const MEETING_SORT_FIELDS = ['date', 'company', 'title'] as const;
export type MeetingSortField = (typeof MEETING_SORT_FIELDS)[number];

export type MeetingListOptions = ListQuery<MeetingSortField, { text?: string }> & {
  /** What the caller may see: `meetingPolicy.where(auth, 'read')`. */
  scope: SQL | undefined;
};

/** Meetings are German appointments: the stored date and time are local time in Berlin. */
const STARTS_AT = sql<Date | null>`case when ${meetings.date} is not null and ${meetings.time} is not null
  then (${meetings.date} + ${meetings.time}::time) at time zone 'Europe/Berlin' end`.mapWith((v: unknown) => (v === null ? null : new Date(v as string)));

const ENDED_AFTER = sql`interval '3 hours'`;

/**
 * The meeting list in the one list layer: filter[text] matches the typed text in the title or the
 * company. Meetings still being planned (no date) lead either way; -date (newest first) is the default.
 */
const MEETING_LIST: ListSource<MeetingSortField> = {
  table: meetings,
  id: meetings.id,
  sort: {
    company: meetings.company,
    title: meetings.title,
    date: (descending) =>
      descending ? [sql`${meetings.date} desc nulls first`, sql`${meetings.time} desc`] : [sql`${meetings.date} asc nulls first`, sql`${meetings.time} asc`],
  },
  search: [meetings.title, meetings.company],
  searchMode: 'phrase',
};

@Injectable()
export class MeetingsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  private selection() {
    return { ...getTableColumns(meetings), startsAt: STARTS_AT };
  }

  list(query: MeetingListOptions): Promise<{ rows: MeetingRecord[]; count: number }> {
    return runList(this.db, MEETING_LIST, { query, scope: query.scope }, (plan) =>
      this.db
        .select(this.selection())
        .from(meetings)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .offset(plan.offset)
        .limit(plan.limit),
    );
  }

  async findById(id: string): Promise<MeetingRecord | undefined> {
    const [row] = await this.db.select(this.selection()).from(meetings).where(eq(meetings.id, id)).limit(1);
    return row;
  }

  async find(contractId: string, optionId: string): Promise<MeetingRecord | undefined> {
    const [row] = await this.db
      .select(this.selection())
      .from(meetings)
      .where(and(eq(meetings.contractId, contractId), eq(meetings.optionId, optionId)))
      .limit(1);
    return row;
  }

  /** `date` as YYYY-MM-DD. */
  async update(id: string, patch: MeetingPatch, modifiedBy: string): Promise<void> {
    await this.db
      .update(meetings)
      .set({ ...patch, modifiedBy, modifiedAt: new Date() })
      .where(eq(meetings.id, id));
  }

  /**
   * Meetings with a date that have not ended yet (running or upcoming), earliest first.
   * Read by the dashboard's webinar list.
   */
  async upcoming(limit: number, scope: SQL | undefined): Promise<MeetingRecord[]> {
    return this.db
      .select(this.selection())
      .from(meetings)
      .where(and(scope, sql`${STARTS_AT} + ${ENDED_AFTER} > now()`))
      .orderBy(asc(meetings.date), asc(meetings.time))
      .limit(limit);
  }

  /** The demo home and doctor, the parties of the demo meetings (null before the demo data exists). */
  async demoParties(): Promise<{ home: string | null; doctor: string | null }> {
    const [home] = await this.db.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein')).limit(1);
    const [doctor] = await this.db
      .select({ id: doctors.id })
      .from(doctors)
      .where(and(eq(doctors.firstname, 'Anna'), eq(doctors.lastname, 'Berger')))
      .limit(1);
    return { home: home?.id ?? null, doctor: doctor?.id ?? null };
  }

  async isEmpty(): Promise<boolean> {
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(meetings);
    return (row?.n ?? 0) === 0;
  }

  /** Inserts rows, skipping contract/option pairs that exist (concurrent boots). */
  async insertMany(rows: MeetingInsert[]): Promise<void> {
    if (rows.length) await this.db.insert(meetings).values(rows).onConflictDoNothing();
  }
}
