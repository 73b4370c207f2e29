import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EVENT_MESSAGES, SOCKET_EVENTS, type ListResponse, type TaskEventDto } from '@mediport/contracts';
import { ApiError, callApi, handleApiError, saveBlob, toast, useLiveEvent } from '@mediport/api-client';
// The list's rows carry the unread counts and the status a message can change (reopen).
import { TASKS_KEY } from '../../list/api/tasks-api';


const eventsKey = (taskId: string) => ['task-events', taskId];

/** The feed oldest first, whatever order the answer has. */
const oldestFirst = (answer: ListResponse<TaskEventDto>) => [...answer.data].sort((a, b) => a.createdAt.localeCompare(b.createdAt));

/** The task's feed, oldest first; a live 'newevent' for this task loads it again. */
export function useTaskEvents(taskId: string) {
  const query = useQuery({
    queryKey: eventsKey(taskId),
    queryFn: ({ signal }) => callApi('GET /api/tasks/:id/events', { params: { id: taskId }, signal }),
    select: oldestFirst,
  });
  const { refetch } = query;
  useLiveEvent(SOCKET_EVENTS.newEvent, (payload) => {
    if (payload.taskId === taskId) void refetch();
  });
  return query;
}

/** POST /api/documents/{id}/resend: a failed request goes out again; the feeds show the new events live. */
export function useResendDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('POST /api/documents/:id/resend', { params: { id } }),
    onSuccess: async (res) => {
      toast(res.message, 'success');
      await client.invalidateQueries({ queryKey: ['task-events'] });
    },
  });
}

/** POST /api/tasks/{id}/events (multipart: type=message, data, files); a reopened task shows the spec's toast. */
export function useSendMessage(taskId: string, onSent: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ text, files }: { text: string; files: File[] }) => {
      const form = new FormData();
      form.append('type', 'message');
      form.append('data', text);
      for (const file of files) form.append('files', file, file.name);
      return callApi('POST /api/tasks/:id/events', { params: { id: taskId }, body: form });
    },
    onSuccess: async (answer) => {
      onSent();
      if (answer.reload) toast(EVENT_MESSAGES.reopened, 'success');
      await Promise.all([client.invalidateQueries({ queryKey: eventsKey(taskId) }), client.invalidateQueries({ queryKey: [TASKS_KEY] })]);
    },
  });
}

/** On leaving the feed (collapse, close, unmount) every event of the task is marked seen. */
export function useMarkEventsSeenOnLeave(taskId: string) {
  const client = useQueryClient();
  const latest = useRef(client);
  latest.current = client;
  useEffect(
    () => () => {
      callApi('PUT /api/tasks/:id/events', { params: { id: taskId }, body: { seen: true } })
        .then(() => latest.current.invalidateQueries({ queryKey: [TASKS_KEY] }))
        .catch(() => undefined);
    },
    [taskId],
  );
}

/** Downloads an attachment through the API (the session header) and saves it under its name. */
export async function downloadAttachment(taskId: string, eventId: string, name: string): Promise<void> {
  try {
    saveBlob(await callApi('GET /api/tasks/:taskId/events/:eventId/attachment/:name', { params: { taskId, eventId, name }, handleErrors: false }), name);
  } catch (error) {
    handleApiError(error);
  }
}

/**
 * An attachment shown in the feed (the driver's signature): fetched through the API with the
 * sign-in token, as an object URL revoked when it goes away. `url` is null while it loads;
 * `failed` when it could not be loaded (a lost sign-in goes to the common handler).
 */
export function useAttachmentUrl(taskId: string, eventId: string, name: string | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    setState({ url: null, failed: false });
    if (!name) return undefined;
    let created: string | null = null;
    let cancelled = false;
    callApi('GET /api/tasks/:taskId/events/:eventId/attachment/:name', { params: { taskId, eventId, name }, handleErrors: false })
      .then((blob) => {
        if (cancelled) return;
        created = URL.createObjectURL(blob);
        setState({ url: created, failed: false });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 401) handleApiError(error);
        setState({ url: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [taskId, eventId, name]);
  return state;
}
