import { API_MESSAGES, ERROR_CODES, type ApiErrorEntry } from '@mediport/contracts';

/** A domain error with the API's error shape; the global filter turns it into the response. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorEntry[],
  ) {
    super(errors.map((e) => e.message).join(' '));
  }

  static badRequest(errors: ApiErrorEntry[]): AppError {
    return new AppError(400, errors);
  }
  static unauthenticated(): AppError {
    return new AppError(401, [{ code: 'unauthenticated', message: API_MESSAGES.unauthenticated }]);
  }
  static forbidden(): AppError {
    return new AppError(403, [{ code: 'forbidden', message: API_MESSAGES.forbidden }]);
  }
  static contractRequired(): AppError {
    return new AppError(403, [{ code: ERROR_CODES.contractRequired, message: API_MESSAGES.contractRequired }]);
  }
  static passwordChangeRequired(): AppError {
    return new AppError(403, [{ code: ERROR_CODES.passwordChangeRequired, message: API_MESSAGES.passwordChangeRequired }]);
  }
  static notFound(): AppError {
    return new AppError(404, [{ code: 'not_found', message: API_MESSAGES.notFound }]);
  }
}
