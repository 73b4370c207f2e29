import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AclMatrix } from '@mediport/contracts';
import { blobToDataUrl, callApi } from '@mediport/api-client';

export const ACL_KEY = ['acl'] as const;

/** GET /api/acl. */
export function useAcl() {
  return useQuery({ queryKey: ACL_KEY, queryFn: () => callApi('GET /api/acl') });
}

/** PATCH /api/acl with the changed role columns; server errors go through the common handler (toasts). */
export function useSaveAcl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (acl: Partial<AclMatrix>) => callApi('PATCH /api/acl', { body: { acl } }),
    onSuccess: (data) => client.setQueryData(ACL_KEY, data),
  });
}

/** GET /api/acl/doku/{name}: the SVG card, as a data URL for an <img> (the call needs the token header). */
export function useDokuImage(name: string | null) {
  return useQuery({
    queryKey: ['acl-doku', name],
    enabled: !!name,
    queryFn: async () => blobToDataUrl(await callApi('GET /api/acl/doku/:name', { params: { name: name! }, handleErrors: false }), 'image/svg+xml'),
  });
}
