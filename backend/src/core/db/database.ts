import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Logger } from '@nestjs/common';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../../db/schema/index.js';
import type { AppConfig } from '../config/app-config.js';
import { prepareRepeatedReads } from './prepared-statements.js';

export type Schema = typeof schema;
/** Both drivers produce this type, so repositories are identical on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Database;
  driver: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Any number that fits a bigint: serialises concurrent migrations of several instances. */
const MIGRATION_LOCK = 724_2024_02;

export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'migrationsDir'>): Promise<DatabaseHandle> {
  const migrationsFolder = config.migrationsDir;
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (error) => new Logger('Database').warn(`Idle PostgreSQL connection lost: ${error.message}`));
    prepareRepeatedReads(pool);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      async migrate() {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = path.join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // pg_trgm serves the infix name search of the master-data lists (migration 0004 creates the extension).
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
