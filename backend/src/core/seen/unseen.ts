import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SeenKind } from '@mediport/contracts';
import { seenMarks, seenWatermarks } from '../../db/schema/index.js';

/** Where a kind's records live, for the one "not seen" definition below. */
export interface SeenSource {
  kind: SeenKind;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** Records the viewer created themselves count as seen. */
  createdBy?: AnyPgColumn;
  /** Further records that count as seen for the viewer (e.g. the viewer's own user record). */
  seenAnyway?: (viewerId: string) => SQL;
}

/**
 * The one definition of "not seen by the viewer" ("neu" badge, dashboard tile, filter[notSeen]):
 * created after the viewer's "mark all as read" watermark of the kind, without a single mark,
 * not created by the viewer, and not otherwise seen by definition. Every list and the dashboard
 * use this function; nothing else decides what is new.
 */
export function unseenBy(source: SeenSource, viewerId: string): SQL<boolean> {
  const parts: SQL[] = [
    sql`${source.createdAt} > coalesce((select ${seenWatermarks.at} from ${seenWatermarks}
        where ${seenWatermarks.userId} = ${viewerId} and ${seenWatermarks.entity} = ${source.kind}), '-infinity'::timestamptz)`,
    sql`not exists (select 1 from ${seenMarks}
        where ${seenMarks.entity} = ${source.kind} and ${seenMarks.entityId} = ${source.id} and ${seenMarks.userId} = ${viewerId})`,
  ];
  if (source.createdBy) parts.push(sql`${source.createdBy} is distinct from ${viewerId}`);
  if (source.seenAnyway) parts.push(sql`(${source.seenAnyway(viewerId)}) is not true`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}
