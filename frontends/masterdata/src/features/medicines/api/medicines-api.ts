import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse, MedicineDto, MedicineToggleRequest } from '@mediport/contracts';
import { api, toast } from '@mediport/api-client';
import { MEDICINE_TEXTS } from '../messages';

export type DisabledFilter = '0' | '1' | '';

export interface MedicineListParams {
  offset: number;
  limit: number;
  text: string;
  disabled: DisabledFilter;
  sort: 'name' | '-name';
}

const KEY = ['medicines'] as const;

/** GET /api/medicine with offset, limit, sort, filter[disabled] and filter[text]. */
export function useMedicines(params: MedicineListParams) {
  return useQuery({
    queryKey: [...KEY, params],
    queryFn: ({ signal }) =>
      api.get<ListResponse<MedicineDto>>('/api/medicine', {
        signal,
        query: {
          offset: params.offset,
          limit: params.limit,
          sort: params.sort,
          'filter[disabled]': params.disabled || undefined,
          'filter[text]': params.text || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/medicine: enables or disables one medicine, toasts the spec's message, reloads the list. */
export function useToggleMedicine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicineToggleRequest) => api.put<MedicineDto>('/api/medicine', body),
    onSuccess: async (medicine) => {
      toast(medicine.disabled ? MEDICINE_TEXTS.deactivated : MEDICINE_TEXTS.activated, 'success');
      await client.invalidateQueries({ queryKey: KEY });
    },
  });
}
