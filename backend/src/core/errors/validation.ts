import type { ValidationError } from 'class-validator';
import { API_MESSAGES, type ApiErrorEntry } from '@mediport/contracts';
import { AppError } from './app-error.js';

/**
 * Words of class-validator's and Nest's built-in (English) messages, e.g. "firstname must be a
 * string", "nested property x must be either object or array", "Validation failed (object is
 * expected)". Our DTOs give German messages; one that is left without reads as the generic one.
 */
const ENGLISH = /\b(must|should|expected|property|properties|failed|validation|value|values|exist|either|each|longer|shorter|equal|contain|string|number|boolean|array)\b/i;

function germanMessage(constraint: string, message: string): string {
  if (constraint === 'isObject' && /object is expected/i.test(message)) return API_MESSAGES.objectExpected;
  return ENGLISH.test(message) ? API_MESSAGES.invalidInput : message;
}

/** Flattens class-validator errors into `{ path, message }` entries (nested paths joined by dots). */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): ApiErrorEntry[] {
  const out: ApiErrorEntry[] = [];
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) out.push({ path, message: germanMessage(constraint, message), code: 'invalid' });
    // Depth is bounded: InputPipe refuses bodies nested deeper than MAX_INPUT_DEPTH before validation.
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, path));
  }
  return out;
}

export function validationException(errors: ValidationError[]): AppError {
  const entries = flattenValidationErrors(errors);
  return AppError.badRequest(entries.length ? entries : [{ message: API_MESSAGES.invalidInput, code: 'invalid' }]);
}
