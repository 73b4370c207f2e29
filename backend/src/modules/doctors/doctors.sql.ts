import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DoctorRef } from '@mediport/contracts';
import { jsonRowFrom } from '../../core/db/json-row.js';
import { doctors } from '../../db/schema/index.js';

/**
 * The doctor of `doctorId` as `{ _id, firstname, lastname, title, email }`, null when there is none:
 * one correlated subquery for another module's statement (the user list shows a user's doctor in its
 * one statement). The knowledge of the doctors table stays here.
 */
export function doctorRefSql(doctorId: AnyPgColumn | SQL): SQL<DoctorRef | null> {
  return jsonRowFrom(
    { _id: doctors.id, firstname: doctors.firstname, lastname: doctors.lastname, title: doctors.title, email: doctors.email },
    sql`${doctors} where ${doctors.id} = ${doctorId}`,
  ) as SQL<DoctorRef | null>;
}
