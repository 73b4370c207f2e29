import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DocumentDecision } from '@mediport/contracts';
import { DB } from '../../core/db/db.module.js';
import type { Database } from '../../core/db/database.js';
import { profileDocuments } from '../../db/schema/index.js';

export type ProfileDocumentRow = typeof profileDocuments.$inferSelect;

@Injectable()
export class ProfileDocumentsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  list(userId: string): Promise<ProfileDocumentRow[]> {
    return this.db.select().from(profileDocuments).where(eq(profileDocuments.userId, userId)).orderBy(asc(profileDocuments.createdAt), asc(profileDocuments.name));
  }

  async find(userId: string, name: string): Promise<ProfileDocumentRow | null> {
    const [row] = await this.db
      .select()
      .from(profileDocuments)
      .where(and(eq(profileDocuments.userId, userId), eq(profileDocuments.name, name)))
      .limit(1);
    return row ?? null;
  }

  async countAll(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(profileDocuments);
    return row?.n ?? 0;
  }

  /**
   * Places a document under a name: a new row, or the existing one of that name gets the new file
   * and its decision is reset (changed terms must be accepted again). Answers the replaced file id.
   */
  async place(userId: string, name: string, fileId: string, createdBy: string | null): Promise<{ row: ProfileDocumentRow; replacedFileId: string | null }> {
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(profileDocuments)
        .where(and(eq(profileDocuments.userId, userId), eq(profileDocuments.name, name)))
        .for('update')
        .limit(1);
      if (existing) {
        const [row] = await tx
          .update(profileDocuments)
          .set({ fileId, decision: '', decidedAt: null, createdBy, createdAt: new Date() })
          .where(eq(profileDocuments.id, existing.id))
          .returning();
        return { row: row!, replacedFileId: existing.fileId };
      }
      const [row] = await tx.insert(profileDocuments).values({ userId, name, fileId, createdBy }).returning();
      return { row: row!, replacedFileId: null };
    });
  }

  async decide(id: string, decision: DocumentDecision): Promise<ProfileDocumentRow> {
    const [row] = await this.db.update(profileDocuments).set({ decision, decidedAt: new Date() }).where(eq(profileDocuments.id, id)).returning();
    return row!;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(profileDocuments).where(eq(profileDocuments.id, id));
  }
}
