import { useHasPermission } from '@mediport/api-client';

/**
 * What the signed-in user may do on the pickup list beyond each order's own actions (those come
 * with the order from the server: `task.actions`).
 */
export function usePickupRights() {
  return {
    /** The pharmacy: the "Abholbereit" view and the pickup sheet (PDF). */
    create: useHasPermission('pickup_create_view'),
    /** "Alle als gelesen markieren". */
    seen: useHasPermission('pickup_seen_view'),
  };
}

export type PickupRights = ReturnType<typeof usePickupRights>;
