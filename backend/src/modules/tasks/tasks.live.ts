import { Injectable } from '@nestjs/common';
import { SOCKET_EVENTS, type SocketEventPayloads } from '@mediport/contracts';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { RealtimeGateway, rooms } from '../../core/realtime/realtime.gateway.js';

/** What decides who may see a task (the Task policy's columns). */
export interface LiveTask {
  id: string;
  homeId: string | null;
  doctorId: string | null;
  status: string;
}

/** The rooms whose sockets may read `task`: as the Task policy's read rule scopes it. */
export function taskRooms(task: LiveTask): string[] {
  const out = [rooms.allTasks];
  if (task.homeId) out.push(rooms.home(task.homeId));
  if (task.doctorId) out.push(rooms.doctor(task.doctorId));
  if (task.status === 'pickup' || task.status === 'delivery') out.push(rooms.pickup);
  return out;
}

/**
 * The orders' live channel (spec part 2 §2 "A live channel pushes new events and unread counts").
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

  eventCreated(task: LiveTask, eventId: string): void {
    this.announce(task, SOCKET_EVENTS.newEvent, { taskId: task.id, eventId });
  }

  private announce<E extends keyof SocketEventPayloads>(task: LiveTask, event: E, payload: SocketEventPayloads[E]): void {
    this.unitOfWork.afterCommit(() => this.gateway.emitTo(taskRooms(task), event, payload));
  }
}
