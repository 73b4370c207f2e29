import { ApiError } from './api-error.js';
import { clearAuth } from './auth-store.js';

export type ToastVariant = 'default' | 'error' | 'success' | 'warning' | 'info';

export interface ToastOptions {
  /** Names the toast, so `dismissToast(key)` can close it early. */
  key?: string;
  /** A button in the toast (e.g. "Rückgängig"): a click closes the toast and runs `onClick`. */
  action?: { label: string; onClick: () => void };
  /** How long the toast stays, in ms (default: the provider's). */
  autoHideMs?: number;
}

export interface ErrorHandlerDeps {
  /** Shows a toast (the shell wires notistack's enqueueSnackbar). */
  notify: (message: string, variant: ToastVariant, options?: ToastOptions) => void;
  /** Closes the toast shown with `key` (the shell wires notistack's closeSnackbar). */
  dismiss: (key: string) => void;
  /** Goes to a route (the shell wires the router; default: full page load). */
  navigate: (path: string) => void;
}

/** Text of the 401 toast. */
export const UNAUTHORIZED_MESSAGE = 'unauthorized';
export const LOGIN_PATH = '/login';

const deps: ErrorHandlerDeps = {
  notify: () => undefined,
  dismiss: () => undefined,
  navigate: (path) => {
    if (typeof window !== 'undefined') window.location.assign(path);
  },
};

/** Wires toasts and navigation into the common error handler. */
export function configureErrorHandler(next: Partial<ErrorHandlerDeps>): void {
  Object.assign(deps, next);
}

/** Shows a toast through the configured notifier (usable outside React), optionally with a button. */
export function toast(message: string, variant: ToastVariant = 'default', options?: ToastOptions): void {
  if (options) deps.notify(message, variant, options);
  else deps.notify(message, variant);
}

/** Closes the toast shown with `options.key` (e.g. once its action no longer applies). */
export function dismissToast(key: string): void {
  deps.dismiss(key);
}

/**
 * The common error handler of every app: 401 shows "unauthorized", clears the stored login
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
