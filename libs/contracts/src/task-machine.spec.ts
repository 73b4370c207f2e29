import { TASK_STATUSES, type TaskStatus } from './tasks.js';
import { TASK_TRANSITION_NAMES, TASK_TRANSITIONS, transitionPermissions, transitionSources, transitionTo } from './task-machine.js';

/** The status machine as a table: from each status, the statuses an order may move to. */
const EXPECTED: Record<TaskStatus, TaskStatus[]> = {
  new: ['pickup', 'finished', 'canceled'],
  pickup: ['delivery', 'finished', 'canceled', 'new'],
  delivery: ['finished', 'canceled', 'new'],
  finished: ['new'],
  canceled: ['finished', 'new'],
};

describe('the order status machine', () => {
  it('moves between statuses exactly as the table says', () => {
    const actual = Object.fromEntries(TASK_STATUSES.map((from) => [from, TASK_TRANSITION_NAMES.filter((name) => transitionSources(name).includes(from)).map((name) => TASK_TRANSITIONS[name].to)]));
    expect(actual).toEqual(EXPECTED);
  });

  it('has one transition per target status, and never one to the status an order already has', () => {
    for (const status of TASK_STATUSES) {
      const name = transitionTo(status);
      expect(TASK_TRANSITIONS[name].to).toBe(status);
      expect(TASK_TRANSITION_NAMES.filter((n) => TASK_TRANSITIONS[n].to === status)).toHaveLength(1);
      expect(transitionSources(name)).not.toContain(status);
    }
  });

  it('hands only orders, prescriptions in the living area and at the practice to the drivers, never a self-purchase', () => {
    expect(TASK_TRANSITIONS.pickup.types).toEqual([1, 3, 4]);
  });

  it('lets the pickup list finish and return orders on the road with its own permissions', () => {
    expect(transitionPermissions('finish')).toEqual(['task_action_finish_view', 'pickup_task_solve_view']);
    expect(transitionPermissions('reopen')).toEqual(['task_action_reopen_view', 'pickup_task_back_view']);
    expect(TASK_TRANSITIONS.finish.ways[1].from).toEqual(['pickup', 'delivery']);
    expect(TASK_TRANSITIONS.reopen.ways[1].from).toEqual(['pickup', 'delivery']);
    expect(transitionPermissions('deliver')).toEqual(['pickup_task_delivery_view']);
  });
});
