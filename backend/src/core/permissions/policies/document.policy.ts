import { documents } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { cond, type Condition, FALSE } from './condition.js';
import { byGrant, definePolicy, ownHomeOrDoctor, type RecordPolicy } from './policy.js';

/** A prescription request as the policy sees it: its doctor, and its care home when its orders are all of one. */
export interface DocumentSubject {
  [field: string]: string | null | undefined;
  id: string;
  home: string | null;
  doctor: string | null;
}

/**
 * Send a failed request again ('Erneut senden'); mark it confirmed by the practice ('bestätigt');
 * record that its prescription came in ('Rezept eingegangen').
 */
export type DocumentAction = 'resend' | 'confirm' | 'receive';

/**
 * Prescription requests are read like the orders they ask for: a full orders-list grant (pharmacy,
 * administrator) reads every one; an `_own` grant a home's requests for its orders and a doctor's
 * those addressed to it. A request for orders of several homes is the pharmacy's only. Sending
 * one again and recording the prescription take the right to send them (`document_create`), in the
 * same scope; confirming it also the practice it is addressed to.
 */
function rule(auth: AuthContext, action: DocumentAction | 'read'): Condition {
  const own = () => ownHomeOrDoctor(auth, { home: 'home', doctor: 'doctor' });
  if (action === 'read') return byGrant(auth, 'task_list_view', own);
  const sender = byGrant(auth, 'document_create', own);
  // The practice a request is addressed to confirms it itself (its doctor's users who see their orders).
  if (action === 'confirm') return cond.or(sender, auth.grant('task_list_view') === 'all' || auth.grant('task_list_view') === 'own' ? cond.eq('doctor', auth.user.doctorId) : FALSE);
  return sender;
}

export const documentPolicy: RecordPolicy<DocumentAction, DocumentSubject> = definePolicy<DocumentAction, DocumentSubject>({
  subject: 'Document',
  columns: { id: documents.id, home: documents.homeId, doctor: documents.doctorId },
  rule,
});
