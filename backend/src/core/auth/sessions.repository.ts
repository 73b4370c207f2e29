import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { Role } from '@mediport/contracts';
import { aclMatrix, sessions, users } from '../../db/schema/index.js';
import { berlinDate, Clock } from '../clock/clock.js';
import { hasContractSql } from '../permissions/contract-rights.js';
import type { Database } from '../db/database.js';
import { assignmentActive } from './assignment-active.js';
import { DB } from '../db/db.module.js';
import { UnitOfWork } from '../db/unit-of-work.js';

export interface ActiveSessionRow {
  sessionId: string;
  masqueradeOf: string | null;
  lastSeenAt: Date;
  userId: string;
  username: string;
  roles: Role[];
  homeId: string | null;
  doctorId: string | null;
  oncePassword: boolean;
  status: string;
  aclVersion: number;
  hasContract: boolean;
  /** False while the user's doctor or home is deactivated: the session is refused. */
  assignmentActive: boolean;
}

@Injectable()
export class SessionsRepository {
  /** findActive as a prepared query, built on first use outside a unit of work. */
  private preparedActive?: ReturnType<ReturnType<SessionsRepository['activeSession']>['prepare']>;

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, masqueradeOf: string | null = null): Promise<string> {
    const [row] = await this.db.insert(sessions).values({ userId, masqueradeOf }).returning({ id: sessions.id });
    return row!.id;
  }

  /**
   * One round trip per request: session, user, matrix version and whether a contract exists.
   * Outside a unit of work it runs as a prepared query (SQL and column mapping built once, a named
   * statement on PostgreSQL); inside one it is built on the unit's transaction like any query.
   */
  async findActive(sessionId: string): Promise<ActiveSessionRow | null> {
    // Whether a contract is in force depends on the day: today in Germany, by the application's clock.
    const today = berlinDate(this.clock.now());
    const rows = this.unitOfWork.active
      ? await this.activeSession(sessionId, today)
      : await (this.preparedActive ??= this.activeSession(sql.placeholder('sessionId'), sql.placeholder('today')).prepare('session_find_active')).execute({ sessionId, today });
    const row = rows[0];
    return row ? { ...row, roles: row.roles as Role[] } : null;
  }

  private activeSession(sessionId: string | Placeholder, today: string | Placeholder) {
    return this.db
      .select({
        sessionId: sessions.id,
        masqueradeOf: sessions.masqueradeOf,
        lastSeenAt: sessions.lastSeenAt,
        userId: users.id,
        username: users.username,
        roles: users.roles,
        homeId: users.homeId,
        doctorId: users.doctorId,
        oncePassword: users.oncePassword,
        status: users.status,
        aclVersion: sql<number>`(select coalesce(max(${aclMatrix.version}), 0) from ${aclMatrix})`.mapWith(Number),
        assignmentActive: assignmentActive().mapWith(Boolean),
        hasContract: hasContractSql({ home: sql`${users.homeId}`, doctor: sql`${users.doctorId}` }, today).mapWith(Boolean),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .limit(1);
  }

  /** NOTIFY on `channel`: inside a unit of work PostgreSQL delivers it with the commit (and never on rollback). */
  async notify(channel: string, payload: string): Promise<void> {
    await this.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  async findById(sessionId: string) {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    return row ?? null;
  }

  async touch(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /** Ends the session and every masquerade session opened from it, down the chain; returns the ids it ended. */
  async revoke(sessionId: string): Promise<string[]> {
    return this.revokeWithMasquerades(sql`${sessions.id} = ${sessionId}`);
  }

  /**
   * Ends every session of the user, including masquerade sessions into that user and those the user
   * opened into others (down the chain), except `exceptSessionId` (the caller's own, when given) and
   * what was opened from it; returns the ids it ended.
   */
  async revokeAllForUser(userId: string, exceptSessionId: string | null = null): Promise<string[]> {
    return this.revokeWithMasquerades(sql`${sessions.userId} = ${userId}${exceptSessionId ? sql` and ${sessions.id} <> ${exceptSessionId}` : sql``}`);
  }

  /**
   * Revokes the open sessions matching `where` and every open session opened from one of them by a
   * masquerade, however deep (an administrator who is signed out, deactivated or loses the role
   * leaves no session acting as someone else behind). One statement, by sessions_masquerade_idx.
   */
  private async revokeWithMasquerades(where: ReturnType<typeof sql>): Promise<string[]> {
    const result = await this.db.execute<{ id: string }>(sql`
      with recursive doomed(id) as (
        select ${sessions.id} from ${sessions} where ${where} and ${sessions.revokedAt} is null
        union
        select s.id from ${sessions} s join doomed d on s.masquerade_of = d.id where s.revoked_at is null
      )
      update ${sessions} set revoked_at = now() where ${sessions.id} in (select id from doomed) and ${sessions.revokedAt} is null
      returning ${sessions.id} as id`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }
}
