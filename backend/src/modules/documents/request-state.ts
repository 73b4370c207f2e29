import { REQUEST_STATES, REQUEST_UNANSWERED_STATES, type DocumentPriority, type RequestState } from '@mediport/contracts/documents';
import type { RecipeReminderConfig } from '../../core/config/app-config.js';
import { addWorkingDays } from '../../core/clock/working-days.js';

/** How far a request has come; a failed one stands where a new one stands. */
const RANK: Record<RequestState, number> = { requested: 0, failed: 0, submitted: 1, delivered: 2, confirmed: 3, received: 4 };

/**
 * The states from which a request moves to `to`. Requests only move forward (a late report of the
 * fax gateway never takes back the practice's answer); 'failed' only before delivery; 'requested'
 * again only from 'failed' ('Erneut senden').
 */
export function requestSources(to: RequestState): RequestState[] {
  if (to === 'failed') return ['requested', 'submitted'];
  if (to === 'requested') return ['failed'];
  return REQUEST_STATES.filter((s) => RANK[s] < RANK[to]);
}

/** The practice has not answered yet: a reminder may be due. */
export const isUnanswered = (state: RequestState): boolean => (REQUEST_UNANSWERED_STATES as readonly RequestState[]).includes(state);

/** A request's standing over its orders: failed when one failed, else the least advanced one's state. */
export function requestProgress(states: readonly RequestState[], fallback: RequestState): RequestState {
  if (!states.length) return fallback;
  if (states.includes('failed')) return 'failed';
  return states.reduce((least, s) => (RANK[s] < RANK[least] ? s : least));
}

/** When a request sent at `sentAt` is reminded unless answered: `urgentHours` later for 'dringend', else `workingDays` working days later. */
export function reminderDue(sentAt: Date, priority: DocumentPriority, config: RecipeReminderConfig): Date {
  return priority === 'urgent' ? new Date(sentAt.getTime() + config.urgentHours * 3_600_000) : addWorkingDays(sentAt, config.workingDays);
}
