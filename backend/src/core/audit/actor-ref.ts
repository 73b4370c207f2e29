import type { ActorRef } from '@mediport/contracts';

/** The `createdFrom` / `modifiedFrom` of a record from a left-joined user (null when there is none). */
export function actorRef(ref: { _id: string | null; username: string | null } | null): ActorRef | null {
  return ref?._id && ref.username !== null ? { _id: ref._id, username: ref.username } : null;
}
