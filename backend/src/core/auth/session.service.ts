import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { MatrixService } from '../permissions/matrix.service.js';
import { AuthContext } from './auth-context.js';
import { SessionEvents } from './session-events.js';
import { SessionsRepository } from './sessions.repository.js';

interface TokenPayload {
  sid: string;
  sub: string;
}

/** Refresh last_seen_at at most this often, to keep requests read-only on the hot path. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

@Injectable()
export class SessionService {
  private readonly jwt: JwtService;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly matrix: MatrixService,
    private readonly events: SessionEvents,
  ) {
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

  /** The session id inside a validly signed token, or null. */
  async sessionIdOf(token: string): Promise<string | null> {
    try {
      const payload = await this.jwt.verifyAsync<TokenPayload>(token);
      return typeof payload.sid === 'string' && /^[0-9a-f-]{36}$/i.test(payload.sid) ? payload.sid : null;
    } catch {
      return null;
    }
  }

  /** The caller behind a token, or null when the token is invalid, revoked or the user deactivated. */
  async authenticate(token: string | undefined | null): Promise<AuthContext | null> {
    if (!token) return null;
    const sessionId = await this.sessionIdOf(token);
    if (!sessionId) return null;
    const row = await this.sessions.findActive(sessionId);
    if (!row || row.status === 'removed') return null;
    const permissions = await this.matrix.permissionsFor(row.aclVersion, row.roles, row.hasContract);
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await this.sessions.touch(sessionId);
    return new AuthContext(
      sessionId,
      token,
      { id: row.userId, username: row.username, roles: row.roles, homeId: row.homeId, doctorId: row.doctorId, oncePassword: row.oncePassword },
      permissions,
      row.hasContract,
      row.masqueradeOf,
    );
  }

  /** Ends the session (and masquerades opened from it); its sockets are disconnected at once. */
  async revoke(sessionId: string): Promise<void> {
    const ended = await this.sessions.revoke(sessionId);
    // The given id too: a socket may still hang on a session someone revoked before.
    this.events.sessionsEnded({ sessionIds: [...new Set([sessionId, ...ended])] });
  }

  /** Ends every session of the user; their sockets are disconnected at once. */
  async revokeAllForUser(userId: string): Promise<void> {
    const ended = await this.sessions.revokeAllForUser(userId);
    this.events.sessionsEnded({ sessionIds: ended });
  }

  findSession(sessionId: string) {
    return this.sessions.findById(sessionId);
  }
}
