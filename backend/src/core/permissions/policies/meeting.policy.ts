import { meetings } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import type { Condition } from './condition.js';
import { byGrant, definePolicy, type RecordPolicy, ownHomeOrDoctor } from './policy.js';

/** A meeting belongs to its contract's party (a home or a doctor). */
export interface MeetingSubject {
  [field: string]: string | null | undefined;
  home: string | null;
  doctor: string | null;
}

export type MeetingAction = 'update';

/**
 * Meetings are for their party, the pharmacy and administrators: a full meeting_list_view grant
 * (pharmacy, admin) sees all; an `_own` grant (home, doctor) only the own party's meetings.
 */
function rule(auth: AuthContext, action: MeetingAction | 'read'): Condition {
  const own = () => ownHomeOrDoctor(auth, { home: 'home', doctor: 'doctor' });
  return action === 'read' ? byGrant(auth, 'meeting_list_view', own) : byGrant(auth, 'meeting_edit_view', own);
}

export const meetingPolicy: RecordPolicy<MeetingAction, MeetingSubject> = definePolicy({
  subject: 'Meeting',
  columns: { home: meetings.homeId, doctor: meetings.doctorId },
  rule,
});
