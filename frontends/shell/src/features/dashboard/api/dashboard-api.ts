import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SeenKind, SOCKET_EVENTS } from '@mediport/contracts';
import { callApi, useLiveEvent } from '@mediport/api-client';

export const STATISTICS_KEY = ['statistics'];

/** GET /api/statistics: counts, webinars, FAQ and changelog; the counts follow the live channel (new orders, messages, status changes). */
export function useStatistics() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: STATISTICS_KEY });
  useLiveEvent(SOCKET_EVENTS.newTask, refresh);
  useLiveEvent(SOCKET_EVENTS.newEvent, refresh);
  useLiveEvent(SOCKET_EVENTS.taskChanged, refresh);
  return useQuery({ queryKey: STATISTICS_KEY, queryFn: () => callApi('GET /api/statistics') });
}

/** PUT /api/statistics/{kind}_read_all. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: SeenKind) => callApi(`PUT /api/statistics/${kind}_read_all`),
    onSuccess: () => client.invalidateQueries({ queryKey: STATISTICS_KEY }),
  });
}
