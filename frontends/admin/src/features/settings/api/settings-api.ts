import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOGO_DELETE_MARKER } from '@mediport/contracts';
import { callApi } from '@mediport/api-client';
import type { ImageChange } from '@mediport/ui';

export const SETTINGS_KEY = ['settings', 'admin'] as const;

/** GET /api/settings (with settings_list: debtorId, instanceId, partnerInstance and the direct-debit creditor). */
export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => callApi('GET /api/settings') });
}

/** GET /api/partner/apomondo: whether this is a partner-platform instance; false on any failure. */
export function usePartnerFlag() {
  return useQuery({
    queryKey: ['partner', 'apomondo'],
    queryFn: () => callApi('GET /api/partner/apomondo', { handleErrors: false }).then((v) => v === true, () => false),
    staleTime: 5 * 60_000,
  });
}

export interface SettingsSave {
  fields: Record<string, string>;
  /** Keep, delete or replace the stored logo. */
  logo: ImageChange;
}

/** PUT /api/settings as multipart: the fields plus the logo file or logo=_delete. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, logo }: SettingsSave) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (logo.kind === 'delete') form.append('logo', LOGO_DELETE_MARKER);
      if (logo.kind === 'replace') form.append('logo', logo.file, logo.file.name);
      return callApi('PUT /api/settings', { body: form });
    },
    onSuccess: (data) => {
      client.setQueryData(SETTINGS_KEY, data);
      void client.invalidateQueries({ queryKey: ['settings', 'public'] });
    },
  });
}
