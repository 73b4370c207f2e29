import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Snippet } from '@mediport/contracts';
import type { DocumentCreateBody, DocumentMarkBody, DocumentRequestType } from '@mediport/contracts/documents';
import { callApi, handleApiError, readAuth, setAuth, toast, useAuth } from '@mediport/api-client';
import { TASKS_KEY } from '../../list/api/tasks-api';
import { DOCUMENT_TEXTS as T } from '../messages';

const DOCUMENTS_KEY = '/api/documents';

/**
 * POST /api/documents/request: the selected orders by doctor with the channel for `type` and the
 * prefilled text; `state` narrows them to one status. A type change keeps the cards on screen.
 */
export function useDocumentRequest(tasks: string[], type: DocumentRequestType, state: string) {
  return useQuery({
    queryKey: [DOCUMENTS_KEY, 'request', tasks, type, state],
    queryFn: ({ signal }) => callApi('POST /api/documents/request', { body: { tasks, type }, query: state ? { 'filter[status]': state } : {}, signal }),
    enabled: tasks.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/documents: one document per doctor; the answer's message is the toast. */
export function useCreateDocuments(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentCreateBody) => callApi('POST /api/documents', { body }),
    onSuccess: async (res) => {
      toast(res.message, 'success');
      onDone();
      await client.invalidateQueries({ queryKey: [TASKS_KEY] });
      await client.invalidateQueries({ queryKey: [DOCUMENTS_KEY, 'tracker'] });
    },
  });
}

/** GET /api/documents: the requests with each order's state and history (the list's query from the URL). */
export function useRequestTracker(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [DOCUMENTS_KEY, 'tracker', query],
    queryFn: ({ signal }) => callApi('GET /api/documents', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a click marks: the practice confirmed the request, or the prescription came in. */
export type RequestMark = 'confirm' | 'received';

/** POST /api/documents/{id}/confirm or /received (all orders of the request, or `tasks`); the answer's message is the toast. */
export function useMarkRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mark, tasks }: { id: string; mark: RequestMark } & DocumentMarkBody) =>
      callApi(mark === 'confirm' ? 'POST /api/documents/:id/confirm' : 'POST /api/documents/:id/received', { params: { id }, body: tasks ? { tasks } : {} }),
    onSuccess: async (res) => {
      toast(res.message, 'success');
      await Promise.all([client.invalidateQueries({ queryKey: [DOCUMENTS_KEY, 'tracker'] }), client.invalidateQueries({ queryKey: [TASKS_KEY] })]);
    },
  });
}

/**
 * GET /api/documents/{id}/pdf: the request as sent, fetched with the session header and shown in the
 * browser's PDF viewer in a new window (opened first, while the click still allows pop-ups).
 */
export async function openRequestPdf(id: string): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const pdf = await callApi('GET /api/documents/:id/pdf', { params: { id }, handleErrors: false });
    const url = URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' }));
    if (target) target.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    target?.close();
    handleApiError(error);
  }
}

/**
 * The signed-in user's snippets: from the stored login, or (an older stored record without them)
 * from GET /api/users/{id}.
 */
export function useSnippets(): Snippet[] {
  const user = useAuth()?.user;
  const stored = user?.snippets;
  const fetched = useQuery({
    queryKey: ['/api/users', user?._id, 'snippets'],
    queryFn: ({ signal }) => callApi('GET /api/users/:id', { params: { id: user!._id }, signal }),
    enabled: !!user && !Array.isArray(stored),
  });
  return (Array.isArray(stored) ? stored : fetched.data?.snippets) ?? [];
}

/** PUT /api/users/{id}/profile with the whole list (the own profile: every user keeps their own snippets); the stored login follows. */
export function useSaveSnippets() {
  return useMutation({
    mutationFn: (snippets: Snippet[]) => callApi('PUT /api/users/:id/profile', { params: { id: readAuth()!.user._id }, body: { snippets } }),
    onSuccess: (res) => {
      const auth = readAuth();
      if (auth && auth.user._id === res.user._id) setAuth({ ...auth, user: { ...auth.user, snippets: res.user.snippets } });
      toast(T.snippetsSaved, 'success');
    },
  });
}
