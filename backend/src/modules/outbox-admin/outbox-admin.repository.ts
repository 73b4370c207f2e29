import { Inject, Injectable } from '@nestjs/common';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { users } from '../../db/schema/index.js';

/** The names the outbox page shows for the users who queued messages. */
@Injectable()
export class OutboxAdminRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** "Vorname Nachname" (else the username) per user id; one query for a whole page. */
  async userNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: users.id, username: users.username, firstname: users.firstname, lastname: users.lastname })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((u) => [u.id, `${u.firstname} ${u.lastname}`.trim() || u.username]));
  }
}
