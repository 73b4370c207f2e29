import {
  TASK_OPEN_STATUSES,
  TASK_TRANSITION_NAMES,
  TASK_TRANSITIONS,
  type TaskActionState,
  type TaskRowAction,
  type TaskRowActions,
  type TaskStatus,
  transitionPermissions,
  transitionSources,
} from '@mediport/contracts';
import type { PermissionName } from '@mediport/permissions';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { type TaskAction, taskPolicy, type TaskSubject } from '../../core/permissions/policies/index.js';

/** The row actions beside the transitions: the policy action that decides each, and its permissions. */
const OTHER_ACTIONS: { name: Exclude<TaskRowAction, keyof typeof TASK_TRANSITIONS>; action: TaskAction; permissions: PermissionName[]; statuses?: readonly TaskStatus[] }[] = [
  { name: 'edit', action: 'update', permissions: ['task_action_edit_view'], statuses: TASK_OPEN_STATUSES },
  { name: 'print', action: 'content', permissions: ['task_action_print_view'] },
  { name: 'chat', action: 'content', permissions: ['task_list_view'] },
];

const holds = (auth: AuthContext, permissions: readonly string[]) => permissions.some((p) => { const grant = auth.grant(p as PermissionName); return grant === 'all' || grant === 'own'; });

/**
 * What the caller may do with one order now, as the Task policy decides it, and why not: the
 * screens render these and never recompute the status machine. Actions the caller holds no
 * permission for are left out.
 */
export function taskRowActions(auth: AuthContext, task: TaskSubject): TaskRowActions {
  const out: TaskRowActions = {};
  const status = task.status as TaskStatus;
  for (const name of TASK_TRANSITION_NAMES) {
    if (!holds(auth, transitionPermissions(name))) continue;
    const rule = TASK_TRANSITIONS[name];
    let state: TaskActionState = true;
    if (!taskPolicy.can(auth, name, task)) {
      if (!transitionSources(name).includes(status)) state = 'status';
      else if ('types' in rule && !rule.types.map(String).includes(task.type)) state = 'type';
      else state = 'scope';
    }
    out[name] = state;
  }
  for (const other of OTHER_ACTIONS) {
    if (!holds(auth, other.permissions)) continue;
    out[other.name] = taskPolicy.can(auth, other.action, task) ? true : other.statuses && !other.statuses.includes(status) ? 'status' : 'scope';
  }
  return out;
}
