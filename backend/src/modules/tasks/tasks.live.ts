import { Injectable } from '@nestjs/common';
import { SOCKET_EVENTS, type SocketEventPayloads } from '@mediport/contracts';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { taskPolicy } from '../../core/permissions/policies/index.js';
import { RealtimeGateway } from '../../core/realtime/realtime.gateway.js';

/** What decides who may see a task (the Task policy's fields). */
export interface LiveTask {
  id: string;
  homeId: string | null;
  doctorId: string | null;
  status: string;
}

/** The rooms whose sockets the Task policy admits to `task` under `action` (the row, or its chat). */
export function taskRooms(task: LiveTask, action: 'read' | 'content' = 'read'): string[] {
  return taskPolicy.audience({ id: task.id, home: task.homeId, doctor: task.doctorId, status: task.status, type: '' }, action);
}

/**
 * The orders' live channel: it tells the clients of new orders, new events and changed orders.
 * Payloads carry ids only; clients refetch through the API, which applies the policy. Announced
 * after the surrounding unit of work committed (immediately when there is none).
 */
@Injectable()
export class TasksLive {
  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  taskCreated(task: LiveTask): void {
    this.announce(task, SOCKET_EVENTS.newTask, { taskId: task.id });
  }

  /** Status or fields changed. `before` is the task as it was, so sockets that could see it then learn it left their view. */
  taskChanged(task: LiveTask, before?: LiveTask): void {
    const payload = { taskId: task.id, status: task.status };
    this.unitOfWork.afterCommit(() => this.gateway.emitTo([...new Set([...taskRooms(task), ...(before ? taskRooms(before) : [])])], SOCKET_EVENTS.taskChanged, payload));
  }

  /** A new entry of the task's feed: for those who may read its chat. */
  eventCreated(task: LiveTask, eventId: string): void {
    this.announce(task, SOCKET_EVENTS.newEvent, { taskId: task.id, eventId }, 'content');
  }

  private announce<E extends keyof SocketEventPayloads>(task: LiveTask, event: E, payload: SocketEventPayloads[E], action: 'read' | 'content' = 'read'): void {
    this.unitOfWork.afterCommit(() => this.gateway.emitTo(taskRooms(task, action), event, payload));
  }
}
