import { Injectable } from '@nestjs/common';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SeenKind } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import type { SeenSource } from '../../core/seen/unseen.js';

/**
 * How the dashboard counts unseen records of one kind. The module owning the table registers it
 * (`registry.register(...)` in its onModuleInit); kinds without a counter count 0.
 */
export interface SeenCounter {
  source: SeenSource;
  table: PgTable;
  /** What the caller may see: the record type's policy (`policy.where(auth, 'read')`). */
  scope: (auth: AuthContext) => SQL | undefined;
  /** What the kind's list shows by default (e.g. no deactivated users), so tile and list agree. */
  where?: (auth: AuthContext) => SQL | undefined;
}

@Injectable()
export class SeenCounterRegistry {
  private readonly counters = new Map<SeenKind, SeenCounter>();

  register(counter: SeenCounter): void {
    this.counters.set(counter.source.kind, counter);
  }

  get(kind: SeenKind): SeenCounter | undefined {
    return this.counters.get(kind);
  }
}
