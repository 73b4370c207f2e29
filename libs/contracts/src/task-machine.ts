import { PICKUP_TASK_TYPES, type TaskStatus, type TaskType } from './tasks.js';

/**
 * The status machine of an order, for the server (which enforces it) and the screens (which show
 * what the server says a user may do with a row). Each transition leads to one status; it is
 * allowed from the statuses of one of its ways, with that way's matrix permission.
 */
export interface TaskTransitionWay {
  /** The matrix permission of this way (full or `_own`). */
  readonly permission: string;
  readonly from: readonly TaskStatus[];
}

export interface TaskTransitionRule {
  readonly to: TaskStatus;
  readonly ways: readonly TaskTransitionWay[];
  /** Only tasks of these types take the transition. */
  readonly types?: readonly TaskType[];
}

/** Statuses in which an order is still open (editable, cancellable). */
export const TASK_OPEN_STATUSES = ['new', 'pickup', 'delivery'] as const satisfies readonly TaskStatus[];
/** Statuses of an order handed to the drivers. */
export const TASK_ON_THE_ROAD_STATUSES = ['pickup', 'delivery'] as const satisfies readonly TaskStatus[];

export const TASK_TRANSITIONS = {
  /**
   * 'Abholauftrag erzeugen': a new order goes to the drivers, on the orders list or with the pickup
   * sheet of the pickup list; never a self-purchase.
   */
  pickup: {
    to: 'pickup',
    ways: [
      { permission: 'task_action_pickup_view', from: ['new'] },
      { permission: 'pickup_create_view', from: ['new'] },
    ],
    types: PICKUP_TASK_TYPES,
  },
  /** The driver sets out ('ausliefern'). */
  deliver: { to: 'delivery', ways: [{ permission: 'pickup_task_delivery_view', from: ['pickup'] }] },
  /** 'Vorgang abschließen' on the orders list (also a cancelled order), or 'Rezept abgeholt' on the pickup list. */
  finish: {
    to: 'finished',
    ways: [
      { permission: 'task_action_finish_view', from: ['new', 'pickup', 'delivery', 'canceled'] },
      { permission: 'pickup_task_solve_view', from: TASK_ON_THE_ROAD_STATUSES },
    ],
  },
  /** 'Stornieren' of an open order. */
  cancel: { to: 'canceled', ways: [{ permission: 'task_action_cancel_view', from: TASK_OPEN_STATUSES }] },
  /** 'Wieder öffnen' of a closed order, or the driver's 'Zurück geben' to the home. */
  reopen: {
    to: 'new',
    ways: [
      { permission: 'task_action_reopen_view', from: ['finished', 'canceled'] },
      { permission: 'pickup_task_back_view', from: TASK_ON_THE_ROAD_STATUSES },
    ],
  },
} as const satisfies Record<string, TaskTransitionRule>;

export type TaskTransition = keyof typeof TASK_TRANSITIONS;
export const TASK_TRANSITION_NAMES = Object.keys(TASK_TRANSITIONS) as TaskTransition[];

/** The one transition that leads to `status`. */
export function transitionTo(status: TaskStatus): TaskTransition {
  return TASK_TRANSITION_NAMES.find((name) => TASK_TRANSITIONS[name].to === status)!;
}

/** Every status a transition may start from, whatever the way. */
export function transitionSources(name: TaskTransition): TaskStatus[] {
  return [...new Set<TaskStatus>(TASK_TRANSITIONS[name].ways.flatMap((way) => way.from))];
}

/** The permissions that can allow a transition. */
export function transitionPermissions(name: TaskTransition): string[] {
  return TASK_TRANSITIONS[name].ways.map((way) => way.permission);
}

/**
 * What a user may do with one order row, as the server answers it in `TaskDto.actions`: the
 * transitions, editing the fields, the print sheet and the chat. An action the user holds no
 * permission for is absent (its slot is not shown).
 */
export type TaskRowAction = TaskTransition | 'edit' | 'print' | 'chat';

/**
 * `true`: allowed now. Otherwise why not: `status` — not from the order's current status;
 * `type` — not for the order's type; `scope` — not for this order (another home's or practice's).
 */
export type TaskActionState = true | 'status' | 'type' | 'scope';

export type TaskRowActions = Partial<Record<TaskRowAction, TaskActionState>>;
