import { Inject, Injectable } from '@nestjs/common';
import { and, eq, getTableColumns, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PatientSortField } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { type ListQuery, LIST_LIMIT_MAX } from '../../core/http/list-query.js';
import { type CommonListFilter, type ListSource, runList, seenColumn } from '../../core/http/list.js';
import type { SeenSource } from '../../core/seen/unseen.js';
import { homeGroups, homes, patients, users } from '../../db/schema/index.js';
import { PATIENT_ORDER_DOCTORS } from '../../core/permissions/policies/index.js';

/** A stored patient with the doctors of its orders (the policy's subject needs them). */
export type PatientRow = typeof patients.$inferSelect & { orderDoctors: string[] };
export type PatientInsert = Omit<typeof patients.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;
export type PatientPatch = Partial<Omit<typeof patients.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;

/** Patients in the one "not seen" definition: a patient one created counts as seen. */
export const PATIENT_SEEN: SeenSource = { kind: 'patient', id: patients.id, createdAt: patients.createdAt, createdBy: patients.createdBy };

/** What filter[text] searches; the trigram index patients_search_trgm_idx is on this very expression. */
export const PATIENT_SEARCH = sql`search_text(${patients.firstname}, ${patients.lastname})`;
/** The same text, cheap per row (words too short for the trigram index). */
const PATIENT_SEARCH_SHORT = sql`(${patients.firstname} || ' ' || ${patients.lastname})`;

/** Stands in for PATIENT_ORDER_DOCTORS where the caller's policy does not read it. */
const NO_ORDER_DOCTORS = sql<string[]>`'{}'::text[]`;

const creator = alias(users, 'patient_creator');
const modifier = alias(users, 'patient_modifier');

export const PATIENT_LIST: ListSource<PatientSortField> = {
  table: patients,
  id: patients.id,
  sort: {
    lastname: sql`lower(${patients.lastname})`,
    firstname: sql`lower(${patients.firstname})`,
    dateOfBirth: patients.dateOfBirth,
    home: sql`lower(${homes.name})`,
    homeGroup: sql`lower(${homeGroups.name})`,
    createdAt: patients.createdAt,
    modifiedAt: patients.modifiedAt,
  },
  tieBreak: [sql`lower(${patients.lastname})`, sql`lower(${patients.firstname})`],
  search: PATIENT_SEARCH,
  searchShort: PATIENT_SEARCH_SHORT,
  seen: PATIENT_SEEN,
  deactivatedAt: patients.deactivatedAt,
};

export interface PatientListFilters extends CommonListFilter {
  home?: string;
  homeGroup?: string;
}

export interface PatientListOptions {
  query: ListQuery<PatientSortField, PatientListFilters>;
  viewerId: string;
  /** patientPolicy.where(auth, 'read'). */
  scope: SQL | undefined;
  ids?: string[];
  where?: (SQL | undefined)[];
  /**
   * Load the doctors of each patient's orders (default true). Only a doctor user's row flags need
   * them; for other callers the list skips that per-row subquery (an empty list, which their policy
   * never reads).
   */
  orderDoctors?: boolean;
}

@Injectable()
export class PatientsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** The rows of the patient list with home, living area, actors and the viewer's seen state, and the count, through the list layer. */
  list(options: PatientListOptions) {
    const f = options.query.filter;
    return runList(this.db, PATIENT_LIST, { ...options, where: [...(options.where ?? []), f.home ? eq(patients.homeId, f.home) : undefined, f.homeGroup ? eq(patients.homeGroupId, f.homeGroup) : undefined] }, (plan) =>
      this.db
        .select({
          patient: { ...getTableColumns(patients), orderDoctors: options.orderDoctors === false ? NO_ORDER_DOCTORS : PATIENT_ORDER_DOCTORS },
          home: { _id: homes.id, name: homes.name },
          homeGroup: { _id: homeGroups.id, name: homeGroups.name, home: homeGroups.homeId },
          createdFrom: { _id: creator.id, username: creator.username },
          modifiedFrom: { _id: modifier.id, username: modifier.username },
          seen: seenColumn(PATIENT_SEEN, options.viewerId),
        })
        .from(patients)
        .leftJoin(homes, eq(homes.id, patients.homeId))
        .leftJoin(homeGroups, eq(homeGroups.id, patients.homeGroupId))
        .leftJoin(creator, eq(creator.id, patients.createdBy))
        .leftJoin(modifier, eq(modifier.id, patients.modifiedBy))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .offset(plan.offset)
        .limit(plan.limit),
    );
  }

  /** One patient as the list shows it (any state), or null. */
  async findRow(id: string, viewerId: string) {
    const { rows } = await this.list({ query: { offset: 0, limit: 1, sort: { field: 'lastname', desc: false }, filter: {} }, viewerId, scope: undefined, ids: [id] });
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<PatientRow | null> {
    const [row] = await this.db
      .select({ ...getTableColumns(patients), orderDoctors: PATIENT_ORDER_DOCTORS })
      .from(patients)
      .where(eq(patients.id, id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Patients within `scope` whose first and last name (trimmed, any case) and birth date equal
   * these (the duplicate warning), deactivated ones included, except `exceptId`.
   */
  duplicates(input: { firstname: string; lastname: string; dateOfBirth: string; exceptId?: string }, viewerId: string, scope: SQL | undefined) {
    return this.list({
      query: { offset: 0, limit: LIST_LIMIT_MAX, sort: { field: 'lastname', desc: false }, filter: { deactivated: 'all' } },
      viewerId,
      scope,
      where: [
        sql`lower(${patients.lastname}) = lower(${input.lastname.trim()})`,
        eq(patients.dateOfBirth, input.dateOfBirth),
        sql`lower(trim(${patients.firstname})) = lower(${input.firstname.trim()})`,
        input.exceptId ? ne(patients.id, input.exceptId) : undefined,
      ],
    });
  }

  /** The home (null when absent) and whether it is active. */
  async home(id: string): Promise<{ id: string; active: boolean } | null> {
    const [row] = await this.db.select({ id: homes.id, deactivatedAt: homes.deactivatedAt }).from(homes).where(eq(homes.id, id)).limit(1);
    return row ? { id: row.id, active: row.deactivatedAt === null } : null;
  }

  /** Whether the living area belongs to the home. */
  async groupOfHome(groupId: string, homeId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: homeGroups.id })
      .from(homeGroups)
      .where(and(eq(homeGroups.id, groupId), eq(homeGroups.homeId, homeId)))
      .limit(1);
    return !!row;
  }

  async create(values: PatientInsert): Promise<string> {
    const [row] = await this.db.insert(patients).values(values).returning({ id: patients.id });
    return row!.id;
  }

  async save(id: string, patch: PatientPatch): Promise<void> {
    await this.db.update(patients).set(patch).where(eq(patients.id, id));
  }

  /** Whether an active patient lives in the living area. */
  async activeInGroup(groupId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.homeGroupId, groupId), isNull(patients.deactivatedAt)))
      .limit(1);
    return !!row;
  }

  /** Deactivated patients of the living area lose it (they keep the home): the area is about to be deleted. */
  async releaseGroup(groupId: string): Promise<void> {
    await this.db.update(patients).set({ homeGroupId: null }).where(and(eq(patients.homeGroupId, groupId), isNotNull(patients.deactivatedAt)));
  }
}
