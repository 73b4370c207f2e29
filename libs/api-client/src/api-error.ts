import type { ApiErrorBody, ApiErrorCode, ApiErrorEntry } from '@mediport/contracts';

/** A failed API call: HTTP status (0 = network failure) and the parsed error body, if any. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    super(message ?? ApiError.describe(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The `errors` list of the standard error body; empty when the body has another shape. */
  get errors(): ApiErrorEntry[] {
    const b = this.body as Partial<ApiErrorBody> | null;
    if (b && typeof b === 'object' && Array.isArray(b.errors)) {
      return b.errors.filter((e): e is ApiErrorEntry => !!e && typeof e.message === 'string');
    }
    return [];
  }

  /** True when an entry carries the given code. */
  hasCode(code: ApiErrorCode): boolean {
    return this.errors.some((e) => e.code === code);
  }

  /** Messages per field path (`errors[].path`), for forms. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of this.errors) if (e.path && !out[e.path]) out[e.path] = e.message;
    return out;
  }

  private static describe(status: number, body: unknown): string {
    if (typeof body === 'string' && body.trim()) return body;
    if (status === 0) return NETWORK_ERROR_MESSAGE;
    return `Fehler ${status}`;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.';
