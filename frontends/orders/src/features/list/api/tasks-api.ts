import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TASK_MESSAGES, type TaskSeenRequest, type TaskStatus } from '@mediport/contracts';
import { callApi, handleApiError, saveBlob, toast, type QueryValue } from '@mediport/api-client';
import { pickupFileName } from './pickup-file-name';

/** Every cached answer about tasks starts with this key, so one invalidation refreshes the list and its rows. */
export const TASKS_KEY = '/api/tasks';

/** One page of GET /api/tasks. A refetch keeps the rows on screen (live updates refresh quietly). */
export function useTasks(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [TASKS_KEY, 'list', query],
    queryFn: ({ signal }) => callApi('GET /api/tasks', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/tasks/{id}: one order, e.g. the one just saved when it is not on the list's page
 * (`enabled` false: not asked). An order the user may not see (404) stays unshown, without a toast.
 */
export function useTask(id: string | null, enabled = true) {
  return useQuery({
    queryKey: [TASKS_KEY, 'one', id],
    queryFn: ({ signal }) => callApi('GET /api/tasks/:id', { params: { id: id! }, signal, handleErrors: false }),
    enabled: enabled && !!id,
    retry: false,
  });
}

/** The success toast of each status change. */
const STATUS_TOASTS: Partial<Record<TaskStatus, string>> = {
  pickup: TASK_MESSAGES.pickup,
  finished: TASK_MESSAGES.finished,
  canceled: TASK_MESSAGES.canceled,
  new: TASK_MESSAGES.reopened,
};

/** PUT /api/tasks/{id} with `{status}` alone (the server's status machine decides), with its toast. */
export function useChangeTaskStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TaskStatus }) => callApi('PUT /api/tasks/:id', { params: { id }, body: { status } }),
    onSuccess: async (_task, { status }) => {
      const message = STATUS_TOASTS[status];
      if (message) toast(message, 'success');
      await client.invalidateQueries({ queryKey: [TASKS_KEY] });
    },
  });
}

/**
 * POST /api/tasks/pickup ('Abholauftrag erzeugen'): hands the new orders to the drivers and saves
 * the answer, the pickup sheet, as abholauftrag_YYYYMMDD_HHmmss.pdf, with the success toast. The
 * server's refusal (e.g. an order that is no longer new) shows as the error toast.
 */
export function useCreatePickupSheet(onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tasks: string[]) => callApi('POST /api/tasks/pickup', { body: { tasks } }),
    onSuccess: async (sheet) => {
      saveBlob(sheet, pickupFileName(new Date()));
      toast(TASK_MESSAGES.pickup, 'success');
      onDone?.();
      await client.invalidateQueries({ queryKey: [TASKS_KEY] });
    },
  });
}

/** PUT /api/tasks/{id}/seen: opening a row marks the task seen; the row loses its "neu". */
export function useMarkTaskSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('PUT /api/tasks/:id/seen', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [TASKS_KEY] }),
  });
}

/** PUT /api/tasks/seen with the selected ids, or true for all, with the spec's toast. */
export function useMarkTasksSeen(onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tasks: TaskSeenRequest['tasks']) => callApi('PUT /api/tasks/seen', { body: { tasks } }),
    onSuccess: async (_answer, tasks) => {
      toast(tasks === true ? TASK_MESSAGES.allSeen : TASK_MESSAGES.selectedSeen, 'success');
      onDone?.();
      await client.invalidateQueries({ queryKey: [TASKS_KEY] });
    },
  });
}

/**
 * GET /api/tasks/{id}/print: the order sheet (PDF) needs the session header, so it is fetched here
 * and shown as a blob in the browser's PDF viewer in a new window (opened first, while the click
 * still allows pop-ups).
 */
export async function printTask(id: string): Promise<void> {
  const target = window.open('', '_blank');
  try {
    const sheet = await callApi('GET /api/tasks/:id/print', { params: { id }, handleErrors: false });
    const url = URL.createObjectURL(new Blob([sheet], { type: 'application/pdf' }));
    if (target) target.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    target?.close();
    handleApiError(error);
  }
}
