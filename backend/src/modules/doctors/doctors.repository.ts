import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DoctorSortField } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type CommonListFilter, type ListSource, qualified, runList, searchCondition, seenColumn } from '../../core/http/list.js';
import type { SeenSource } from '../../core/seen/unseen.js';
import { doctorOffices, doctors, users } from '../../db/schema/index.js';

export type DoctorRow = typeof doctors.$inferSelect;
export type DoctorInsert = Omit<typeof doctors.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;
export type DoctorPatch = Partial<Omit<typeof doctors.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;

/** Doctors in the one "not seen" definition: a doctor one created counts as seen. */
export const DOCTOR_SEEN: SeenSource = { kind: 'doctor', id: doctors.id, createdAt: doctors.createdAt, createdBy: doctors.createdBy };

/** What filter[text] searches; the trigram index doctors_search_trgm_idx is on this very expression. */
export const DOCTOR_SEARCH = sql`search_text(${doctors.title}, ${doctors.firstname}, ${doctors.lastname}, ${doctors.expertise})`;
/** The same text, cheap per row (words too short for the trigram index). */
const DOCTOR_SEARCH_SHORT = sql`(${doctors.title} || ' ' || ${doctors.firstname} || ' ' || ${doctors.lastname} || ' ' || ${doctors.expertise})`;

/** An active user is assigned to the doctor (spec: withLogin). */
export const DOCTOR_WITH_LOGIN = sql<boolean>`exists (select 1 from ${users} u where u.doctor_id = ${qualified(doctors.id)} and u.status <> 'removed')`.mapWith(Boolean);

const creator = alias(users, 'doctor_creator');
const modifier = alias(users, 'doctor_modifier');

export const DOCTOR_LIST: ListSource<DoctorSortField> = {
  table: doctors,
  id: doctors.id,
  sort: {
    lastname: sql`lower(${doctors.lastname})`,
    firstname: sql`lower(${doctors.firstname})`,
    expertise: sql`lower(${doctors.expertise})`,
    createdAt: doctors.createdAt,
    modifiedAt: doctors.modifiedAt,
  },
  tieBreak: [sql`lower(${doctors.lastname})`, sql`lower(${doctors.firstname})`],
  search: DOCTOR_SEARCH,
  searchShort: DOCTOR_SEARCH_SHORT,
  seen: DOCTOR_SEEN,
  deactivatedAt: doctors.deactivatedAt,
};

export interface DoctorListFilters extends CommonListFilter {
  expertises?: string[];
  office?: string;
}

export interface DoctorListOptions {
  query: ListQuery<DoctorSortField, DoctorListFilters>;
  viewerId: string;
  /** doctorPolicy.where(auth, 'read'). */
  scope: SQL | undefined;
  ids?: string[];
}

@Injectable()
export class DoctorsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  list(options: DoctorListOptions) {
    const f = options.query.filter;
    const where = [
      f.expertises?.length ? inArray(sql`lower(${doctors.expertise})`, f.expertises.map((e) => e.toLowerCase())) : undefined,
      f.office ? eq(doctors.officeId, f.office) : undefined,
    ];
    return runList(this.db, DOCTOR_LIST, { ...options, where }, (plan) =>
      this.db
        .select({
          doctor: doctors,
          office: { _id: doctorOffices.id, name: doctorOffices.name },
          withLogin: DOCTOR_WITH_LOGIN,
          createdFrom: { _id: creator.id, username: creator.username },
          modifiedFrom: { _id: modifier.id, username: modifier.username },
          seen: seenColumn(DOCTOR_SEEN, options.viewerId),
        })
        .from(doctors)
        .leftJoin(doctorOffices, eq(doctorOffices.id, doctors.officeId))
        .leftJoin(creator, eq(creator.id, doctors.createdBy))
        .leftJoin(modifier, eq(modifier.id, doctors.modifiedBy))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .offset(plan.offset)
        .limit(plan.limit),
    );
  }

  async findRow(id: string, viewerId: string) {
    const { rows } = await this.list({ query: { offset: 0, limit: 1, sort: { field: 'lastname', desc: false }, filter: {} }, viewerId, scope: undefined, ids: [id] });
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<DoctorRow | null> {
    const [row] = await this.db.select().from(doctors).where(eq(doctors.id, id)).limit(1);
    return row ?? null;
  }

  async withLogin(id: string): Promise<boolean> {
    const [row] = await this.db.select({ v: DOCTOR_WITH_LOGIN }).from(doctors).where(eq(doctors.id, id)).limit(1);
    return row?.v ?? false;
  }

  async officeExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: doctorOffices.id }).from(doctorOffices).where(eq(doctorOffices.id, id)).limit(1);
    return !!row;
  }

  /**
   * Distinct expertises (case-insensitively, in their most frequent spelling) of the doctors within
   * `scope`, optionally matching `text`, alphabetically: the suggestions of the form and the values
   * of the list's multi-select filter.
   */
  async expertises(scope: SQL | undefined, text: string | undefined, limit: number): Promise<{ data: string[]; count: number }> {
    const where = and(scope, ne(doctors.expertise, ''), searchCondition(doctors.expertise, text));
    const key = sql`lower(${doctors.expertise})`;
    const grouped = this.db
      .select({ key: sql<string>`${key}`.as('key'), name: sql<string>`mode() within group (order by ${doctors.expertise})`.as('name') })
      .from(doctors)
      .where(where)
      .groupBy(key)
      .as('e');
    const [rows, [total]] = await Promise.all([
      this.db.select({ name: grouped.name }).from(grouped).orderBy(asc(grouped.key)).limit(limit),
      this.db.select({ n: sql<number>`count(distinct ${key})`.mapWith(Number) }).from(doctors).where(where),
    ]);
    return { data: rows.map((r) => r.name), count: total?.n ?? 0 };
  }

  async create(values: DoctorInsert): Promise<string> {
    const [row] = await this.db.insert(doctors).values(values).returning({ id: doctors.id });
    return row!.id;
  }

  async save(id: string, patch: DoctorPatch): Promise<void> {
    await this.db.update(doctors).set(patch).where(eq(doctors.id, id));
  }

  /** The users assigned to the doctor (their sessions end when it is deactivated). */
  async userIds(id: string): Promise<string[]> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.doctorId, id));
    return rows.map((r) => r.id);
  }

  /** Those of `ids` that are doctors. */
  async existing(ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db.select({ id: doctors.id }).from(doctors).where(inArray(doctors.id, ids));
    return rows.map((r) => r.id);
  }

  /**
   * Makes `doctorIds` the practice's full list of doctors: the others of the practice lose it
   * (they stay, without a practice); an empty list releases them all.
   */
  async setOfficeDoctors(officeId: string, doctorIds: string[]): Promise<void> {
    await this.db
      .update(doctors)
      .set({ officeId: null, modifiedAt: new Date() })
      .where(and(eq(doctors.officeId, officeId), doctorIds.length ? notInArray(doctors.id, doctorIds) : undefined));
    if (doctorIds.length) await this.db.update(doctors).set({ officeId, modifiedAt: new Date() }).where(inArray(doctors.id, doctorIds));
  }
}
