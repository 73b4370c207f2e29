import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { MedicineSortField } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { medicines } from '../../db/schema/index.js';

export type MedicineRow = typeof medicines.$inferSelect;

export interface MedicineListFilter {
  disabled?: boolean;
  text?: string;
}

export type MedicineListOptions = ListQuery<MedicineSortField, MedicineListFilter>;

// Names sort case-insensitively (byte order of the lower-cased name, identical on both drivers).
const SORT_COLUMNS = { name: sql`lower(${medicines.name})`, group: medicines.group, disabled: medicines.disabled } as const;

/** `%` and `_` typed by the user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

@Injectable()
export class MedicinesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async list(options: MedicineListOptions): Promise<{ rows: MedicineRow[]; count: number }> {
    const conditions: (SQL | undefined)[] = [
      options.filter.disabled === undefined ? undefined : eq(medicines.disabled, options.filter.disabled),
      options.filter.text ? ilike(medicines.name, likePattern(options.filter.text)) : undefined,
    ];
    const where = and(...conditions);
    const column = SORT_COLUMNS[options.sort.field];
    const order = options.sort.desc ? desc(column) : asc(column);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(medicines)
        .where(where)
        .orderBy(order, asc(sql`lower(${medicines.name})`), asc(medicines.id))
        .offset(options.offset)
        .limit(options.limit),
      this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(medicines).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
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
