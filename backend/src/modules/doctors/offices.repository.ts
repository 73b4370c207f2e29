import { Inject, Injectable } from '@nestjs/common';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OfficeDoctorRef, OfficeSortField } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type CommonListFilter, type ListSource, qualified, runList } from '../../core/http/list.js';
import { doctorOffices, doctors, users } from '../../db/schema/index.js';

export type OfficeRow = typeof doctorOffices.$inferSelect;
export type OfficeInsert = Omit<typeof doctorOffices.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;
export type OfficePatch = Partial<Omit<typeof doctorOffices.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;

const creator = alias(users, 'office_creator');
const modifier = alias(users, 'office_modifier');

/** The practice's doctors, ordered by name, aggregated inside the practice query (no N+1). */
const OFFICE_DOCTORS = sql<OfficeDoctorRef[]>`(select coalesce(json_agg(json_build_object(
    '_id', d.id, 'salutation', d.salutation, 'title', d.title, 'firstname', d.firstname,
    'lastname', d.lastname, 'expertise', d.expertise, 'deactivated', d.deactivated_at is not null)
    order by lower(d.lastname), lower(d.firstname), d.id), '[]'::json)
  from ${doctors} d where d.office_id = ${qualified(doctorOffices.id)})`;

export const OFFICE_LIST: ListSource<OfficeSortField> = {
  table: doctorOffices,
  id: doctorOffices.id,
  sort: { name: sql`lower(${doctorOffices.name})`, city: sql`lower(${doctorOffices.city})`, createdAt: doctorOffices.createdAt },
  tieBreak: [sql`lower(${doctorOffices.name})`],
  search: doctorOffices.name,
};

export interface OfficeListOptions {
  query: ListQuery<OfficeSortField, CommonListFilter>;
  viewerId: string;
  /** doctorOfficePolicy.where(auth, 'read'). */
  scope: SQL | undefined;
  ids?: string[];
}

@Injectable()
export class OfficesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  list(options: OfficeListOptions) {
    return runList(this.db, OFFICE_LIST, options, (plan) =>
      this.db
        .select({
          office: doctorOffices,
          doctors: OFFICE_DOCTORS,
          createdFrom: { _id: creator.id, username: creator.username },
          modifiedFrom: { _id: modifier.id, username: modifier.username },
        })
        .from(doctorOffices)
        .leftJoin(creator, eq(creator.id, doctorOffices.createdBy))
        .leftJoin(modifier, eq(modifier.id, doctorOffices.modifiedBy))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .offset(plan.offset)
        .limit(plan.limit),
    );
  }

  async findRow(id: string, viewerId: string) {
    const { rows } = await this.list({ query: { offset: 0, limit: 1, sort: { field: 'name', desc: false }, filter: {} }, viewerId, scope: undefined, ids: [id] });
    return rows[0] ?? null;
  }

  /** The practice with its doctors' ids (for the policy), or null. */
  async findById(id: string): Promise<(OfficeRow & { doctorIds: string[] }) | null> {
    const [row] = await this.db
      .select({ office: doctorOffices, doctorIds: sql<string[]>`array(select d.id::text from ${doctors} d where d.office_id = ${qualified(doctorOffices.id)})` })
      .from(doctorOffices)
      .where(eq(doctorOffices.id, id))
      .limit(1);
    return row ? { ...row.office, doctorIds: row.doctorIds } : null;
  }

  async create(values: OfficeInsert): Promise<string> {
    const [row] = await this.db.insert(doctorOffices).values(values).returning({ id: doctorOffices.id });
    return row!.id;
  }

  async save(id: string, patch: OfficePatch): Promise<void> {
    await this.db.update(doctorOffices).set(patch).where(eq(doctorOffices.id, id));
  }

  /** Deletes the practice; its doctors must have been released from it first (DoctorsRepository.setOfficeDoctors). */
  async delete(id: string): Promise<void> {
    await this.db.delete(doctorOffices).where(eq(doctorOffices.id, id));
  }
}
