import { sql } from 'drizzle-orm';
import { patients, tasks } from '../../../db/schema/index.js';
import { qualified } from '../../http/list.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { cond, type Condition, FALSE } from './condition.js';
import { type RecordState, stateColumn } from './masterdata.policy.js';
import { byGrant, definePolicy, type RecordPolicy } from './policy.js';

/** A patient as the policy sees it. */
export interface PatientSubject {
  [field: string]: string | readonly string[] | null | undefined;
  id: string;
  home: string | null;
  state: RecordState;
  /** Doctors this patient has orders (tasks) for; a doctor user's patients are those of its orders. */
  orderDoctors?: readonly string[];
}

/** The doctors of a patient's orders, for the list's WHERE and for loading one patient's subject. */
export const PATIENT_ORDER_DOCTORS = sql<string[]>`array(select distinct t.doctor_id::text from ${tasks} t where t.patient_id = ${qualified(patients.id)} and t.doctor_id is not null)`;

export type PatientAction =
  /** Create a patient with these fields (the form as it would be saved). */
  | 'create'
  /** Edit an active patient (also: the patient as saved). */
  | 'update'
  | 'deactivate'
  /** Reactivate a deactivated patient: whoever may deactivate may undo it. */
  | 'reactivate';

/**
 * `_own` for patients: a home user's are the patients of the own home; a doctor user's are the
 * patients it has orders (tasks) for.
 */
function own(auth: AuthContext): Condition {
  const ofOwnDoctorsOrders = auth.user.doctorId ? cond.has('orderDoctors', auth.user.doctorId) : FALSE;
  return cond.or(cond.eq('home', auth.user.homeId), ofOwnDoctorsOrders);
}

function rule(auth: AuthContext, action: PatientAction | 'read'): Condition {
  const scoped = (permission: Parameters<AuthContext['grant']>[0]) => byGrant(auth, permission, () => own(auth));
  switch (action) {
    case 'read':
      return scoped('patient_list_view');
    case 'create':
      return scoped('patient_create_view');
    case 'update':
      return cond.and(scoped('patient_edit_view'), cond.eq('state', 'active'));
    case 'deactivate':
    case 'reactivate':
      return scoped('patient_delete_view');
  }
}

export const patientPolicy: RecordPolicy<PatientAction, PatientSubject> = definePolicy({
  subject: 'Patient',
  columns: { id: patients.id, home: patients.homeId, state: stateColumn(patients.deactivatedAt), orderDoctors: PATIENT_ORDER_DOCTORS },
  rule,
});
