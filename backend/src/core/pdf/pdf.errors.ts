import { AppError } from '../errors/app-error.js';

/** Why a render was refused: the browser is missing or broken, the pool is full, the time ran out, the browser died. */
export type PdfFailure = 'browser_missing' | 'browser_failed' | 'busy' | 'timeout' | 'crashed' | 'closed';

/**
 * A render that cannot be done now: 503 with its German message. An AppError, so the global filter
 * answers it as it is (a deliberate 503, not an unexpected 500); a job worker can read `reason` to
 * decide whether a retry makes sense.
 */
export class PdfUnavailableError extends AppError {
  constructor(
    readonly reason: PdfFailure,
    message: string,
  ) {
    super(503, [{ message }]);
  }
}
