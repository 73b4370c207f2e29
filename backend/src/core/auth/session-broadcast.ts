import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import type { DatabaseHandle } from '../db/database.js';
import { DB_HANDLE } from '../db/db.tokens.js';
import type { SessionInvalidation } from './active-session-cache.js';
import { SessionEvents } from './session-events.js';
import { SessionsRepository } from './sessions.repository.js';

/** The PostgreSQL channel on which the instances tell each other about ended sessions and changed users. */
export const SESSION_CHANNEL = 'mediport_sessions';
/** NOTIFY payloads are limited to 8000 bytes: a longer message becomes a `flush`. */
const MAX_PAYLOAD = 7900;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;
/** The listening connection is checked this often; one that does not answer within PING_TIMEOUT_MS counts as lost. */
const PING_EVERY_MS = 10_000;
const PING_TIMEOUT_MS = 5_000;

type Receiver = (invalidation: SessionInvalidation) => void;

/**
 * Session invalidations between the instances that share one PostgreSQL database (LISTEN/NOTIFY on
 * SESSION_CHANNEL), so each instance may keep session rows for a moment (SessionService) and still
 * refuse a revoked session, a deactivated user or a changed role on the very next request:
 *
 * - `announce` sends a NOTIFY through the ambient unit of work: PostgreSQL queues it with the
 *   commit of the change (never for a rollback) and signals the listeners before the commit
 *   returns, so before the caller's answer is sent.
 * - Every event published on SessionEvents (by modules, after their commit) is sent as well.
 * - Notifications from other instances go to the receivers (the session cache). While the
 *   listening connection is down or not yet up, `listening` is false and the receivers get a
 *   `flush`, so nothing remembered outlives what this instance could not hear.
 *
 * Delivery is asynchronous: another instance drops the rows when PostgreSQL hands it the
 * notification (well under a millisecond here when the machine is idle, a few milliseconds when it
 * is overloaded). A request that reaches it in between is answered as if it had come a moment
 * before the change, like a request that read its session just before the change and finishes
 * after it.
 *
 * PGlite (one process per data folder) needs none of this: `enabled` is false there.
 */
@Injectable()
export class SessionBroadcast implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SessionBroadcast');
  /** Tells this instance's own notifications (already applied here) from those of the others. */
  private readonly origin = randomUUID();
  private readonly receivers = new Set<Receiver>();
  readonly enabled: boolean;
  private readonly url: string | null;
  private client: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private retryDelay = RETRY_MIN_MS;
  private stopped = false;
  private listeningNow = false;
  /** Notifications heard from the other instances so far (for monitoring and tests). */
  private heard = 0;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DB_HANDLE) database: DatabaseHandle,
    private readonly sessions: SessionsRepository,
    events: SessionEvents,
  ) {
    this.url = config.databaseUrl;
    this.enabled = database.driver === 'postgres' && this.url !== null;
    if (this.enabled) events.relayTo((event) => this.send(event));
  }

  /** Whether notifications of the other instances reach this one right now. */
  get listening(): boolean {
    return this.listeningNow;
  }

  /** How many notifications of the other instances this one has heard. */
  get received(): number {
    return this.heard;
  }

  /** Registers a receiver of the other instances' invalidations (and of a `flush` when listening starts or stops). */
  receive(receiver: Receiver): void {
    this.receivers.add(receiver);
  }

  /** Tells the other instances in the caller's unit of work (delivered with its commit); awaits the NOTIFY. */
  async announce(invalidation: SessionInvalidation): Promise<void> {
    if (!this.enabled) return;
    await this.sessions.notify(SESSION_CHANNEL, this.payload(invalidation));
  }

  /** Tells the other instances without waiting (the change is already committed); a failure is logged. */
  send(invalidation: SessionInvalidation): void {
    if (!this.enabled) return;
    this.sessions.notify(SESSION_CHANNEL, this.payload(invalidation)).catch((error: unknown) => {
      this.logger.warn(`Could not announce ${invalidation.kind} to the other instances: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.enabled) await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    const client = this.client;
    this.client = null;
    this.setListening(false);
    await client?.end().catch(() => undefined);
  }

  private payload(invalidation: SessionInvalidation): string {
    const text = JSON.stringify({ origin: this.origin, ...invalidation });
    return Buffer.byteLength(text) <= MAX_PAYLOAD ? text : JSON.stringify({ origin: this.origin, kind: 'flush' });
  }

  private async connect(): Promise<void> {
    this.retryTimer = null;
    if (this.stopped) return;
    // Bounded: the first attempt runs during boot, which must not hang on an unreachable server.
    const client = new pg.Client({ connectionString: this.url!, keepAlive: true, connectionTimeoutMillis: PING_TIMEOUT_MS, query_timeout: PING_TIMEOUT_MS });
    this.client = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.onNotification(message));
    try {
      await client.connect();
      await client.query(`listen ${SESSION_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) {
      await client.end().catch(() => undefined);
      return;
    }
    if (this.retryDelay > RETRY_MIN_MS) this.logger.log('Listening to the other instances again.');
    this.retryDelay = RETRY_MIN_MS;
    this.setListening(true);
    this.pingTimer = setInterval(() => {
      client.query('select 1').catch((error: unknown) => this.lost(client, error));
    }, PING_EVERY_MS).unref();
  }

  /** The listening connection failed or ended: stop trusting what is remembered, reconnect with a growing pause. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.setListening(false);
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(
      `Lost the session notifications of the other instances${error instanceof Error ? ` (${error.message})` : ''}; sessions are read from the database until they are back.`,
    );
    this.retryTimer = setTimeout(() => void this.connect(), this.retryDelay);
    this.retryTimer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
  }

  private setListening(listening: boolean): void {
    if (this.listeningNow === listening) return;
    this.listeningNow = listening;
    // Whatever happened while nobody listened was not heard: start from nothing either way.
    this.deliver({ kind: 'flush' });
  }

  private onNotification(message: pg.Notification): void {
    if (message.channel !== SESSION_CHANNEL) return;
    let parsed: ({ origin?: unknown } & SessionInvalidation) | null = null;
    try {
      parsed = JSON.parse(message.payload ?? '') as { origin?: unknown } & SessionInvalidation;
    } catch {
      // Unreadable: forget everything rather than guess.
    }
    if (parsed?.origin === this.origin) return;
    this.heard++;
    const { origin: _origin, ...invalidation } = parsed ?? { kind: 'flush' as const };
    this.deliver(isInvalidation(invalidation) ? invalidation : { kind: 'flush' });
  }

  private deliver(invalidation: SessionInvalidation): void {
    for (const receiver of this.receivers) {
      try {
        receiver(invalidation);
      } catch (error) {
        this.logger.error(`Receiver failed on ${invalidation.kind}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

const KINDS = new Set(['sessionsEnded', 'userChanged', 'userForgotten', 'matrixChanged', 'flush']);

function isInvalidation(value: unknown): value is SessionInvalidation {
  if (!value || typeof value !== 'object') return false;
  const v = value as { kind?: unknown; userId?: unknown; target?: unknown };
  if (typeof v.kind !== 'string' || !KINDS.has(v.kind)) return false;
  if ((v.kind === 'userChanged' || v.kind === 'userForgotten') && typeof v.userId !== 'string') return false;
  if (v.kind === 'sessionsEnded') {
    const t = v.target as { sessionIds?: unknown; userId?: unknown } | undefined;
    if (!t || typeof t !== 'object') return false;
    if (t.sessionIds !== undefined && !(Array.isArray(t.sessionIds) && t.sessionIds.every((id) => typeof id === 'string'))) return false;
    if (t.userId !== undefined && t.userId !== null && typeof t.userId !== 'string') return false;
  }
  return true;
}
