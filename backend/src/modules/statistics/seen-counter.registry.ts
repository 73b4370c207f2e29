import { Injectable } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SeenKind } from '@mediport/contracts';
import type { PermissionName } from '@mediport/permissions';
import type { AuthContext } from '../../core/auth/auth-context.js';
import type { OwnerColumns } from '../../core/permissions/own-scope.js';

/**
 * How the dashboard counts unseen records of one kind. The module owning the table registers it
 * (`registry.register(...)` in its onModuleInit); kinds without a counter count 0.
 */
export interface SeenCounter {
  kind: SeenKind;
  /** The kind's list permission: its scope (`_own`) narrows the count, and it guards read_all. */
  listPermission: PermissionName;
  table: PgTable;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** Columns for the `_own` scope of listPermission. */
  owner: OwnerColumns;
  /** Records the caller created count as seen. */
  createdBy?: AnyPgColumn;
  /** Further conditions (e.g. no deactivated users). */
  where?: (auth: AuthContext) => SQL | undefined;
}

@Injectable()
export class SeenCounterRegistry {
  private readonly counters = new Map<SeenKind, SeenCounter>();

  register(counter: SeenCounter): void {
    this.counters.set(counter.kind, counter);
  }

  get(kind: SeenKind): SeenCounter | undefined {
    return this.counters.get(kind);
  }
}
