import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { settings } from '../../db/schema/index.js';

export type SettingsRow = typeof settings.$inferSelect;

export type SettingsPatch = Partial<Pick<SettingsRow, 'company' | 'street' | 'postalCode' | 'city' | 'phone' | 'fax' | 'email' | 'debtorId' | 'instanceId' | 'creditorId' | 'creditorIban' | 'creditorBic' | 'logo'>>;

@Injectable()
export class SettingsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async get(): Promise<SettingsRow | null> {
    const [row] = await this.db.select().from(settings).where(eq(settings.id, 1)).limit(1);
    return row ?? null;
  }

  /** Updates the single row (created by ensureBaseData at boot). */
  async update(patch: SettingsPatch, modifiedBy: string): Promise<void> {
    await this.db
      .update(settings)
      .set({ ...patch, modifiedBy, modifiedAt: new Date() })
      .where(eq(settings.id, 1));
  }
}
