import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiBody, ApiResponse, ApiRoute, SeenKind } from '@mediport/contracts';
import { READ_ALL_MESSAGES } from '@mediport/contracts';
import { callApi, toast, type QueryValue } from '@mediport/api-client';

/**
 * Query keys start with the record type's collection path ("/api/patients"), so a save or a
 * mark-all-read refreshes every list and record of that type with one invalidation.
 */
export const collectionOf = (route: ApiRoute) => route.slice(route.indexOf(' ') + 1).split('/:')[0]!;

/** One page of a list route with the list state's query (`ListState.query`). */
export function useRecordList<R extends ApiRoute & `GET ${string}`>(route: R, query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: [collectionOf(route), route, query],
    queryFn: ({ signal }) => callApi(route, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One record (or a sub-list) by its route parameters; disabled while a parameter is missing. */
export function useRecord<R extends ApiRoute & `GET ${string}`>(route: R, params: Record<string, string | undefined>, query?: Record<string, QueryValue>) {
  const ready = Object.values(params).every((v) => !!v);
  return useQuery({
    queryKey: [collectionOf(route), route, params, query ?? null],
    queryFn: ({ signal }) => callApi(route, { params: params as Record<string, string>, query, signal }),
    enabled: ready,
  });
}

/**
 * A write call; on success the record type's lists and records are loaded again. After a DELETE
 * that removes the record for good, its own cached answers are dropped instead of asked for again
 * (they would only answer 404).
 */
export function useRecordMutation<R extends ApiRoute>(route: R, options: { onSuccess?: (answer: ApiResponse<R>) => void; also?: ApiRoute[]; removes?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ params, body }: { params?: Record<string, string>; body?: ApiBody<R> }) => callApi(route, { params, body }),
    onSuccess: async (answer, { params }) => {
      if (options.removes && params) {
        const same = (key: unknown) => JSON.stringify(key) === JSON.stringify(params);
        client.removeQueries({ queryKey: [collectionOf(route)], predicate: (q) => same(q.queryKey[2]) });
      }
      options.onSuccess?.(answer);
      for (const r of [route, ...(options.also ?? [])]) await client.invalidateQueries({ queryKey: [collectionOf(r)] });
    },
  });
}

/** PUT /api/statistics/{kind}_read_all with its toast; the list's "neu" badges then go away. */
export function useMarkAllRead(kind: Extract<SeenKind, 'patient' | 'doctor' | 'home'>, collection: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(`PUT /api/statistics/${kind}_read_all`),
    onSuccess: async () => {
      toast(READ_ALL_MESSAGES[kind], 'success');
      await client.invalidateQueries({ queryKey: [collection] });
    },
  });
}
