import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';
import { files } from '../../db/schema/index.js';

export type FileRow = typeof files.$inferSelect;

@Injectable()
export class FilesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insert(row: typeof files.$inferInsert): Promise<FileRow> {
    const [created] = await this.db.insert(files).values(row).returning();
    return created!;
  }

  async find(id: string): Promise<FileRow | undefined> {
    const [row] = await this.db.select().from(files).where(eq(files.id, id)).limit(1);
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(files).where(eq(files.id, id));
  }
}
