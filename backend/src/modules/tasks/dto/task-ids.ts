import { AppError } from '../../../core/errors/app-error.js';
import { isId } from './task-write.dto.js';

/** The German messages of a list of order ids in a request body. */
export interface TaskIdsMessages {
  /** Not a list of strings. */
  list: string;
  empty: string;
  tooMany: string;
  /** An id twice; omitted: duplicates are dropped. */
  duplicate?: string;
  /** An id that cannot name an order (a malformed one). */
  unknown: string;
}

/**
 * The order ids a body lists: 1 to `max` strings, each an id (a malformed one names no order the
 * caller may see: 404), without duplicates (400 with `duplicate`, else dropped).
 */
export function taskIds(value: unknown, max: number, messages: TaskIdsMessages): string[] {
  const refuse = (message: string) => AppError.badRequest([{ path: 'tasks', code: 'invalid', message }]);
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string')) throw refuse(messages.list);
  if (!value.length) throw refuse(messages.empty);
  if (value.length > max) throw refuse(messages.tooMany);
  const distinct = [...new Set(value as string[])];
  if (distinct.length !== value.length && messages.duplicate) throw refuse(messages.duplicate);
  if (!distinct.every(isId)) throw new AppError(404, [{ path: 'tasks', code: 'not_found', message: messages.unknown }]);
  return distinct;
}
