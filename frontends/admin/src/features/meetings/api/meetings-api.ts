import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse, MeetingDto, MeetingUpdateRequest } from '@mediport/contracts';
import { api } from '@mediport/api-client';

/** GET /api/meetings with offset and limit. */
export function useMeetings(offset: number, limit: number) {
  return useQuery({
    queryKey: ['meetings', offset, limit],
    queryFn: () => api.get<ListResponse<MeetingDto>>('/api/meetings', { query: { offset, limit } }),
  });
}

/** GET /api/meetings/{id}. */
export function useMeeting(id: string) {
  return useQuery({ queryKey: ['meeting', id], queryFn: () => api.get<MeetingDto>(`/api/meetings/${encodeURIComponent(id)}`) });
}

const optionPath = (contractId: string, option: string) => `/api/meetings/${encodeURIComponent(contractId)}/${encodeURIComponent(option)}`;

/** GET /api/meetings/{contractId}/{option}. */
export function useMeetingOption(contractId: string, option: string) {
  return useQuery({ queryKey: ['meeting', contractId, option], queryFn: () => api.get<MeetingDto>(optionPath(contractId, option)) });
}

/** PUT /api/meetings/{contractId}/{option}; refreshes the lists and the meeting. */
export function useSaveMeeting(contractId: string, option: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MeetingUpdateRequest) => api.put<MeetingDto>(optionPath(contractId, option), body),
    onSuccess: (data) => {
      client.setQueryData(['meeting', contractId, option], data);
      client.setQueryData(['meeting', data._id], data);
      void client.invalidateQueries({ queryKey: ['meetings'] });
    },
  });
}
