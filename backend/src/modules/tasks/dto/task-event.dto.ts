import type { PipeTransform } from '@nestjs/common';
import { IsIn, IsString, MaxLength, ValidateBy } from 'class-validator';
import { EVENT_MESSAGE_MAX, EVENT_MESSAGES, TASK_EVENT_TYPES, type TaskEventType } from '@mediport/contracts';
import { AppError } from '../../../core/errors/app-error.js';
import { defineListQuery, flagFilter, LIST_QUERY_MESSAGE, listFilter, type ListQueryOf, ListQueryPipe, textFilter } from '../../../core/http/list-query.js';
import { MultilineText } from '../../../core/validation/multiline-text.js';
import { Optional } from '../../../core/validation/optional.js';
import { isId } from './task-write.dto.js';

const isEventType = (v: string): v is TaskEventType => (TASK_EVENT_TYPES as readonly string[]).includes(v);

/** Most ids one "mark seen" request names. */
const SEEN_IDS_MAX = 1000;

/**
 * The fields of POST /api/tasks/{id}/events (multipart: type, data, files). Both optional here:
 * the service first checks the task, then refuses an empty message with the spec's text.
 */
export class TaskEventWriteDto {
  /** Only chat messages are written through the API; the other types come from the server's own work. */
  @Optional() @IsIn(['message'], { message: EVENT_MESSAGES.type }) type?: 'message';
  @Optional() @MultilineText() @IsString({ message: 'Bitte geben Sie einen Text ein.' }) @MaxLength(EVENT_MESSAGE_MAX, { message: EVENT_MESSAGES.messageTooLong }) data?: string;
}

/** Body of PUT /api/tasks/{id}/events: `{seen: true}` (the only meaning; an empty body means the same). */
export class TaskEventsSeenDto {
  @Optional() @IsIn([true], { message: EVENT_MESSAGES.seenFlag }) seen?: true;
}

/** Body of PUT /api/events/seen: event ids, or true for every event the caller may see. */
export class EventsSeenDto {
  @ValidateBy({
    name: 'isEventList',
    validator: { validate: (v: unknown) => v === true || (Array.isArray(v) && v.length <= SEEN_IDS_MAX && v.every(isId)), defaultMessage: () => EVENT_MESSAGES.seenList },
  })
  events!: string[] | true;
}

/** GET /api/tasks/{id}/events: filter[type], filter[_id]; the whole feed, oldest first. */
export const TASK_EVENT_QUERY = defineListQuery({
  defaultLimit: -1,
  sortFields: ['createdAt'] as const,
  defaultSort: 'createdAt',
  filters: { type: listFilter(isEventType), _id: listFilter(isId) },
});
export type TaskEventQuery = ListQueryOf<typeof TASK_EVENT_QUERY>;
export const taskEventQueryPipe = new ListQueryPipe(TASK_EVENT_QUERY);

/** GET /api/events: filter[notSeen], filter[text] (in the message text), offset, limit (50), newest first. */
export const EVENT_LIST_QUERY = defineListQuery({
  defaultLimit: 50,
  sortFields: ['createdAt'] as const,
  defaultSort: '-createdAt',
  filters: { notSeen: flagFilter, text: textFilter({ maxLength: 200 }) },
});
export type EventListQuery = ListQueryOf<typeof EVENT_LIST_QUERY>;
export const eventListQueryPipe = new ListQueryPipe(EVENT_LIST_QUERY);

/** At most this many tasks per GET /api/events/meta. */
export const EVENT_META_TASKS_MAX = 100;

/**
 * GET /api/events/meta?tasks=a,b: the distinct task ids (at most 100). It takes nothing else: any
 * other parameter, a repeated one or a malformed id is a 400.
 */
export const eventMetaQueryPipe: PipeTransform<unknown, string[]> = {
  transform(raw: unknown): string[] {
    const query = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const bad = (message = LIST_QUERY_MESSAGE) => AppError.badRequest([{ path: 'tasks', code: 'invalid', message }]);
    if (Object.keys(query).some((k) => k !== 'tasks')) throw bad();
    const value = query.tasks ?? '';
    if (typeof value !== 'string') throw bad();
    const ids = [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
    if (!ids.every(isId)) throw bad();
    if (ids.length > EVENT_META_TASKS_MAX) throw bad(EVENT_MESSAGES.tooManyTasks);
    return ids;
  },
};
