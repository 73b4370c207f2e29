import { Inject, Injectable } from '@nestjs/common';
import { desc, eq, sql } from 'drizzle-orm';
import type { AclMatrix } from '@mediport/contracts';
import { aclMatrix } from '../../db/schema/index.js';
import type { Database } from '../db/database.js';
import { DB } from '../db/db.module.js';

@Injectable()
export class AclMatrixRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async currentVersion(): Promise<number> {
    const [row] = await this.db.select({ v: sql<number>`max(${aclMatrix.version})`.mapWith(Number) }).from(aclMatrix);
    return row?.v ?? 0;
  }

  async load(version: number): Promise<AclMatrix | null> {
    const [row] = await this.db.select({ matrix: aclMatrix.matrix }).from(aclMatrix).where(eq(aclMatrix.version, version));
    return row?.matrix ?? null;
  }

  async latest(): Promise<{ version: number; matrix: AclMatrix } | null> {
    const [row] = await this.db.select({ version: aclMatrix.version, matrix: aclMatrix.matrix }).from(aclMatrix).orderBy(desc(aclMatrix.version)).limit(1);
    return row ?? null;
  }

  /** Inserts the next version; false when another instance took that version number first. */
  async insertVersion(version: number, matrix: AclMatrix, createdBy: string): Promise<boolean> {
    const rows = await this.db.insert(aclMatrix).values({ version, matrix, createdBy }).onConflictDoNothing().returning({ version: aclMatrix.version });
    return rows.length === 1;
  }
}
