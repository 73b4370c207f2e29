import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AclMatrix } from '@mediport/contracts';
import { users } from './users.js';

/** The rights matrix, one row per version; the highest version is in force. */
export const aclMatrix = pgTable('acl_matrix', {
  version: integer('version').primaryKey(),
  matrix: jsonb('matrix').$type<AclMatrix>().notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
