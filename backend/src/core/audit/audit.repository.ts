import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, sessions } from '../../db/schema/index.js';
import type { Database } from '../db/database.js';
import { DB } from '../db/db.module.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  target?: string | null;
  meta?: Record<string, unknown>;
}

@Injectable()
export class AuditRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insert(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({ actorId: entry.actorId, action: entry.action, target: entry.target ?? null, meta: entry.meta ?? {} });
  }

  /** The user of a session and the session it was opened from (masquerade), or null. */
  async sessionLink(sessionId: string): Promise<{ userId: string; masqueradeOf: string | null } | null> {
    const [row] = await this.db
      .select({ userId: sessions.userId, masqueradeOf: sessions.masqueradeOf })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row ?? null;
  }

  find(filter: { action?: string; actorId?: string }, limit = 100) {
    const conditions = [filter.action ? eq(auditLog.action, filter.action) : undefined, filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined];
    return this.db
      .select()
      .from(auditLog)
      .where(and(...conditions))
      .orderBy(desc(auditLog.at))
      .limit(limit);
  }
}
