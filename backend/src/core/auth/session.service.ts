import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { UnitOfWork } from '../db/unit-of-work.js';
import { MatrixService } from '../permissions/matrix.service.js';
import { ActiveSessionCache } from './active-session-cache.js';
import { AuthContext } from './auth-context.js';
import { SessionBroadcast } from './session-broadcast.js';
import { type SessionEvent, SessionEvents } from './session-events.js';
import { type ActiveSessionRow, SessionsRepository } from './sessions.repository.js';

interface TokenPayload {
  sid: string;
  sub: string;
  exp?: number;
}

/** Refresh last_seen_at at most this often, to keep requests read-only on the hot path. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/** Verified tokens remembered per instance (oldest forgotten first). */
const VERIFIED_TOKENS_MAX = 10_000;
const SESSION_ID = /^[0-9a-f-]{36}$/i;
/** How long an HTTP request may use a session row read by an earlier one (see `rows`). */
const SESSION_ROW_TTL_MS = 1000;

@Injectable()
export class SessionService {
  private readonly jwt: JwtService;
  /**
   * Tokens whose signature was verified, with their session id and expiry. A signature stays valid
   * for the token's lifetime, so verifying (HMAC, and jsonwebtoken's key parsing) once per token
   * and instance is enough; whether the session is still active is read from the database on every
   * request all the same.
   */
  private readonly verified = new Map<string, { sessionId: string; expiresAt: number }>();
  /**
   * Session rows for HTTP requests, reused for at most SESSION_ROW_TTL_MS. Every ended session, user
   * change and rights-matrix change drops them at once: those of this process through SessionEvents,
   * and on PostgreSQL those of the other instances through SessionBroadcast (LISTEN/NOTIFY), whose
   * revocations are announced in the revoking transaction. On PostgreSQL the rows are used only
   * while this instance hears the others (`broadcast.listening`); else each request reads its row.
   */
  private readonly rows = new ActiveSessionCache(SESSION_ROW_TTL_MS);

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly matrix: MatrixService,
    private readonly events: SessionEvents,
    private readonly unitOfWork: UnitOfWork,
    private readonly broadcast: SessionBroadcast,
  ) {
    events.subscribe((event) => this.rows.apply(event));
    broadcast.receive((invalidation) => this.rows.apply(invalidation));
    this.jwt = new JwtService({ secret: config.jwtSecret, signOptions: { algorithm: 'HS256', expiresIn: '30d' }, verifyOptions: { algorithms: ['HS256'] } });
  }

  /** Opens a server-side session and returns its signed token. */
  async issue(userId: string, masqueradeOf: string | null = null): Promise<{ token: string; sessionId: string }> {
    const sessionId = await this.sessions.create(userId, masqueradeOf);
    const token = await this.jwt.signAsync({ sid: sessionId, sub: userId } satisfies TokenPayload);
    return { token, sessionId };
  }

  /** A new token for an existing session (e.g. the switch-back token of a masquerade, re-issued). */
  tokenFor(sessionId: string, userId: string): Promise<string> {
    return this.jwt.signAsync({ sid: sessionId, sub: userId } satisfies TokenPayload);
  }

  /** The session id inside a validly signed, unexpired token, or null. */
  async sessionIdOf(token: string): Promise<string | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.sessionId;
      this.verified.delete(token);
    }
    let payload: TokenPayload;
    try {
      payload = await this.jwt.verifyAsync<TokenPayload>(token);
    } catch {
      return null;
    }
    if (typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) return null;
    // Tokens carry an expiry (signOptions); one without is checked again after a minute.
    const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now() + 60_000;
    if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { sessionId: payload.sid, expiresAt });
    return payload.sid;
  }

  /**
   * The caller behind a token, or null when the token is invalid, revoked or the user deactivated.
   * `recent`: a session row read by an earlier request of this instance will do (HTTP requests;
   * see `rows`); otherwise (sockets and their re-checks) the database is read.
   */
  async authenticate(token: string | undefined | null, options: { recent?: boolean } = {}): Promise<AuthContext | null> {
    if (!token) return null;
    const sessionId = await this.sessionIdOf(token);
    if (!sessionId) return null;
    const load = () => this.sessions.findActive(sessionId);
    let row: ActiveSessionRow | null;
    // Inside a unit of work the row is read in its transaction and not remembered; on PostgreSQL
    // only rows this instance would hear about are remembered.
    if (this.unitOfWork.active || (this.broadcast.enabled && !this.broadcast.listening)) row = await load();
    else row = options.recent ? await this.rows.read(sessionId, load) : await this.rows.store(sessionId, load);
    if (!row || row.status === 'removed' || !row.assignmentActive) return null;
    const permissions = await this.matrix.permissionsFor(row.aclVersion, row.roles, row.hasContract);
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.sessions.touch(sessionId);
      row.lastSeenAt = new Date();
    }
    return new AuthContext(
      sessionId,
      token,
      { id: row.userId, username: row.username, roles: row.roles, homeId: row.homeId, doctorId: row.doctorId, oncePassword: row.oncePassword },
      permissions,
      row.hasContract,
      row.masqueradeOf,
    );
  }

  /**
   * Ends the session (and masquerades opened from it). The other instances are told in the same
   * transaction; this process's sockets and cache once it is committed (at once outside a unit of work).
   */
  async revoke(sessionId: string): Promise<void> {
    const ended = await this.sessions.revoke(sessionId);
    // The given id too: a socket may still hang on a session someone revoked before.
    await this.ended({ sessionIds: [...new Set([sessionId, ...ended])] });
  }

  /**
   * Ends every session of the user except `exceptSessionId` (the caller's own, when given), told
   * like `revoke`.
   */
  async revokeAllForUser(userId: string, options: { exceptSessionId?: string | null } = {}): Promise<void> {
    const exceptSessionId = options.exceptSessionId ?? null;
    const ended = await this.sessions.revokeAllForUser(userId, exceptSessionId);
    // The user's room as well: a socket may still hang on a session revoked before.
    await this.ended({ sessionIds: ended, userId, exceptSessionId });
  }

  private async ended(target: Extract<SessionEvent, { kind: 'sessionsEnded' }>['target']): Promise<void> {
    const event: SessionEvent = { kind: 'sessionsEnded', target };
    await this.broadcast.announce(event);
    this.unitOfWork.afterCommit(() => this.events.publish(event, { announced: true }));
  }

  /**
   * Forgets what the instances remember of the user's sessions: call after a change to the user
   * (roles, home, doctor, status, one-time password) is committed.
   */
  forgetUser(userId: string): void {
    this.rows.forgetUser(userId);
    this.broadcast.send({ kind: 'userForgotten', userId });
  }

  findSession(sessionId: string) {
    return this.sessions.findById(sessionId);
  }
}
