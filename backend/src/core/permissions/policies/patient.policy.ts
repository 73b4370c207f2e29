import { patients } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { cond, type Condition, FALSE } from './condition.js';
import { type RecordState, stateColumn } from './masterdata.policy.js';
import { byGrant, definePolicy, type RecordPolicy } from './policy.js';

/** A patient as the policy sees it. */
export interface PatientSubject {
  [field: string]: string | null | undefined;
  id: string;
  home: string | null;
  state: RecordState;
}

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
 * patients it has orders for. Orders do not exist yet, so the doctor side is FALSE until the
 * orders issue adds the condition (patients with a task of the caller's doctor).
 */
function own(auth: AuthContext): Condition {
  // The orders issue replaces FALSE with "has a task of auth.user.doctorId" (a field of the subject and its SQL column).
  const ofOwnDoctorsOrders = FALSE;
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
  columns: { id: patients.id, home: patients.homeId, state: stateColumn(patients.deactivatedAt) },
  rule,
});
