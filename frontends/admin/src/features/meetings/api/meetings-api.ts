import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeetingUpdateRequest } from '@mediport/contracts';
import { callApi } from '@mediport/api-client';

/** GET /api/meetings with offset and limit. */
export function useMeetings(offset: number, limit: number) {
  return useQuery({
    queryKey: ['meetings', offset, limit],
    queryFn: () => callApi('GET /api/meetings', { query: { offset, limit } }),
  });
}

/** GET /api/meetings/{id}. */
export function useMeeting(id: string) {
  return useQuery({ queryKey: ['meeting', id], queryFn: () => callApi('GET /api/meetings/:id', { params: { id } }) });
}

/** GET /api/meetings/{contractId}/{option}. */
export function useMeetingOption(contractId: string, option: string) {
  return useQuery({ queryKey: ['meeting', contractId, option], queryFn: () => callApi('GET /api/meetings/:contractId/:option', { params: { contractId, option } }) });
}

/** PUT /api/meetings/{contractId}/{option}; refreshes the lists and the meeting. */
export function useSaveMeeting(contractId: string, option: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MeetingUpdateRequest) => callApi('PUT /api/meetings/:contractId/:option', { params: { contractId, option }, body }),
    onSuccess: (data) => {
      client.setQueryData(['meeting', contractId, option], data);
      client.setQueryData(['meeting', data._id], data);
      void client.invalidateQueries({ queryKey: ['meetings'] });
    },
  });
}
