import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PermissionName } from '@mediport/permissions';
import type { AuthContext } from '../auth/auth-context.js';

export interface OwnerColumns {
  home?: AnyPgColumn;
  doctor?: AnyPgColumn;
}

/**
 * WHERE condition narrowing a query to what the caller may see under a permission:
 * undefined for a full grant, the own home / doctor for an `_own` grant, and `false` otherwise.
 */
export function ownScope(auth: AuthContext, permission: PermissionName, columns: OwnerColumns): SQL | undefined {
  const grant = auth.grant(permission);
  if (grant === 'all') return undefined;
  if (grant !== 'own') return sql`false`;
  const conditions: SQL[] = [];
  if (columns.home && auth.user.homeId) conditions.push(eq(columns.home, auth.user.homeId));
  if (columns.doctor && auth.user.doctorId) conditions.push(eq(columns.doctor, auth.user.doctorId));
  return conditions.length ? or(...conditions) : sql`false`;
}

/** The same rule for one record already loaded: does it belong to the caller under the permission? */
export function ownsRecord(auth: AuthContext, permission: PermissionName, record: { home?: string | null; doctor?: string | null }): boolean {
  return auth.ability.can(permission, { home: record.home ?? null, doctor: record.doctor ?? null });
}
