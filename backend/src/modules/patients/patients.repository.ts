import { Inject, Injectable } from '@nestjs/common';
import { and, eq, getTableColumns, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PatientSortField } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { type ListQuery, LIST_LIMIT_MAX } from '../../core/http/list-query.js';
import { type CommonListFilter, type ListSelection, listSelection, type ListSource, qualified, runListInOneStatement, seenColumn } from '../../core/http/list.js';
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

/** The name of the patient's home (null when it has none): a correlated subquery, for the page's rows or a sort. */
const HOME_NAME = sql<string | null>`(select ${homes.name} from ${homes} where ${homes.id} = ${qualified(patients.homeId)})`;
/** The name of the patient's living area (null when it has none). */
const HOME_GROUP_NAME = sql<string | null>`(select ${homeGroups.name} from ${homeGroups} where ${homeGroups.id} = ${qualified(patients.homeGroupId)})`;

export const PATIENT_LIST: ListSource<PatientSortField> = {
  table: patients,
  id: patients.id,
  sort: {
    lastname: sql`lower(${patients.lastname})`,
    firstname: sql`lower(${patients.firstname})`,
    dateOfBirth: patients.dateOfBirth,
    // Joined for these sorts only (PATIENT_SORT_JOINS; PostgreSQL drops the joins for the others).
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

/**
 * The home and living area, joined for the sorts by their names only (unique keys: PostgreSQL drops
 * a left join whose columns the statement does not read).
 */
const PATIENT_SORT_JOINS = sql`left join ${homes} on ${homes.id} = ${patients.homeId} left join ${homeGroups} on ${homeGroups.id} = ${patients.homeGroupId}`;

/** The placeholder of the viewer in the list's select list (the seen column). */
const VIEWER = 'viewerId';

/** The username of the user `id` refers to (null when none; the actor's `_id` is `id` itself). */
function actorName(id: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${qualified(id)})`;
}

/**
 * The list's select list, rendered to SQL once (runListInOneStatement puts only the WHERE and ORDER
 * BY together per request): the patient's columns one by one, the doctors of its orders (or, for
 * callers whose policy never reads them, an empty list), and the related names as correlated
 * subqueries run for the page's rows only, not joins.
 */
function patientSelection(orderDoctors: SQL<string[]>) {
  return listSelection(
    {
      patient: getTableColumns(patients),
      orderDoctors,
      homeName: HOME_NAME,
      homeGroupName: HOME_GROUP_NAME,
      homeGroupHome: sql<string | null>`(select ${homeGroups.homeId} from ${homeGroups} where ${homeGroups.id} = ${qualified(patients.homeGroupId)})`,
      createdFromName: actorName(patients.createdBy),
      modifiedFromName: actorName(patients.modifiedBy),
      // The viewer fills the placeholder per request (a string where the seen definition expects the id).
      seen: seenColumn(PATIENT_SEEN, sql.placeholder(VIEWER) as unknown as string),
    },
    { joins: PATIENT_SORT_JOINS },
  );
}

const WITH_ORDER_DOCTORS = patientSelection(PATIENT_ORDER_DOCTORS);
const WITHOUT_ORDER_DOCTORS = patientSelection(NO_ORDER_DOCTORS);

/**
 * One row of the patient list as the repository answers it: the patient, the doctors of its orders,
 * the names of its home, living area (with the area's home) and actors (null where there is none),
 * and whether the viewer has seen it.
 */
export interface PatientListRecord {
  patient: typeof patients.$inferSelect;
  orderDoctors: string[];
  homeName: string | null;
  homeGroupName: string | null;
  homeGroupHome: string | null;
  createdFromName: string | null;
  modifiedFromName: string | null;
  seen: boolean;
}

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

  /**
   * The rows of the patient list with home, living area, actors and the viewer's seen state, and the
   * total count, in one statement (the list layer's runListInOneStatement).
   */
  list(options: PatientListOptions): Promise<{ rows: PatientListRecord[]; count: number }> {
    const f = options.query.filter;
    const where = [...(options.where ?? []), f.home ? eq(patients.homeId, f.home) : undefined, f.homeGroup ? eq(patients.homeGroupId, f.homeGroup) : undefined];
    const selection: ListSelection<PatientListRecord> = options.orderDoctors === false ? WITHOUT_ORDER_DOCTORS : WITH_ORDER_DOCTORS;
    return runListInOneStatement(this.db, PATIENT_LIST, { ...options, where }, selection, { [VIEWER]: options.viewerId });
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
