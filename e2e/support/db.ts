import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { e2eEnv } from './env.js';

/** Runs one SQL statement against the suite's database (PostgreSQL only). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eEnv.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Creates a user straight in the database, the way an administrator's new account looks. */
export async function createUser(opts: { username: string; password: string; roles: string[]; oncePassword: boolean }): Promise<string> {
  // @node-rs/argon2 hashes with argon2id by default, as the backend does.
  const passwordHash = await hash(opts.password);
  const rows = await sql<{ id: string }>(
    `INSERT INTO users (username, password_hash, roles, once_password, firstname, lastname)
     VALUES ($1, $2, $3::text[], $4, 'Erika', 'Einmal') RETURNING id`,
    [opts.username, passwordHash, opts.roles, opts.oncePassword],
  );
  return rows[0]!.id;
}

