import type { ReactNode } from 'react';
import { ApiError } from '@mediport/api-client';
import { ErrorPanel, LoadingState, UI_MESSAGES } from '@mediport/ui';
import { FORM_TEXTS } from './texts';

export interface RecordQueryState<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a record page shows before its record is there: "Lade Daten...", the not-found message
 * (404: absent or not the caller's to see; 400: a malformed id) or a load failure with retry;
 * once loaded, `children(record)`.
 */
export function RecordState<T>({ query, children }: { query: RecordQueryState<T>; children: (record: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <ErrorPanel message={FORM_TEXTS.notFound} />;
  if (query.error) return <ErrorPanel message={UI_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />;
  return <LoadingState />;
}
