import { DOCUMENT_MESSAGES, DOCUMENT_SUPPLY_DAYS_MAX, type DocumentCreateGroup, type DocumentPriority, type DocumentReason } from '@mediport/contracts/documents';

/** What a doctor's card says of the request beside its text: the reason, the priority and (follow-up) the remaining supply as typed. */
export interface RequestOptions {
  reason: DocumentReason;
  priority: DocumentPriority;
  /** Days as typed ('' when unknown). */
  supplyDays: string;
}

export const DEFAULT_REQUEST_OPTIONS: RequestOptions = { reason: 'follow-up', priority: 'normal', supplyDays: '' };

/** The remaining supply's error message, or null: blank, or whole days 0–365 (the server's rule). */
export function supplyDaysError(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  return /^\d{1,3}$/.test(t) && Number(t) <= DOCUMENT_SUPPLY_DAYS_MAX ? null : DOCUMENT_MESSAGES.supplyDays;
}

/** The options as POST /api/documents takes them; a remaining supply only for a follow-up prescription. */
export function requestOptionsBody(o: RequestOptions): Pick<DocumentCreateGroup, 'reason' | 'priority' | 'supplyDays'> {
  const days = o.supplyDays.trim();
  return { reason: o.reason, priority: o.priority, supplyDays: o.reason === 'follow-up' && days ? Number(days) : null };
}
