import { type ApiErrorEntry, TASK_MESSAGES } from '@mediport/contracts';
import { AppError } from '../../core/errors/app-error.js';

/** Rule violations of an order (libs/validation checkOrder): 400 with the field and the German message. */
export function invalidTask(errors: ApiErrorEntry[]): AppError {
  return AppError.badRequest(errors.map((e) => ({ ...e, code: 'invalid' })));
}

/** A status change the status machine (TRANSITIONS in tasks.service.ts) does not allow from the task's current status. */
export function illegalTransition(): AppError {
  return new AppError(409, [{ path: 'status', code: 'illegal_transition', message: TASK_MESSAGES.illegalTransition }]);
}

/** `{status}` must come alone: a status change changes nothing else. */
export function statusNotAlone(): AppError {
  return AppError.badRequest([{ path: 'status', code: 'invalid', message: TASK_MESSAGES.statusAlone }]);
}
