import { MEETING_MESSAGES } from '@mediport/validation';
import { AppError } from '../../core/errors/app-error.js';

/** A date or time the DTO let through but that normalizes to nothing (the DTO's rule is the same, so only a guard). */
export function invalidMeeting(): AppError {
  return AppError.badRequest([{ path: 'date', code: 'invalid', message: MEETING_MESSAGES.dateFormat }]);
}
