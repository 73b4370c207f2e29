import { API_MESSAGES, type ApiErrorEntry } from '@mediport/contracts';

/** Deepest nesting of objects and arrays a request may carry (the body itself is level 1). */
export const MAX_INPUT_DEPTH = 32;

/** At most this many entries per refused request: a body of 10 000 bad fields gets a short answer. */
const MAX_ERRORS = 20;

/** Keys that reach Object.prototype through naive merges ({...}, lodash.merge, Object.assign chains). */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// Without the `u` flag a regex sees UTF-16 code units, which is what finds unpaired surrogates.
const BIDI_AND_SURROGATES = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
/** C0 and C1 control characters (tab, line feed and carriage return included), bidi controls, lone surrogates. */
const FORBIDDEN = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${BIDI_AND_SURROGATES}`);
/** The same, but tab, line feed and carriage return pass: for multi-line free text. */
const FORBIDDEN_MULTILINE = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_AND_SURROGATES}`);

/** True when `text` holds a character no field accepts (line breaks count unless `multiline`). */
export function hasForbiddenCharacters(text: string, multiline = false): boolean {
  return (multiline ? FORBIDDEN_MULTILINE : FORBIDDEN).test(text);
}

export interface InputCheckOptions {
  /** Path of the value itself: '' for a whole body or query, the name for a single param. */
  root?: string;
  /**
   * Where tab, line feed and carriage return are allowed: `true` everywhere (a first pass that
   * does not know the route's DTO yet), `false` nowhere, or per property of an owning object.
   */
  lineBreaks?: boolean | ((owner: object, key: string) => boolean);
  maxDepth?: number;
}

/** `filter[text]` (a query key as Express' simple parser leaves it) reads as `filter.text`. */
function keyPath(parent: string, key: string): string {
  const dotted = key.replace(/\[([^\]]*)\]/g, '.$1');
  return parent ? `${parent}.${dotted}` : dotted;
}

function entry(path: string, message: string): ApiErrorEntry {
  return path ? { path, message, code: 'invalid' } : { message, code: 'invalid' };
}

interface Pending {
  value: unknown;
  path: string;
  depth: number;
  multiline: boolean;
}

/**
 * Checks untrusted input (a parsed body, a query, a route param) before anything else reads it:
 * nesting deeper than `maxDepth`, prototype keys (`__proto__`, `constructor`, `prototype`),
 * and control / bidi-override / unpaired-surrogate characters in keys and strings. Iterative,
 * so a body nested 100 000 levels deep cannot overflow the stack. Returns the German errors
 * with each field's path (empty when the input is fine).
 */
export function findUnsafeInput(value: unknown, options: InputCheckOptions = {}): ApiErrorEntry[] {
  const { root = '', lineBreaks = false, maxDepth = MAX_INPUT_DEPTH } = options;
  const errors: ApiErrorEntry[] = [];
  const seen = new WeakSet<object>();
  const stack: Pending[] = [{ value, path: root, depth: 0, multiline: lineBreaks === true }];
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const { value: current, path, depth, multiline } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasForbiddenCharacters(current, multiline)) errors.push(entry(path, API_MESSAGES.forbiddenCharacters));
      continue;
    }
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current) || current instanceof Date) continue;
    if (seen.has(current)) continue;
    seen.add(current);
    if (depth + 1 > maxDepth) {
      // One entry is enough; the rest of a hostile body is not worth walking.
      return [entry(path, API_MESSAGES.nestedTooDeep)];
    }
    for (const key of Object.keys(current)) {
      const childPath = keyPath(path, key);
      // `filter[__proto__]` counts too: a nesting query or multipart parser would build it into an object.
      if (keyPath('', key).split('.').some((segment) => PROTOTYPE_KEYS.has(segment))) {
        errors.push(entry(childPath, API_MESSAGES.invalidFieldName));
        continue;
      }
      if (hasForbiddenCharacters(key)) {
        errors.push(entry(path, API_MESSAGES.invalidFieldName));
        continue;
      }
      const child = (current as Record<string, unknown>)[key];
      // Items of an array are as multi-line as the array's own property.
      const childMultiline = Array.isArray(current) ? multiline : typeof lineBreaks === 'function' ? lineBreaks(current, key) : lineBreaks;
      stack.push({ value: child, path: childPath, depth: depth + 1, multiline: childMultiline });
    }
  }
  return errors.slice(0, MAX_ERRORS);
}
