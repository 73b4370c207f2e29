import { createHash } from 'node:crypto';
import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { API_MESSAGES, SOCKET_EVENTS, type SocketEventPayloads } from '@mediport/contracts';
import { AUTH_HEADER } from '../auth/current-auth.decorator.js';
import type { AuthContext } from '../auth/auth-context.js';
import { type SessionEvent, SessionEvents } from '../auth/session-events.js';
import { SessionService } from '../auth/session.service.js';
import { APP_CONFIG } from '../config/config.module.js';
import { POLICIES } from '../permissions/policies/index.js';
import type { AppConfig } from '../config/app-config.js';

export const rooms = {
  user: (id: string) => `user:${id}`,
  role: (role: string) => `role:${role}`,
  /** One session's sockets; only for ending them, never for area events. */
  session: (id: string) => `session:${id}`,
};

/**
 * Room names a signed-in socket joins: its user, each role, and the rooms each record policy names
 * for the caller (what its read scopes admit). An area announces a record to the policy's
 * audience of that record, so who receives an event is decided by the same rule as who may read.
 */
export function roomsFor(auth: AuthContext): string[] {
  const out = [rooms.user(auth.userId), ...auth.user.roles.map(rooms.role)];
  for (const policy of Object.values(POLICIES)) out.push(...policy.rooms(auth));
  return out;
}

/** What a socket was admitted with: when this changes, its rooms or rights are stale. */
function fingerprintOf(auth: AuthContext): string {
  const basis = JSON.stringify([[...roomsFor(auth)].sort(), [...auth.permissions].sort()]);
  return createHash('sha256').update(basis).digest('base64url');
}

function tokenOf(client: Socket): string | undefined {
  const fromAuth = (client.handshake.auth as { token?: unknown } | undefined)?.token;
  const header = client.handshake.headers[AUTH_HEADER];
  return typeof fromAuth === 'string' ? fromAuth : Array.isArray(header) ? header[0] : header;
}

/** The sockets an announcement goes to: the whole server, or a room selection (on every instance). */
interface Audience {
  emit(event: string, payload: unknown): unknown;
  disconnectSockets(close?: boolean): void;
  readonly local: { disconnectSockets(close?: boolean): void };
}

/** The sweep re-checks this many sockets at once (one query each). */
const SWEEP_BATCH = 25;
/** How long shutdown waits for Redis to confirm QUIT. */
const REDIS_QUIT_MS = 1000;

/**
 * socket.io at /socket.io. Authenticates with the API token on connect (handshake auth.token or
 * the x-auth-token header); on failure it emits 'unauthorized' and disconnects.
 *
 * Sockets follow their session: when it ends (SessionEvents.sessionsEnded) they get 'unauthorized'
 * and are disconnected; when what the user may see changes (userChanged, matrixChanged) they get
 * 'reauth' and are disconnected, so the client connects again with its token and joins fresh rooms.
 * With REDIS_URL the Redis adapter carries both to sockets on every instance; a sweep every
 * SOCKET_SWEEP_MS re-checks the local sockets in case an announcement never arrived (another
 * instance without Redis, a change made in the database directly).
 *
 * How areas emit: after their transaction committed, to the audience its record policy names for
 * the record (`emitTo(policy.audience(record), ...)`): the rooms of exactly the callers the policy's
 * read scopes admit, so the live channel and the WHERE clause cannot disagree. Since a socket's
 * rooms come from its session at connect and it is disconnected as soon as that session or its
 * rights change, a socket never gets events for records its user may no longer see. Never emit to
 * a socket picked by hand, and never before commit (a rollback would leave clients with a record
 * that does not exist).
 */
// No CORS: the shell connects from its own origin; with CORS_ORIGINS set, afterInit allows those origins.
@WebSocketGateway({ path: '/socket.io' })
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server!: Server;

  /** What each local socket was admitted with (see fingerprintOf). */
  private readonly admitted = new WeakMap<Socket, string>();
  /** Counts announcements made on this instance, so a handshake that raced one checks again (the sweep covers other instances). */
  private eventCount = 0;
  private unsubscribe: (() => void) | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping = false;
  private redis: { pub: Redis; sub: Redis; restore: ServerOptions['adapter'] | undefined } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionService,
    private readonly events: SessionEvents,
  ) {}

  /**
   * The configured CORS allow-list for socket.io's HTTP polling (browsers apply no CORS to
   * WebSockets; a handshake from another, unlisted origin is refused as well).
   */
  private allowOrigins(server: Server, origins: readonly string[]): void {
    server.engine.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const origin = req.headers.origin;
      if (origin && origins.includes(origin)) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Allow-Headers', 'content-type, x-auth-token');
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST');
        res.setHeader('Vary', 'Origin');
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(origin && origins.includes(origin) ? 204 : 403);
        res.end();
        return;
      }
      next();
    });
    server.engine.opts.allowRequest = (req, callback) => {
      const origin = req.headers.origin;
      const host = req.headers.host;
      const sameOrigin = !origin || (host !== undefined && new URL(origin).host === host);
      callback(null, sameOrigin || origins.includes(origin));
    };
  }

  afterInit(server: Server): void {
    if (this.config.corsOrigins.length) this.allowOrigins(server, this.config.corsOrigins);
    if (this.config.redisUrl) this.useRedis(server, this.config.redisUrl);
    this.unsubscribe = this.events.subscribe((event) => this.onSessionEvent(event));
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.socketSweepMs);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (!this.redis) return;
    // socket.io closes the adapter again after this hook; hand it the in-memory one so that second
    // close does not reach Redis clients that are gone by then.
    const { pub, sub, restore } = this.redis;
    this.redis = null;
    const redisAdapter = this.server.sockets.adapter;
    if (restore) this.server.adapter(restore);
    await redisAdapter.close();
    // QUIT waits for an answer that never comes while Redis is down: give it a moment, then drop.
    const quit = Promise.allSettled([pub.quit(), sub.quit()]);
    await Promise.race([quit, new Promise((resolve) => setTimeout(resolve, REDIS_QUIT_MS).unref())]);
    pub.disconnect();
    sub.disconnect();
  }

  async handleConnection(client: Socket): Promise<void> {
    const seenBefore = this.eventCount;
    try {
      const auth = await this.sessions.authenticate(tokenOf(client));
      if (!client.connected) return;
      if (!auth) return this.reject(client);
      client.data.userId = auth.userId;
      client.data.sessionId = auth.sessionId;
      const joined = [...roomsFor(auth), rooms.session(auth.sessionId)];
      await client.join(joined);
      this.admitted.set(client, fingerprintOf(auth));
      // An announcement between the check and the join could not reach this socket yet.
      if (this.eventCount !== seenBefore && !(await this.recheck(client))) return;
      this.tell(client, SOCKET_EVENTS.ready, { rooms: joined });
    } catch (error) {
      this.logger.warn(`Socket authentication failed: ${error instanceof Error ? error.message : String(error)}`);
      this.reject(client);
    }
  }

  /** Sends an event to rooms (a policy's audience, user:<id>, role:<ROLE>); see the class comment. */
  emitTo(room: string | readonly string[], event: string, payload: unknown): void {
    if (typeof room !== 'string' && !room.length) return;
    // A socket in several of the rooms gets the event once.
    this.server?.to(room as string | string[]).emit(event, payload);
  }

  private onSessionEvent(event: SessionEvent): void {
    this.eventCount++;
    if (!this.server) return;
    switch (event.kind) {
      case 'sessionsEnded': {
        const { sessionIds = [], userId, exceptSessionId } = event.target;
        const selected = [...sessionIds.map(rooms.session), ...(userId ? [rooms.user(userId)] : [])];
        if (!selected.length) return;
        const audience = exceptSessionId ? this.server.to(selected).except(rooms.session(exceptSessionId)) : this.server.to(selected);
        return this.endAll(audience, SOCKET_EVENTS.unauthorized, { message: API_MESSAGES.unauthenticated });
      }
      case 'userChanged':
        return this.endAll(this.server.to(rooms.user(event.userId)), SOCKET_EVENTS.reauth, { reason: 'user_changed' });
      case 'matrixChanged':
        return this.endAll(this.server, SOCKET_EVENTS.reauth, { reason: 'matrix_changed' });
    }
  }

  /** Tells the sockets why, then disconnects them (the Redis adapter keeps this order across instances). */
  private endAll<E extends keyof SocketEventPayloads>(audience: Audience, event: E, payload: SocketEventPayloads[E]): void {
    audience.emit(event, payload);
    // The Redis adapter disconnects local sockets only when its own request comes back from Redis:
    // end them here first, so a slow or unreachable Redis never keeps a revoked socket open.
    audience.local.disconnectSockets(true);
    audience.disconnectSockets(true);
  }

  private tell<E extends keyof SocketEventPayloads>(client: Socket, event: E, payload: SocketEventPayloads[E]): void {
    client.emit(event, payload);
  }

  private reject(client: Socket): void {
    this.tell(client, SOCKET_EVENTS.unauthorized, { message: API_MESSAGES.unauthenticated });
    client.disconnect(true);
  }

  /** Re-checks every socket of this instance; the safety net behind the announcements. */
  private async sweep(): Promise<void> {
    if (this.sweeping || !this.server) return;
    this.sweeping = true;
    try {
      const local = [...this.server.sockets.sockets.values()];
      for (let i = 0; i < local.length; i += SWEEP_BATCH) await Promise.all(local.slice(i, i + SWEEP_BATCH).map((c) => this.recheck(c)));
    } finally {
      this.sweeping = false;
    }
  }

  /** Authenticates a socket again; disconnects it when its session ended or its rooms / rights changed. */
  private async recheck(client: Socket): Promise<boolean> {
    if (!client.connected || !this.admitted.has(client)) return client.connected;
    let auth: AuthContext | null;
    try {
      auth = await this.sessions.authenticate(tokenOf(client));
    } catch (error) {
      // The database did not answer: keep the socket, the next sweep decides.
      this.logger.warn(`Socket re-check failed: ${error instanceof Error ? error.message : String(error)}`);
      return true;
    }
    if (!client.connected) return false;
    if (!auth || auth.sessionId !== client.data.sessionId) {
      this.reject(client);
      return false;
    }
    if (fingerprintOf(auth) !== this.admitted.get(client)) {
      this.tell(client, SOCKET_EVENTS.reauth, { reason: 'access_changed' });
      client.disconnect(true);
      return false;
    }
    return true;
  }

  private useRedis(server: Server, url: string): void {
    const pub = new Redis(url);
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    this.redis = { pub, sub, restore: server.adapter() };
    server.adapter(createAdapter(pub, sub, { key: `${this.config.redisPrefix}:socket.io` }));
  }
}
