import { Inject, Injectable } from '@nestjs/common';
import { and, type AnyColumn, asc, inArray, sql } from 'drizzle-orm';
import { TASK_OPEN_STATUSES } from '@mediport/contracts/task-machine';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { queryArrays, renderSql } from '../../core/db/statement.js';
import { PATIENT_ORDER_DOCTORS } from '../../core/permissions/policies/index.js';
import { doctors, homeGroups, homes, patients, tasks } from '../../db/schema/index.js';

/** Values per IN list: well under PostgreSQL's 65,535 parameters of one statement. */
export const BATCH = 1000;
/** Rows per INSERT: an order takes 13 parameters, so 2,500 of them stay well under the limit too (fewer round trips). */
export const INSERT_BATCH = 2500;

/** `values` in slices of BATCH. */
export function batches<T>(values: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** Any number that fits a bigint: imports run one at a time (their natural keys are looked up, then written). */
const IMPORT_LOCK = 724_2024_27;

const lower = (column: AnyColumn) => sql<string>`lower(${column})`;

/** A new order as the import writes it (status new, group medicine). */
export interface NewTaskRow {
  id: string;
  type: number;
  medicine: string;
  amount: number;
  dose: string;
  patientId: string;
  homeId: string;
  doctorId: string | null;
  latestDelivery: string | null;
  createdBy: string;
}

export type ImportHomeRow = { id: string; name: string; deactivatedAt: Date | null };
export type ImportGroupRow = { id: string; homeId: string; name: string };
export type ImportDoctorRow = { id: string; lastname: string; firstname: string; postalCode: string; debtorId: string; deactivatedAt: Date | null };
export type ImportPatientRow = {
  id: string;
  homeId: string | null;
  homeGroupId: string | null;
  lastname: string;
  firstname: string;
  dateOfBirth: string;
  deactivatedAt: Date | null;
  createdAt: Date;
  /** The doctors of the patient's orders (the Patient policy's `_own` for practices). */
  orderDoctors: string[];
};
export type ImportTaskRow = {
  id: string;
  patientId: string;
  homeId: string | null;
  doctorId: string | null;
  medicine: string;
  dose: string;
  latestDelivery: string | null;
  type: number;
  amount: number;
  status: string;
};

/**
 * The import's reads by natural key (each an IN list over an indexed expression, in batches) and
 * its writes as multi-row statements. Ids of new rows are chosen by the caller, so rows written in
 * one batch refer to each other without reading anything back.
 */
@Injectable()
export class ImportRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Waits for any other import to finish (held until the surrounding transaction ends). */
  async lock(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
  }

  /** Homes by name, any case (homes_name_lower_idx). */
  async homesByName(namesLower: string[]): Promise<ImportHomeRow[]> {
    const out: ImportHomeRow[] = [];
    for (const names of batches(namesLower)) {
      out.push(...(await this.db.select({ id: homes.id, name: homes.name, deactivatedAt: homes.deactivatedAt }).from(homes).where(inArray(lower(homes.name), names))));
    }
    return out;
  }

  async groupsOf(homeIds: string[]): Promise<ImportGroupRow[]> {
    const out: ImportGroupRow[] = [];
    for (const ids of batches(homeIds)) out.push(...(await this.db.select({ id: homeGroups.id, homeId: homeGroups.homeId, name: homeGroups.name }).from(homeGroups).where(inArray(homeGroups.homeId, ids))));
    return out;
  }

  private readonly doctorColumns = {
    id: doctors.id,
    lastname: doctors.lastname,
    firstname: doctors.firstname,
    postalCode: doctors.postalCode,
    debtorId: doctors.debtorId,
    deactivatedAt: doctors.deactivatedAt,
  };

  async doctorsByDebtor(debtorIds: string[]): Promise<ImportDoctorRow[]> {
    const out: ImportDoctorRow[] = [];
    for (const ids of batches(debtorIds)) out.push(...(await this.db.select(this.doctorColumns).from(doctors).where(inArray(doctors.debtorId, ids))));
    return out;
  }

  /** Doctors by last name, any case (doctors_lastname_lower_idx). */
  async doctorsByLastname(lastnamesLower: string[]): Promise<ImportDoctorRow[]> {
    const out: ImportDoctorRow[] = [];
    for (const names of batches(lastnamesLower)) out.push(...(await this.db.select(this.doctorColumns).from(doctors).where(inArray(lower(doctors.lastname), names))));
    return out;
  }

  /**
   * The patients of these homes with one of these last names, any case (patients_home_idx,
   * patients_lastname_lower_idx); with `orderDoctors` also the doctors of their orders (only a
   * practice's `_own` scope needs them: for every other caller they are not read).
   */
  async patientsOf(homeIds: string[], lastnamesLower: string[], orderDoctors: boolean): Promise<ImportPatientRow[]> {
    if (!homeIds.length) return [];
    const out: ImportPatientRow[] = [];
    for (const names of batches(lastnamesLower)) {
      out.push(
        ...(await this.db
          .select({
            id: patients.id,
            homeId: patients.homeId,
            homeGroupId: patients.homeGroupId,
            lastname: patients.lastname,
            firstname: patients.firstname,
            dateOfBirth: patients.dateOfBirth,
            deactivatedAt: patients.deactivatedAt,
            createdAt: patients.createdAt,
            orderDoctors: orderDoctors ? PATIENT_ORDER_DOCTORS : sql<string[]>`'{}'::text[]`,
          })
          .from(patients)
          .where(and(inArray(patients.homeId, homeIds), inArray(lower(patients.lastname), names)))),
      );
    }
    return out;
  }

  /**
   * The orders of these patients for one of these medicines, any case: one statement per batch of
   * patients (tasks_patient_idx) with all the file's medicine names in one list (at most 10,000,
   * which PostgreSQL matches by hashing).
   */
  async tasksOf(patientIds: string[], medicinesLower: string[]): Promise<ImportTaskRow[]> {
    const medicines = [...new Set(medicinesLower)];
    if (!patientIds.length || !medicines.length) return [];
    const out: ImportTaskRow[] = [];
    for (const ids of batches(patientIds)) {
      out.push(
        ...(await this.db
          .select({
            id: tasks.id,
            patientId: tasks.patientId,
            homeId: tasks.homeId,
            doctorId: tasks.doctorId,
            medicine: tasks.medicine,
            dose: tasks.dose,
            latestDelivery: tasks.latestDelivery,
            type: tasks.type,
            amount: tasks.amount,
            status: tasks.status,
          })
          .from(tasks)
          .where(and(inArray(tasks.patientId, ids), inArray(lower(tasks.medicine), medicines)))
          // Of several equal orders the planner takes the first: the oldest open one, else the oldest.
          .orderBy(sql`${inArray(tasks.status, [...TASK_OPEN_STATUSES])} desc`, asc(tasks.createdAt), asc(tasks.id))),
      );
    }
    return out;
  }

  async insertHomes(values: (typeof homes.$inferInsert)[]): Promise<void> {
    for (const part of batches(values, INSERT_BATCH)) await this.db.insert(homes).values(part);
  }

  async insertHomeGroups(values: (typeof homeGroups.$inferInsert)[]): Promise<void> {
    for (const part of batches(values, INSERT_BATCH)) await this.db.insert(homeGroups).values(part);
  }

  async insertDoctors(values: (typeof doctors.$inferInsert)[]): Promise<void> {
    for (const part of batches(values, INSERT_BATCH)) await this.db.insert(doctors).values(part);
  }

  async insertPatients(values: { id: string; homeId: string; homeGroupId: string | null; lastname: string; firstname: string; dateOfBirth: string; createdBy: string; modifiedBy: string }[]): Promise<void> {
    const c = patients;
    await this.insertRows(c, [c.id, c.homeId, c.homeGroupId, c.lastname, c.firstname, c.dateOfBirth, c.createdBy, c.modifiedBy], values.map((v) => [v.id, v.homeId, v.homeGroupId, v.lastname, v.firstname, v.dateOfBirth, v.createdBy, v.modifiedBy]));
  }

  /** Moves patients to another living area, one statement per batch. */
  async setPatientGroups(changes: { id: string; homeGroupId: string; modifiedBy: string }[]): Promise<void> {
    for (const part of batches(changes)) {
      const rows = sql.join(
        part.map((c) => sql`(${c.id}::uuid, ${c.homeGroupId}::uuid, ${c.modifiedBy}::uuid)`),
        sql`, `,
      );
      await this.db.execute(
        sql`update ${patients} set home_group_id = v.g, modified_by = v.m, modified_at = now() from (values ${rows}) as v(id, g, m) where ${patients.id} = v.id`,
      );
    }
  }

  /** Inserts one batch of new orders (the caller adds their feed events and reports progress per batch). */
  async insertTasks(values: NewTaskRow[]): Promise<void> {
    const c = tasks;
    await this.insertRows(
      c,
      [c.id, c.type, c.status, c.group, c.medicine, c.amount, c.dose, c.patientId, c.homeId, c.doctorId, c.latestDelivery, c.createdBy, c.modifiedBy],
      values.map((v) => [v.id, v.type, 'new', 'medicine', v.medicine, v.amount, v.dose, v.patientId, v.homeId, v.doctorId, v.latestDelivery, v.createdBy, v.createdBy]),
    );
  }

  /**
   * `insert into <table> (<columns>) values ($1, …), …` in batches of INSERT_BATCH, the text put
   * together here and run through the driver (core/db/statement.ts): Drizzle's insert builder spends
   * more time on 10,000 rows than PostgreSQL does storing them. PostgreSQL types each parameter by
   * its target column.
   */
  private async insertRows(table: PgTable, columns: PgColumn[], rows: unknown[][]): Promise<void> {
    const head = renderSql(sql`insert into ${table} (${sql.join(columns.map((col) => sql.identifier(col.name)), sql`, `)}) values `).text;
    const width = columns.length;
    for (const part of batches(rows, INSERT_BATCH)) {
      const values: string[] = [];
      for (let r = 0; r < part.length; r++) {
        const marks: string[] = [];
        for (let k = 1; k <= width; k++) marks.push(`$${r * width + k}`);
        values.push(`(${marks.join(', ')})`);
      }
      await queryArrays(this.db, { text: head + values.join(', '), params: part.flat() });
    }
  }

  /** Changes type, amount and doctor of open orders, one statement per batch. */
  async updateTasks(changes: { id: string; type: number; amount: number; doctorId: string | null; modifiedBy: string }[]): Promise<void> {
    for (const part of batches(changes)) {
      const rows = sql.join(
        part.map((c) => sql`(${c.id}::uuid, ${c.type}::smallint, ${c.amount}::int, ${c.doctorId}::uuid, ${c.modifiedBy}::uuid)`),
        sql`, `,
      );
      await this.db.execute(
        sql`update ${tasks} set type = v.t, amount = v.a, doctor_id = v.d, modified_by = v.m, modified_at = now() from (values ${rows}) as v(id, t, a, d, m) where ${tasks.id} = v.id`,
      );
    }
  }
}
