import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../../core/auth/auth-context.js';

/** A chat message written on an order. */
export interface TaskMessageWritten {
  auth: AuthContext;
  taskId: string;
  eventId: string;
}

/** Orders whose status one caller changed at once (each with the status it left and the one it reached). */
export interface TaskStatusChanged {
  auth: AuthContext;
  changes: { taskId: string; from: string; to: string }[];
}

/** What another area does when an order's feed grows (e.g. the prescription-request tracker). */
export interface TaskHooks {
  messageWritten?(written: TaskMessageWritten): Promise<void>;
  statusChanged?(changed: TaskStatusChanged): Promise<void>;
}

/**
 * The areas that follow the orders register their hooks here (`register` in their onModuleInit),
 * so the orders module need not know them. Every chat message and every status change calls them
 * inside the unit of work that writes it: their rows commit or roll back with the order's, and a
 * hook that throws refuses the write.
 */
@Injectable()
export class TaskHooksRegistry {
  private readonly hooks: TaskHooks[] = [];

  register(hooks: TaskHooks): void {
    this.hooks.push(hooks);
  }

  async messageWritten(written: TaskMessageWritten): Promise<void> {
    for (const hooks of this.hooks) await hooks.messageWritten?.(written);
  }

  async statusChanged(changed: TaskStatusChanged): Promise<void> {
    if (!changed.changes.length) return;
    for (const hooks of this.hooks) await hooks.statusChanged?.(changed);
  }
}
