import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MedicineToggleRequest } from '@mediport/contracts';
import { callApi, toast } from '@mediport/api-client';
import { MEDICINE_TEXTS } from '../messages';

const KEY = ['medicines'] as const;

/**
 * GET /api/medicine with the list state's query (offset, limit, sort, filter[text],
 * filter[disabled]); the filter's "Alle" ('all') asks without the disabled filter.
 */
export function useMedicines(query: Record<string, string | number>) {
  const { 'filter[disabled]': disabled, ...rest } = query;
  const params = disabled === 'all' ? rest : query;
  return useQuery({
    queryKey: [...KEY, params],
    queryFn: ({ signal }) => callApi('GET /api/medicine', { signal, query: params }),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/medicine: enables or disables one medicine, toasts the spec's message, reloads the list. */
export function useToggleMedicine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicineToggleRequest) => callApi('PUT /api/medicine', { body }),
    onSuccess: async (medicine) => {
      toast(medicine.disabled ? MEDICINE_TEXTS.deactivated : MEDICINE_TEXTS.activated, 'success');
      await client.invalidateQueries({ queryKey: KEY });
    },
  });
}
