import { documents } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import type { Condition } from './condition.js';
import { byGrant, definePolicy, ownHomeOrDoctor, type RecordPolicy } from './policy.js';

/** A prescription request as the policy sees it: its doctor, and its care home when its orders are all of one. */
export interface DocumentSubject {
  [field: string]: string | null | undefined;
  id: string;
  home: string | null;
  doctor: string | null;
}

/** Send a failed request again ('Erneut senden'). */
export type DocumentAction = 'resend';

/**
 * Prescription requests are read like the orders they ask for: a full orders-list grant (pharmacy,
 * administrator) reads every one; an `_own` grant a home's requests for its orders and a doctor's
 * those addressed to it. A request for orders of several homes is the pharmacy's only. Sending
 * one again takes the right to send them (`document_create`), in the same scope.
 */
function rule(auth: AuthContext, action: DocumentAction | 'read'): Condition {
  const own = () => ownHomeOrDoctor(auth, { home: 'home', doctor: 'doctor' });
  return action === 'read' ? byGrant(auth, 'task_list_view', own) : byGrant(auth, 'document_create', own);
}

export const documentPolicy: RecordPolicy<DocumentAction, DocumentSubject> = definePolicy<DocumentAction, DocumentSubject>({
  subject: 'Document',
  columns: { id: documents.id, home: documents.homeId, doctor: documents.doctorId },
  rule,
});
