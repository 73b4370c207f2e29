import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadAllResponse, SeenKind, StatisticsResponse } from '@mediport/contracts';
import { api } from '@mediport/api-client';

export const STATISTICS_KEY = ['statistics'];

/** GET /api/statistics: counts, webinars, FAQ and changelog. */
export function useStatistics() {
  return useQuery<StatisticsResponse>({ queryKey: STATISTICS_KEY, queryFn: () => api.get('/api/statistics') });
}

/** PUT /api/statistics/{kind}_read_all. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: SeenKind) => api.put<ReadAllResponse>(`/api/statistics/${kind}_read_all`),
    onSuccess: () => client.invalidateQueries({ queryKey: STATISTICS_KEY }),
  });
}
