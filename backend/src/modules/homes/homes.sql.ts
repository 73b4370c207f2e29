import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { HomeGroupRef, HomeRef } from '@mediport/contracts';
import { jsonRowFrom } from '../../core/db/json-row.js';
import { homeGroups, homes } from '../../db/schema/index.js';

/*
 * Pieces of SQL about homes and their living areas for other modules' statements (the user list
 * shows a user's home and living areas in its one statement). The knowledge of these tables stays
 * here; the caller only says which home or which living areas it means.
 *
 * Each piece is wrapped in a second `sql`: in a select from one table Drizzle writes the columns it
 * finds directly in a field's SQL without their table, and these must stay qualified.
 */

/** The home of `homeId` as `{ _id, name }`, null when there is none: one correlated subquery. */
export function homeRefSql(homeId: AnyPgColumn | SQL): SQL<HomeRef | null> {
  return jsonRowFrom({ _id: homes.id, name: homes.name }, sql`${homes} where ${homes.id} = ${homeId}`) as SQL<HomeRef | null>;
}

/**
 * The living areas whose ids `groupIds` (a subquery of one column) selects, as a JSON list of
 * `{ _id, name, home }` ordered by name, `[]` when none: one correlated subquery.
 */
export function homeGroupRefsSql(groupIds: SQL): SQL<HomeGroupRef[]> {
  const subquery = sql`(select coalesce(json_agg(json_build_object('_id', ${homeGroups.id}, 'name', ${homeGroups.name}, 'home', ${homeGroups.homeId}) order by lower(${homeGroups.name}), ${homeGroups.id}), '[]'::json)
    from ${homeGroups} where ${homeGroups.id} in (${groupIds}))`;
  return sql<HomeGroupRef[]>`${subquery}`;
}
