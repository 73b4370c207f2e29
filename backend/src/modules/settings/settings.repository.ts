import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { settings } from '../../db/schema/index.js';

export type SettingsRow = typeof settings.$inferSelect;

@Injectable()
export class SettingsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async get(): Promise<SettingsRow | null> {
    const [row] = await this.db.select().from(settings).where(eq(settings.id, 1)).limit(1);
    return row ?? null;
  }
}
