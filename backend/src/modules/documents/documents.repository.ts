import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray } from 'drizzle-orm';
import type { Snippet } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { doctors, users } from '../../db/schema/index.js';

/** What the prescription requests read beside the orders: the caller's snippets, the doctors' addresses. */
@Injectable()
export class DocumentsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async snippets(userId: string): Promise<Snippet[]> {
    const [row] = await this.db.select({ snippets: users.snippets }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.snippets ?? [];
  }

  doctors(ids: string[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .select({ id: doctors.id, title: doctors.title, firstname: doctors.firstname, lastname: doctors.lastname, email: doctors.email, fax: doctors.fax, preferred: doctors.preferred })
      .from(doctors)
      .where(inArray(doctors.id, ids));
  }
}
