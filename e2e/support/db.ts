import { hash } from '@node-rs/argon2';
import type { APIRequestContext } from '@playwright/test';
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

/**
 * Creates a user through the users API as the demo admin: the way without database access
 * (PGlite fallback, where only the backend process may open the database).
 */
export async function createUserViaApi(
  request: APIRequestContext,
  opts: { username: string; password: string; roles: string[]; oncePassword: boolean },
): Promise<string> {
  const signIn = await request.post('/api/auth', { data: { username: 'admin', password: 'Demo#Passwort24!' } });
  if (!signIn.ok()) throw new Error(`admin sign-in failed: ${signIn.status()}`);
  const headers = { 'x-auth-token': (await signIn.json()).token as string };
  const res = await request.post('/api/users', {
    headers,
    data: { username: opts.username, roles: opts.roles, password: opts.password, password_confirm: opts.password, once_password: opts.oncePassword, chargeable: 0 },
  });
  if (!res.ok()) throw new Error(`POST /api/users failed: ${res.status()} ${await res.text()}`);
  await request.post('/api/auth/logout', { headers });
  return (await res.json())._id as string;
}
