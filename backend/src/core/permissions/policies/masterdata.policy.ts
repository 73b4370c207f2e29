import { doctors, homes } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { cond, type Condition } from './condition.js';
import { byGrant, definePolicy, type RecordPolicy } from './policy.js';

/**
 * Homes and doctors as far as they exist today (dashboard counts, user-form lookups). The
 * master-data issue adds its actions (create, update, deactivate …) to these same policies.
 */
export interface OwnedIdSubject {
  [field: string]: string | null | undefined;
  id: string;
}

export const homePolicy: RecordPolicy<never, OwnedIdSubject> = definePolicy({
  subject: 'Home',
  columns: { id: homes.id },
  rule: (auth: AuthContext): Condition => byGrant(auth, 'home_list_view', () => cond.eq('id', auth.user.homeId)),
});

export const doctorPolicy: RecordPolicy<never, OwnedIdSubject> = definePolicy({
  subject: 'Doctor',
  columns: { id: doctors.id },
  rule: (auth: AuthContext): Condition => byGrant(auth, 'doctor_list_view', () => cond.eq('id', auth.user.doctorId)),
});
