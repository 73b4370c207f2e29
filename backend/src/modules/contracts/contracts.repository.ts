import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { contracts } from '../../db/schema/index.js';

@Injectable()
export class ContractsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async exists(owner: { home?: string; doctor?: string }): Promise<boolean> {
    const byOwner = owner.home ? eq(contracts.homeId, owner.home) : eq(contracts.doctorId, owner.doctor!);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(contracts)
      .where(and(byOwner, eq(contracts.state, 'active')));
    return (row?.n ?? 0) > 0;
  }
}
