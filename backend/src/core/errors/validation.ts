import type { ValidationError } from 'class-validator';
import { API_MESSAGES, type ApiErrorEntry } from '@mediport/contracts';
import { AppError } from './app-error.js';

/** Flattens class-validator errors into `{ path, message }` entries (nested paths joined by dots). */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): ApiErrorEntry[] {
  const out: ApiErrorEntry[] = [];
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) out.push({ path, message, code: 'invalid' });
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, path));
  }
  return out;
}

export function validationException(errors: ValidationError[]): AppError {
  const entries = flattenValidationErrors(errors);
  return AppError.badRequest(entries.length ? entries : [{ message: API_MESSAGES.invalidInput, code: 'invalid' }]);
}
