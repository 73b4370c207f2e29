import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { ContractState, ContractType } from '@mediport/contracts/shop';
import { contracts } from '../../db/schema/index.js';

/**
 * Which contract unlocks the `_required_contract` permissions of a home's or a practice's users
 * ("in force"): a care home's contract whoever pays it, a practice's only when the practice pays
 * (a taken-over contract: the pharmacy's contract with login is not enough). It must have begun;
 * booked contracts renew on the day after their end, so they stay in force until cancelled; a
 * cancelled contract is in force until its last day. A pending takeover request changes nothing.
 *
 * One rule, written twice: as SQL for the session query and the lists (`contractInForceSql`), and
 * for one loaded row (`contractInForce`); contracts.rights.e2e-spec.ts (modules/contracts) holds them together.
 */
export const RUNNING_STATES: readonly ContractState[] = ['booked', 'adoption_request', 'adoption_request_pharma'];

export interface ContractRightsRow {
  homeId: string | null;
  doctorId: string | null;
  type: ContractType;
  state: ContractState;
  /** YYYY-MM-DD */
  validFrom: string | null;
  validTo: string | null;
}

/** Whether the contract is in force on `today` (YYYY-MM-DD, the German calendar date). */
export function contractInForce(row: ContractRightsRow, today: string): boolean {
  if (!row.homeId && !(row.doctorId && row.type === 'ROLE_DOCTOR')) return false;
  return contractRunning(row, today);
}

/**
 * Whether the contract runs on `today` whoever pays it: begun, and running on or cancelled to a
 * last day not before today (a taken-over contract has ended: the partner's own one runs instead).
 */
export function contractRunning(row: Pick<ContractRightsRow, 'state' | 'validFrom' | 'validTo'>, today: string): boolean {
  if (!row.validFrom || row.validFrom > today) return false;
  if (RUNNING_STATES.includes(row.state)) return true;
  return row.state === 'canceled' && !!row.validTo && row.validTo >= today;
}

type Today = string | Placeholder | SQL;

/** The condition on the contracts row aliased `c`. */
function inForce(today: Today): SQL {
  return sql`c.valid_from <= ${today}::date and (c.state in ('booked', 'adoption_request', 'adoption_request_pharma') or (c.state = 'canceled' and c.valid_to >= ${today}::date))`;
}

/**
 * SQL: a contract in force on `today` exists for the home and/or doctor (expressions of the outer
 * query, e.g. `users.home_id`); either may be null.
 */
export function hasContractSql(owner: { home?: SQL; doctor?: SQL }, today: Today): SQL {
  const parts: SQL[] = [];
  if (owner.home) parts.push(sql`(c.home_id = ${owner.home})`);
  if (owner.doctor) parts.push(sql`(c.doctor_id = ${owner.doctor} and c.type = 'ROLE_DOCTOR')`);
  if (!parts.length) return sql`false`;
  return sql`exists (select 1 from ${contracts} c where (${sql.join(parts, sql` or `)}) and ${inForce(today)})`;
}

/**
 * Today in Germany by the database's clock, for conditions that are fixed SQL (a policy's field
 * columns, list columns). Requests that decide rights use the application's Clock instead.
 */
export const BERLIN_TODAY: SQL = sql`(now() at time zone 'Europe/Berlin')::date`;
