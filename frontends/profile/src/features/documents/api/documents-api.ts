import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { base64ToBlob, callApi, type CallOptions } from '@mediport/api-client';

type DocumentRoute = 'GET /api/users/:id/profile/documents/:name';

export const documentsKey = (userId: string) => ['profile-documents', userId];

export function useDocuments(userId: string) {
  return useQuery({ queryKey: documentsKey(userId), queryFn: () => callApi('GET /api/users/:id/profile/documents', { params: { id: userId } }), enabled: !!userId });
}

/** The document as a Blob, whether the route answers the file itself or base64 JSON. */
async function documentBlob(userId: string, name: string, options: Omit<CallOptions<DocumentRoute>, 'params'> = {}): Promise<Blob> {
  const content = await callApi('GET /api/users/:id/profile/documents/:name', { ...options, params: { id: userId, name } });
  return content instanceof Blob ? content : base64ToBlob(content.data, content.mimeType);
}

/** GET …/documents/{name}: the PDF as base64 JSON, turned into a Blob for the viewer. */
export function fetchDocumentBlob(userId: string, name: string): Promise<Blob> {
  return documentBlob(userId, name);
}

/** GET …/documents/{name}?noBase64=1: the raw PDF for Download; errors are left to the caller. */
export function downloadDocument(userId: string, name: string): Promise<Blob> {
  return documentBlob(userId, name, { query: { noBase64: 1 }, handleErrors: false });
}

/** PUT …/documents/{name} with {name: '{accepted}<name>' | '{reject}<name>'}. */
export function useDecideDocument(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ title, decision }: { title: string; decision: 'accepted' | 'reject' }) =>
      callApi('PUT /api/users/:id/profile/documents/:name', { params: { id: userId, name: title }, body: { name: `{${decision}}${title}` } }),
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
      return callApi('POST /api/users/:id/profile/documents', { params: { id: userId }, body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(userId) }),
  });
}

/** DELETE …/documents/{name} — profile_document_manage_view. */
export function useRemoveDocument(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => callApi('DELETE /api/users/:id/profile/documents/:name', { params: { id: userId, name: title } }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentsKey(userId) }),
  });
}
