import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { MedicineSortField } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type ListSource, runList } from '../../core/http/list.js';
import { medicines } from '../../db/schema/index.js';

export type MedicineRow = typeof medicines.$inferSelect;

export interface MedicineListFilter {
  disabled?: boolean;
  text?: string;
}

export type MedicineListOptions = ListQuery<MedicineSortField, MedicineListFilter>;

/**
 * The medicine list in the one list layer. Names sort case-insensitively (byte order of the
 * lower-cased name, identical on both drivers); filter[text] matches the typed text as a whole.
 */
const MEDICINE_LIST: ListSource<MedicineSortField> = {
  table: medicines,
  id: medicines.id,
  sort: { name: sql`lower(${medicines.name})`, group: medicines.group, disabled: medicines.disabled },
  tieBreak: [sql`lower(${medicines.name})`],
  search: medicines.name,
  searchMode: 'phrase',
};

@Injectable()
export class MedicinesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  list(options: MedicineListOptions): Promise<{ rows: MedicineRow[]; count: number }> {
    const { disabled } = options.filter;
    return runList(this.db, MEDICINE_LIST, { query: options, scope: undefined, where: [disabled === undefined ? undefined : eq(medicines.disabled, disabled)] }, (plan) =>
      this.db
        .select()
        .from(medicines)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .offset(plan.offset)
        .limit(plan.limit),
    );
  }

  async findById(id: string): Promise<MedicineRow | null> {
    const [row] = await this.db.select().from(medicines).where(eq(medicines.id, id)).limit(1);
    return row ?? null;
  }

  /** Case-insensitive (served by the unique index on lower(name)). */
  async findByName(name: string): Promise<MedicineRow | null> {
    const [row] = await this.db
      .select()
      .from(medicines)
      .where(sql`lower(${medicines.name}) = lower(${name})`)
      .limit(1);
    return row ?? null;
  }

  async setDisabled(id: string, disabled: boolean): Promise<MedicineRow | null> {
    const [row] = await this.db.update(medicines).set({ disabled, modifiedAt: new Date() }).where(eq(medicines.id, id)).returning();
    return row ?? null;
  }

  /** Inserts a medicine unless one with that name exists (any case); answers the stored row. */
  async ensure(name: string, group: string, disabled = false): Promise<MedicineRow> {
    await this.db.insert(medicines).values({ name, group, disabled }).onConflictDoNothing();
    return (await this.findByName(name))!;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(medicines);
    return row?.n ?? 0;
  }
}
