import {
  TASK_OPEN_STATUSES,
  TASK_TRANSITION_NAMES,
  TASK_TRANSITIONS,
  type TaskActionState,
  type TaskRowAction,
  type TaskRowActions,
  type TaskStatus,
  type TaskTransitionRule,
  transitionPermissions,
  transitionSources,
} from '@mediport/contracts';
import type { PermissionName } from '@mediport/permissions';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { type TaskAction, taskPolicy, type TaskSubject } from '../../core/permissions/policies/index.js';

/** One row action: the policy action that decides it, the permissions that offer it, and what limits it besides the caller. */
interface RowActionRule {
  name: TaskRowAction;
  action: TaskAction;
  permissions: readonly string[];
  /** The statuses it may start from (else 'status'). */
  statuses?: readonly TaskStatus[];
  /** The task types it is for (else 'type'). */
  types?: readonly string[];
}

const RULES: readonly RowActionRule[] = [
  ...TASK_TRANSITION_NAMES.map((name): RowActionRule => {
    const rule: TaskTransitionRule = TASK_TRANSITIONS[name];
    return { name, action: name, permissions: transitionPermissions(name), statuses: transitionSources(name), types: rule.types?.map(String) };
  }),
  { name: 'edit', action: 'update', permissions: ['task_action_edit_view'], statuses: TASK_OPEN_STATUSES },
  { name: 'print', action: 'content', permissions: ['task_action_print_view'] },
  { name: 'chat', action: 'content', permissions: ['task_list_view'] },
];

const holds = (auth: AuthContext, permissions: readonly string[]) =>
  permissions.some((p) => {
    const grant = auth.grant(p as PermissionName);
    return grant === 'all' || grant === 'own';
  });

/** The rules of the actions a caller holds a permission for, chosen once per request. */
const heldBy = new WeakMap<AuthContext, readonly RowActionRule[]>();

/**
 * What the caller may do with one order now, as the Task policy decides it, and why not: the
 * screens render these and never recompute the status machine. Actions the caller holds no
 * permission for are left out.
 */
export function taskRowActions(auth: AuthContext, task: TaskSubject): TaskRowActions {
  let held = heldBy.get(auth);
  if (!held) heldBy.set(auth, (held = RULES.filter((rule) => holds(auth, rule.permissions))));
  const out: TaskRowActions = {};
  for (const rule of held) {
    let state: TaskActionState = true;
    if (!taskPolicy.can(auth, rule.action, task)) {
      if (rule.statuses && !rule.statuses.includes(task.status as TaskStatus)) state = 'status';
      else if (rule.types && !rule.types.includes(task.type)) state = 'type';
      else state = 'scope';
    }
    out[rule.name] = state;
  }
  return out;
}
