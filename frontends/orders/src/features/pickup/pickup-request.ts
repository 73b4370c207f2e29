import { PICKUP_TASK_TYPES } from '@mediport/contracts';
import { TASK_ON_THE_ROAD_STATUSES } from '@mediport/contracts/task-machine';
import { PICKUP_MAX_TASKS } from '@mediport/contracts/delivery';

/** The pharmacy's two views: orders ready for a pickup sheet, and orders with the drivers. */
export type PickupView = 'ready' | 'road';
/** The rows grouped by the stop a driver goes to. */
export type PickupGrouping = 'doctor' | 'home';

/** What the page keeps in its URL (`?view=ready&group=home&home=…&doctor=…&notSeen=1`). */
export interface PickupFilters {
  home: string;
  doctor: string;
  notSeen: boolean;
}

/**
 * GET /api/tasks of a view: up to 999 orders (the pickup screen loads them all, no pages).
 * "Unterwegs" asks with `filter[pickup]=1`, so "neu" and "nur neue" follow the pickup seen marks
 * (new to a driver since it was handed over); "Abholbereit" lists new orders of the types a
 * pickup sheet takes, with the orders' own seen marks.
 */
export function pickupQuery(view: PickupView, filters: PickupFilters): Record<string, string | number> {
  const query: Record<string, string | number> =
    view === 'road'
      ? { 'filter[status]': TASK_ON_THE_ROAD_STATUSES.join(','), 'filter[pickup]': '1' }
      : { 'filter[status]': 'new', 'filter[type]': PICKUP_TASK_TYPES.join(',') };
  if (filters.home) query['filter[home]'] = filters.home;
  if (filters.doctor) query['filter[doctor]'] = filters.doctor;
  if (filters.notSeen) query['filter[notSeen]'] = '1';
  return { ...query, offset: 0, limit: PICKUP_MAX_TASKS };
}
