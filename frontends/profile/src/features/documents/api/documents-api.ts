import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileDocumentContent, ProfileDocumentDto } from '@mediport/contracts';
import { api } from '@mediport/api-client';
import { base64ToBlob, fetchBlob } from '@mediport/api-client';

const base = (userId: string) => `/api/users/${encodeURIComponent(userId)}/profile/documents`;
const one = (userId: string, name: string) => `${base(userId)}/${encodeURIComponent(name)}`;

export const documentsKey = (userId: string) => ['profile-documents', userId];

export function useDocuments(userId: string) {
  return useQuery<ProfileDocumentDto[]>({ queryKey: documentsKey(userId), queryFn: () => api.get(base(userId)), enabled: !!userId });
}

/** GET …/documents/{name}: the PDF as base64 JSON, turned into a Blob for the viewer. */
export async function fetchDocumentBlob(userId: string, name: string): Promise<Blob> {
  const content = await api.get<ProfileDocumentContent>(one(userId, name));
  return base64ToBlob(content.data, content.mimeType);
}

/** GET …/documents/{name}?noBase64=1: the raw PDF for Download. */
export function downloadDocument(userId: string, name: string): Promise<Blob> {
  return fetchBlob(`${one(userId, name)}?noBase64=1`);
}

/** PUT …/documents/{name} with {name: '{accepted}<name>' | '{reject}<name>'}. */
export function useDecideDocument(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ title, decision }: { title: string; decision: 'accepted' | 'reject' }) =>
      api.put<ProfileDocumentDto>(one(userId, title), { name: `{${decision}}${title}` }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(userId) }),
  });
}

/** POST …/documents (multipart: file, name) — profile_document_manage_view. */
export function usePlaceDocument(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name }: { file: File; name: string }) => {
      const form = new FormData();
      if (name.trim()) form.append('name', name.trim());
      form.append('file', file, file.name);
      return api.post<ProfileDocumentDto>(base(userId), form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(userId) }),
  });
}

/** DELETE …/documents/{name} — profile_document_manage_view. */
export function useRemoveDocument(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => api.delete<void>(one(userId, title)),
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(userId) }),
  });
}
