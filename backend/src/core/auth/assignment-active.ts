import { type SQL, sql } from 'drizzle-orm';
import { doctors, homes } from '../../db/schema/index.js';

/**
 * True unless the user's doctor or home is deactivated (a deactivated doctor's or home's users
 * cannot sign in until it is reactivated). Written against "users" explicitly, because
 * Drizzle leaves columns of a single-table select unqualified inside sql templates.
 */
export function assignmentActive(): SQL<boolean> {
  return sql<boolean>`(not exists (select 1 from ${doctors} where ${doctors.id} = "users"."doctor_id" and ${doctors.deactivatedAt} is not null)
    and not exists (select 1 from ${homes} where ${homes.id} = "users"."home_id" and ${homes.deactivatedAt} is not null))`;
}
