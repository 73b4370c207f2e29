import type { HomeWriteRequest } from '@mediport/contracts';
import { toast } from '@mediport/api-client';
import { useMarkAllRead, useRecord, useRecordList, useRecordMutation } from '../../../shared';
import { HOME_TEXTS as T } from '../messages';

/** Query keys of homes start with this collection (see shared/api.ts). */
export const HOMES_COLLECTION = '/api/homes';

/** GET /api/homes with the list state's query (offset, limit, sort, filter[text|notSeen|deactivated]). */
export const useHomes = (query: Record<string, string | number>) => useRecordList('GET /api/homes', query);

/** GET /api/homes/{id} (opening a home marks it seen). */
export const useHome = (id: string | undefined) => useRecord('GET /api/homes/:id', { id });

/** POST /api/homes. */
export const useCreateHome = () => useRecordMutation('POST /api/homes');

/** PUT /api/homes/{id}: JSON, or multipart when the logo changes. */
export const useUpdateHome = () => useRecordMutation('PUT /api/homes/:id');

/** DELETE /api/homes/{id}: deactivation, toasts 'Pflegeeinrichtung gelöscht'. */
export const useDeactivateHome = (onDone: () => void) =>
  useRecordMutation('DELETE /api/homes/:id', {
    onSuccess: () => {
      toast(T.deleted, 'success');
      onDone();
    },
  });

/** PUT /api/homes/{id} with `deactivated: false` (delete right). */
export function useReactivateHome() {
  const update = useUpdateHome();
  const body: HomeWriteRequest = { deactivated: false };
  return {
    isPending: update.isPending,
    reactivate: (id: string) => update.mutate({ params: { id }, body }, { onSuccess: () => toast(T.changed, 'success') }),
  };
}

/** POST /api/homes/{id}/groups; the home (with its living areas) is loaded again. */
export const useAddHomeGroup = () => useRecordMutation('POST /api/homes/:id/groups', { also: ['GET /api/homes'] });

/** DELETE /api/homegroups/{groupId}; 409 while patients live in the area (the common handler shows the message). */
export const useDeleteHomeGroup = (onDone: () => void) =>
  useRecordMutation('DELETE /api/homegroups/:groupId', {
    also: ['GET /api/homes'],
    onSuccess: () => {
      toast(T.groupDeleted, 'success');
      onDone();
    },
  });

/** PUT /api/statistics/home_read_all. */
export const useMarkHomesRead = () => useMarkAllRead('home', HOMES_COLLECTION);
