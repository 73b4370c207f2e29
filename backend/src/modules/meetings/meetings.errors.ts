import { MEETING_MESSAGES } from '@mediport/validation';
import { AppError } from '../../core/errors/app-error.js';

/** A date that matches DD.MM.YYYY but is no calendar day (e.g. 31.02.2025). */
export function invalidMeetingDate(): AppError {
  return AppError.badRequest([{ path: 'date', code: 'invalid', message: MEETING_MESSAGES.incomplete }]);
}
