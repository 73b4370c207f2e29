import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { READ_ALL_MESSAGES, TASK_MESSAGES, type TaskStatus } from '@mediport/contracts';
import { type TaskIncidentRequest, DELIVERY_MESSAGES } from '@mediport/contracts/delivery';
import { callApi, toast, type QueryValue } from '@mediport/api-client';
// One key for every cached answer about orders: a change here refreshes the orders list too, and back.
// The pickup sheet (POST /api/tasks/pickup) is the orders list's useCreatePickupSheet.
import { TASKS_KEY } from '../../list/api/tasks-api';

/** GET /api/tasks of the pickup list (one view, up to 999 orders); a refetch keeps the rows on screen. */
export function usePickupTasks(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: [TASKS_KEY, 'pickup', query],
    queryFn: ({ signal }) => callApi('GET /api/tasks', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The pickup list's status changes and their toasts: out for delivery, finished, given back to the home. */
export type PickupStatus = Extract<TaskStatus, 'delivery' | 'finished' | 'new'>;
const STATUS_TOASTS: Record<PickupStatus, string> = {
  delivery: TASK_MESSAGES.delivery,
  finished: TASK_MESSAGES.pickupFinished,
  new: TASK_MESSAGES.returned,
};

/**
 * PUT /api/tasks/{id} with `{status}` for one order or several (one call each, one after the other;
 * the server's status machine decides each). One toast when at least one went through.
 */
export function useChangePickupStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, status }: { ids: string[]; status: PickupStatus }) => {
      let done = 0;
      try {
        for (const id of ids) {
          await callApi('PUT /api/tasks/:id', { params: { id }, body: { status } });
          done += 1;
        }
      } finally {
        if (done > 0) toast(STATUS_TOASTS[status], 'success');
        await client.invalidateQueries({ queryKey: [TASKS_KEY] });
      }
    },
  });
}

/** PUT /api/statistics/pickup_read_all: every order on the road counts as seen. */
export function useMarkPickupsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('PUT /api/statistics/pickup_read_all'),
    onSuccess: async () => {
      toast(READ_ALL_MESSAGES.pickup, 'success');
      await client.invalidateQueries({ queryKey: [TASKS_KEY] });
    },
  });
}

/** POST /api/tasks/{id}/incidents: a problem on the way goes into the order's feed. */
export function useReportIncident(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TaskIncidentRequest }) => callApi('POST /api/tasks/:id/incidents', { params: { id }, body }),
    onSuccess: async () => {
      toast(DELIVERY_MESSAGES.incidentSaved, 'success');
      onDone();
      await client.invalidateQueries({ queryKey: [TASKS_KEY] });
    },
  });
}

/**
 * POST /api/tasks/{id}/delivery (multipart: recipient, the position if known, the signature PNG):
 * the order is finished with the proof. Errors come back to the dialog (field messages beside the fields).
 */
export function useConfirmDelivery(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: FormData }) => callApi('POST /api/tasks/:id/delivery', { params: { id }, body: form, handleErrors: false }),
    onSuccess: async () => {
      toast(TASK_MESSAGES.pickupFinished, 'success');
      onDone();
      await client.invalidateQueries({ queryKey: [TASKS_KEY] });
    },
  });
}
