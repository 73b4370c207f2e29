import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AclMatrix, AclResponse } from '@mediport/contracts';
import { api } from '@mediport/api-client';

export const ACL_KEY = ['acl'] as const;

/** GET /api/acl. */
export function useAcl() {
  return useQuery({ queryKey: ACL_KEY, queryFn: () => api.get<AclResponse>('/api/acl') });
}

/** PATCH /api/acl with the changed role columns; server errors go through the common handler (toasts). */
export function useSaveAcl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (acl: Partial<AclMatrix>) => api.patch<AclResponse>('/api/acl', { acl }),
    onSuccess: (data) => client.setQueryData(ACL_KEY, data),
  });
}

/** GET /api/acl/doku/{name}: the SVG card, as a data URL for an <img> (the call needs the token header). */
export function useDokuImage(name: string | null) {
  return useQuery({
    queryKey: ['acl-doku', name],
    enabled: !!name,
    queryFn: async () => {
      const svg = await api.get<string>(`/api/acl/doku/${encodeURIComponent(name!)}`, { handleErrors: false });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
  });
}
