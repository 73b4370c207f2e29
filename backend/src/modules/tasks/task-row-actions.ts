import { type TaskActionState, type TaskRowAction, type TaskRowActions, type TaskStatus, type TaskTransitionRule } from '@mediport/contracts';
import { TASK_OPEN_STATUSES, TASK_TRANSITION_NAMES, TASK_TRANSITIONS } from '@mediport/contracts/task-machine';
import type { PermissionName } from '@mediport/permissions';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { type TaskAction, taskPolicy, type TaskSubject } from '../../core/permissions/policies/index.js';

/** One row action: the policy action that decides it, its ways (a permission and the statuses it starts from), its task types. */
interface RowActionRule {
  name: TaskRowAction;
  action: TaskAction;
  ways: readonly { permission: string; from?: readonly TaskStatus[] }[];
  /** The task types it is for (else 'type'). */
  types?: readonly string[];
}

const RULES: readonly RowActionRule[] = [
  ...TASK_TRANSITION_NAMES.map((name): RowActionRule => {
    const rule: TaskTransitionRule = TASK_TRANSITIONS[name];
    return { name, action: name, ways: rule.ways, types: rule.types?.map(String) };
  }),
  { name: 'edit', action: 'update', ways: [{ permission: 'task_action_edit_view', from: TASK_OPEN_STATUSES }] },
  { name: 'print', action: 'content', ways: [{ permission: 'task_action_print_view' }] },
  { name: 'chat', action: 'content', ways: [{ permission: 'task_list_view' }] },
];

const holds = (auth: AuthContext, permission: string) => {
  const grant = auth.grant(permission as PermissionName);
  return grant === 'all' || grant === 'own';
};

/** A row action as one caller holds it: the statuses of the ways it holds (undefined: any). */
interface HeldAction {
  rule: RowActionRule;
  statuses: readonly TaskStatus[] | undefined;
}

/** The actions a caller holds a permission for, chosen once per request. */
const heldBy = new WeakMap<AuthContext, readonly HeldAction[]>();

function held(auth: AuthContext): readonly HeldAction[] {
  let out = heldBy.get(auth);
  if (!out) {
    out = RULES.flatMap((rule) => {
      const ways = rule.ways.filter((way) => holds(auth, way.permission));
      if (!ways.length) return [];
      const statuses = ways.every((way) => way.from) ? [...new Set(ways.flatMap((way) => way.from!))] : undefined;
      return [{ rule, statuses }];
    });
    heldBy.set(auth, out);
  }
  return out;
}

/**
 * What the caller may do with one order now, as the Task policy decides it, and why not: the
 * screens render these and never recompute the status machine. Actions the caller holds no
 * permission for are left out.
 */
export function taskRowActions(auth: AuthContext, task: TaskSubject): TaskRowActions {
  const out: TaskRowActions = {};
  for (const { rule, statuses } of held(auth)) {
    let state: TaskActionState = true;
    if (!taskPolicy.can(auth, rule.action, task)) {
      if (statuses && !statuses.includes(task.status as TaskStatus)) state = 'status';
      else if (rule.types && !rule.types.includes(task.type)) state = 'type';
      else state = 'scope';
    }
    out[rule.name] = state;
  }
  return out;
}
