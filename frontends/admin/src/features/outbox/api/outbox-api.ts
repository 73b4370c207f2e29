import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxChannelName, OutboxStateName } from '@mediport/contracts/outbox';
import { callApi } from '@mediport/api-client';

export interface OutboxFilter {
  state?: OutboxStateName;
  channel?: OutboxChannelName;
  text?: string;
}

/** How often an open outbox page asks again: messages move on their own (sent, retried, failed). */
const REFRESH_MS = 10_000;

/** GET /api/outbox with filters, offset and limit; refreshed while the page is open. */
export function useOutbox(filter: OutboxFilter, offset: number, limit: number) {
  const query: Record<string, string | number> = { offset, limit };
  if (filter.state) query['filter[state]'] = filter.state;
  if (filter.channel) query['filter[channel]'] = filter.channel;
  if (filter.text) query['filter[text]'] = filter.text;
  return useQuery({
    queryKey: ['outbox', filter, offset, limit],
    queryFn: () => callApi('GET /api/outbox', { query }),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/outbox/{id}/retry; the list is read again. */
export function useRetryOutboxMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('POST /api/outbox/:id/retry', { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
