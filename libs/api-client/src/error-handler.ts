import { ApiError } from './api-error.js';
import { clearAuth } from './auth-store.js';

export type ToastVariant = 'default' | 'error' | 'success' | 'warning' | 'info';

export interface ErrorHandlerDeps {
  /** Shows a toast (the shell wires notistack's enqueueSnackbar). */
  notify: (message: string, variant: ToastVariant) => void;
  /** Goes to a route (the shell wires the router; default: full page load). */
  navigate: (path: string) => void;
}

/** Text of the 401 toast (spec part 1 §8). */
export const UNAUTHORIZED_MESSAGE = 'unauthorized';
export const LOGIN_PATH = '/login';

const deps: ErrorHandlerDeps = {
  notify: () => undefined,
  navigate: (path) => {
    if (typeof window !== 'undefined') window.location.assign(path);
  },
};

/** Wires toasts and navigation into the common error handler. */
export function configureErrorHandler(next: Partial<ErrorHandlerDeps>): void {
  Object.assign(deps, next);
}

/** Shows a toast through the configured notifier (usable outside React). */
export function toast(message: string, variant: ToastVariant = 'default'): void {
  deps.notify(message, variant);
}

/**
 * The common error handler of spec part 1 §8: 401 shows "unauthorized", clears the stored login
 * and goes to /login; otherwise each `errors[].message` becomes an error toast; otherwise the
 * response body or the error message is shown.
 */
export function handleApiError(error: unknown): void {
  if (error instanceof ApiError) {
    if (error.status === 401) {
      deps.notify(UNAUTHORIZED_MESSAGE, 'error');
      clearAuth();
      deps.navigate(LOGIN_PATH);
      return;
    }
    const entries = error.errors;
    if (entries.length > 0) {
      for (const e of entries) deps.notify(e.message, 'error');
      return;
    }
    if (typeof error.body === 'string' && error.body.trim()) {
      deps.notify(error.body, 'error');
      return;
    }
    deps.notify(error.message, 'error');
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  deps.notify(message, 'error');
}
