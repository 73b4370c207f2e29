import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';

/** What readiness asks the database: does it answer, and which drizzle migrations did it apply. */
@Injectable()
export class HealthRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  /** `created_at` of each applied migration: drizzle stores the journal's `when` of the file there. */
  async appliedMigrations(): Promise<number[]> {
    const result = (await this.db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as { rows: { created_at: unknown }[] };
    return result.rows.map((row) => Number(row.created_at));
  }
}
