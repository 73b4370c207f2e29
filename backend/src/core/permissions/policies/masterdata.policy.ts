import { type SQL, sql } from 'drizzle-orm';
import { doctorOffices, doctors, homeGroups, homes } from '../../../db/schema/index.js';
import { BERLIN_TODAY, hasContractSql } from '../contract-rights.js';
import { qualified } from '../../http/list.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { cond, type Condition, FALSE, TRUE } from './condition.js';
import { byGrant, definePolicy, type RecordPolicy } from './policy.js';

/**
 * Master data: homes, their living areas, doctors and doctors' practices.
 * Each `_own` grant narrows to the caller's own home / doctor; the deactivation actions have no
 * `_own` form in the catalogue, so they follow the full grant only.
 */

/** 'active' or 'deactivated': the soft-delete state of a record as policies compare it. */
export type RecordState = 'active' | 'deactivated';

/** The state of a row with a `deactivated_at` column, as SQL (for policy columns). */
export function stateColumn(deactivatedAt: SQL | { getSQL(): SQL }): SQL {
  return sql`(case when ${deactivatedAt} is null then 'active' else 'deactivated' end)`;
}

export function stateOf(deactivatedAt: Date | null): RecordState {
  return deactivatedAt ? 'deactivated' : 'active';
}

const active = cond.eq('state', 'active');
const isAdminOrManager = (auth: AuthContext) => auth.user.roles.includes('ROLE_ADMIN') || auth.user.roles.includes('ROLE_MANAGER');

// ---- Home ----

/** A home as the policy sees it. `contract` is 'active' while the home has a contract. */
export interface HomeSubject {
  [field: string]: string | null | undefined;
  id: string;
  state: RecordState;
  contract: string;
}

export type HomeAction =
  | 'create'
  | 'update'
  | 'deactivate'
  | 'reactivate'
  /** Change the sender settings (name, phone, fax, logo): admin or manager, only on a home with an active contract. */
  | 'sender'
  /** Add, rename or delete living areas. */
  | 'groups';

const ownHome = (auth: AuthContext) => () => cond.eq('id', auth.user.homeId);

function homeRule(auth: AuthContext, action: HomeAction | 'read'): Condition {
  switch (action) {
    case 'read':
      return byGrant(auth, 'home_list_view', ownHome(auth));
    case 'create':
      return byGrant(auth, 'home_create_view', () => FALSE);
    case 'update':
      return cond.and(byGrant(auth, 'home_edit_view', ownHome(auth)), active);
    case 'deactivate':
    case 'reactivate':
      return byGrant(auth, 'home_delete_view', () => FALSE);
    case 'sender':
      return cond.and(homeRule(auth, 'update'), isAdminOrManager(auth) ? TRUE : FALSE, cond.eq('contract', 'active'));
    case 'groups':
      return cond.and(byGrant(auth, 'home_group_edit_view', ownHome(auth)), active);
  }
}

export const homePolicy: RecordPolicy<HomeAction, HomeSubject> = definePolicy({
  subject: 'Home',
  columns: {
    id: homes.id,
    state: stateColumn(homes.deactivatedAt),
    contract: sql`(case when ${hasContractSql({ home: qualified(homes.id) }, BERLIN_TODAY)} then 'active' else '' end)`,
  },
  rule: homeRule,
});

// ---- Living area ----

export interface HomeGroupSubject {
  [field: string]: string | null | undefined;
  id: string;
  home: string;
}

export type HomeGroupAction = 'update' | 'delete';

function homeGroupRule(auth: AuthContext, action: HomeGroupAction | 'read'): Condition {
  const own = () => cond.eq('home', auth.user.homeId);
  return action === 'read' ? byGrant(auth, 'home_list_view', own) : byGrant(auth, 'home_group_edit_view', own);
}

export const homeGroupPolicy: RecordPolicy<HomeGroupAction, HomeGroupSubject> = definePolicy({
  subject: 'HomeGroup',
  columns: { id: homeGroups.id, home: homeGroups.homeId },
  rule: homeGroupRule,
});

// ---- Doctor ----

export interface DoctorSubject {
  [field: string]: string | null | undefined;
  id: string;
  state: RecordState;
}

export type DoctorAction = 'create' | 'update' | 'deactivate' | 'reactivate';

function doctorRule(auth: AuthContext, action: DoctorAction | 'read'): Condition {
  const own = () => cond.eq('id', auth.user.doctorId);
  switch (action) {
    case 'read':
      return byGrant(auth, 'doctor_list_view', own);
    case 'create':
      return byGrant(auth, 'doctor_create_view', () => FALSE);
    case 'update':
      return cond.and(byGrant(auth, 'doctor_edit_view', own), active);
    case 'deactivate':
    case 'reactivate':
      return byGrant(auth, 'doctor_delete_view', () => FALSE);
  }
}

export const doctorPolicy: RecordPolicy<DoctorAction, DoctorSubject> = definePolicy({
  subject: 'Doctor',
  columns: { id: doctors.id, state: stateColumn(doctors.deactivatedAt) },
  rule: doctorRule,
});

// ---- Doctor's practice ----

/** A practice as the policy sees it: its doctors' ids (a doctor user's own practice is the one listing its doctor). */
export interface DoctorOfficeSubject {
  [field: string]: string | readonly string[] | null | undefined;
  id: string;
  doctors: readonly string[];
}

export type DoctorOfficeAction = 'create' | 'update' | 'delete';

function officeRule(auth: AuthContext, action: DoctorOfficeAction | 'read'): Condition {
  const own = () => (auth.user.doctorId ? cond.has('doctors', auth.user.doctorId) : FALSE);
  switch (action) {
    case 'read':
      return byGrant(auth, 'doctor_office_list_view', own);
    case 'create':
      return byGrant(auth, 'doctor_office_create_view', () => FALSE);
    case 'update':
      return byGrant(auth, 'doctor_office_edit_view', own);
    case 'delete':
      return byGrant(auth, 'doctor_office_delete_view', () => FALSE);
  }
}

export const doctorOfficePolicy: RecordPolicy<DoctorOfficeAction, DoctorOfficeSubject> = definePolicy({
  subject: 'DoctorOffice',
  columns: {
    id: doctorOffices.id,
    doctors: sql`array(select d.id::text from ${doctors} d where d.office_id = ${qualified(doctorOffices.id)})`,
  },
  rule: officeRule,
});
