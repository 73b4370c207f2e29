import { sql } from 'drizzle-orm';
import { type TaskTransition } from '@mediport/contracts';
import { TASK_ON_THE_ROAD_STATUSES, TASK_OPEN_STATUSES, TASK_TRANSITIONS } from '@mediport/contracts/task-machine';
import type { PermissionName } from '@mediport/permissions';
import { tasks } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { cond, type Condition, FALSE, TRUE } from './condition.js';
import { byGrant, definePolicy, ownHomeOrDoctor, type RecordPolicy, type Scope, scopeCondition } from './policy.js';

/** A task as the policy sees it (type as text: conditions compare strings). */
export interface TaskSubject {
  [field: string]: string | null | undefined;
  id: string;
  home: string | null;
  doctor: string | null;
  status: string;
  type: string;
}

export type TaskAction =
  /**
   * What lies inside a task beyond its row: the chat and its attachments, the event feed, the
   * print sheet, and the earlier orders the order form suggests from. Only the orders list's
   * permission admits it; the drivers' pickup list shows the row, never the chat.
   */
  | 'content'
  /** Place an order (the task as it would be saved: home from its patient, its doctor). */
  | 'create'
  /** Edit the fields of an open task. */
  | 'update'
  /** A step of the status machine (TASK_TRANSITIONS: pickup, deliver, finish, cancel, reopen). */
  | TaskTransition
  /** The driver's proof of a delivery to a care home (recipient and signature), which finishes the task. */
  | 'prove'
  /** A problem on the way reported by a driver (an incident in the task's feed). */
  | 'report';

/** The orders list: every task with a full grant; a home user's home's and a doctor user's doctor's with `_own`. */
const ORDERS_LIST: Scope = { permission: 'task_list_view', all: TRUE, own: { home: 'home', doctor: 'doctor' } };

/** The drivers' pickup list: the tasks handed to the drivers, of any home, whichever grant. */
const onTheRoad = cond.in('status', TASK_ON_THE_ROAD_STATUSES);
const PICKUP_LIST: Scope = { permission: 'pickup_list_view', all: onTheRoad, own: { where: onTheRoad } };

function rule(auth: AuthContext, action: Exclude<TaskAction, 'content'> | 'read'): Condition {
  // `_own` for tasks: a home user's are its home's tasks, a doctor user's those addressed to its doctor.
  const scoped = (permission: PermissionName) => byGrant(auth, permission, () => ownHomeOrDoctor(auth, { home: 'home', doctor: 'doctor' }));
  // An action of the orders list (task_action_*) reaches only the rows of the caller's orders list.
  // A home user holds 'Stornieren' as a full grant, scoped by its own list; as a driver too, it
  // sees every order on the road, yet must not cancel another home's: a combination of roles
  // never reaches more than each role alone.
  const onOrdersList = (permission: PermissionName) => cond.and(scoped(permission), scopeCondition(auth, ORDERS_LIST));
  const way = (permission: PermissionName) => (permission.startsWith('task_action_') ? onOrdersList(permission) : scoped(permission));
  switch (action) {
    case 'read':
      // Given as scopes below; never reached.
      return FALSE;
    case 'create':
      return scoped('task_create_view');
    case 'update':
      return cond.and(onOrdersList('task_action_edit_view'), cond.in('status', TASK_OPEN_STATUSES));
    case 'prove':
      return cond.and(scoped('pickup_task_solve_view'), onTheRoad);
    case 'report':
      return cond.and(scoped('pickup_list_view'), onTheRoad);
    default: {
      // A status transition: one of its ways (permission and source statuses), for its task types.
      // The table's permission names are checked against the catalogue here, at compile time.
      const transition = TASK_TRANSITIONS[action];
      const ways = cond.or(...transition.ways.map((w) => cond.and(way(w.permission), cond.in('status', w.from))));
      return 'types' in transition ? cond.and(ways, cond.in('type', transition.types.map(String))) : ways;
    }
  }
}

export const taskPolicy: RecordPolicy<TaskAction, TaskSubject> = definePolicy<TaskAction, TaskSubject>({
  subject: 'Task',
  columns: { id: tasks.id, home: tasks.homeId, doctor: tasks.doctorId, status: tasks.status, type: sql`${tasks.type}::text` },
  // A row is seen on the orders list or on the pickup list; its content only through the orders
  // list. Kept apart so that a user with both a home's and a driver's role reads the chats of its
  // own home's tasks only, not of every task on the road.
  scopes: { read: [ORDERS_LIST, PICKUP_LIST], content: [ORDERS_LIST] },
  rule: (auth, action) => (action === 'content' ? FALSE : rule(auth, action)),
});
