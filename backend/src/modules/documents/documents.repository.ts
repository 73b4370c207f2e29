import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Snippet } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { qualified } from '../../core/http/list.js';
import { hasContractSql } from '../../core/permissions/contract-rights.js';
import { doctorOffices, doctors, documents, homes, taskEvents, users } from '../../db/schema/index.js';

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
      .select({
        id: doctors.id,
        title: doctors.title,
        firstname: doctors.firstname,
        lastname: doctors.lastname,
        email: doctors.email,
        fax: doctors.fax,
        preferred: doctors.preferred,
        deactivatedAt: doctors.deactivatedAt,
        // The letter's address: the doctor's own, else the practice's.
        street: sql<string>`coalesce(nullif(${doctors.street}, ''), ${doctorOffices.street}, '')`,
        place: sql<string>`case when ${doctors.street} <> '' then trim(${doctors.postalCode} || ' ' || ${doctors.city}) else trim(coalesce(${doctorOffices.zip}, '') || ' ' || coalesce(${doctorOffices.city}, '')) end`,
        practice: sql<string>`coalesce(${doctorOffices.name}, '')`,
      })
      .from(doctors)
      .leftJoin(doctorOffices, eq(doctorOffices.id, doctors.officeId))
      .where(inArray(doctors.id, ids));
  }

  async insert(values: typeof documents.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(documents).values(values).returning({ id: documents.id });
    return row!.id;
  }

  async find(id: string) {
    const [row] = await this.db.select().from(documents).where(eq(documents.id, id)).limit(1);
    return row ?? null;
  }

  async setState(id: string, state: string): Promise<void> {
    await this.db.update(documents).set({ state }).where(eq(documents.id, id));
  }

  /** One event per order of a document (recipe_request, email, fax, faxresponse), stamped in order. */
  async addEvents(taskIds: string[], values: { type: string; data: unknown; state?: string | null; document: string; createdBy: string | null }): Promise<string[]> {
    if (!taskIds.length) return [];
    const rows = await this.db
      .insert(taskEvents)
      // JSON null (an event with nothing more to say), not SQL NULL.
      .values(taskIds.map((taskId) => ({ taskId, type: values.type, data: values.data === null ? sql`'null'::jsonb` : values.data, state: values.state ?? null, document: values.document, createdBy: values.createdBy, createdAt: sql`clock_timestamp()` })))
      .returning({ id: taskEvents.id });
    return rows.map((r) => r.id);
  }

  /**
   * The care home's sender settings (name, phone, fax, logo, its address and e-mail) when one of its
   * contracts is in force on `today` (YYYY-MM-DD) and a sender name is set; else null.
   */
  async homeSender(homeId: string, today: string) {
    const [row] = await this.db
      .select({
        name: homes.senderName,
        phone: homes.senderPhone,
        fax: homes.senderFax,
        logo: homes.logo,
        street: homes.street,
        postalCode: homes.postalCode,
        city: homes.city,
        email: homes.email,
        inForce: hasContractSql({ home: qualified(homes.id) }, today).mapWith(Boolean),
      })
      .from(homes)
      .where(eq(homes.id, homeId))
      .limit(1);
    return row && row.inForce && row.name.trim() ? row : null;
  }
}
