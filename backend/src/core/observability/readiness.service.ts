import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type HealthIndicatorFunction, HealthIndicatorService } from '@nestjs/terminus';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { describeForLog } from '../errors/exception.filter.js';
import { HealthRepository } from './health.repository.js';

/**
 * A dependency the instance needs before it takes traffic. Extension point: a module registers its
 * own in `onModuleInit`, e.g. a store every request reads:
 *
 *   readiness.register({ key: 'store', check: async () => { await this.store.ping(); } });
 *
 * A dependency the instance works without (Chromium for PDFs) registers a StatusReport instead.
 *
 * `check` resolves when ready (optionally with extra data for the answer: counts, versions, never
 * addresses or credentials) and throws when not: a `NotReadyError`'s message appears in the answer
 * (keep it short and free of secrets); any other error is logged and answered as "unreachable".
 */
export interface ReadinessCheck {
  readonly key: string;
  check(signal: AbortSignal): Promise<Record<string, unknown> | void>;
}

/**
 * A dependency the instance works without (e.g. Chromium for PDFs): shown by liveness and
 * readiness, failing neither. `report` answers at once from what the module already knows (no
 * I/O); `degraded: true` marks it impaired: the probe answers 200 with status "degraded".
 * `data` follows the rules of a check's data: counts and states, never addresses or credentials.
 */
export interface StatusReport {
  readonly key: string;
  report(): { degraded: boolean; data: Record<string, unknown> };
}

/** Each check is marked down after this long. */
const CHECK_TIMEOUT_MS = 3000;

/** A failed readiness check whose message may be shown in the health answer. */
export class NotReadyError extends Error {}

/**
 * The checks of /api/health/ready: the database answers and has every migration of the migrations
 * folder applied; Redis answers PING when REDIS_URL is set; plus the registered checks.
 */
@Injectable()
export class ReadinessService implements OnApplicationShutdown {
  private readonly logger = new Logger('Health');
  private readonly registered: ReadinessCheck[] = [];
  private readonly reports: StatusReport[] = [];
  /** The migration files' journal times; read once, the folder does not change while we run. */
  private migrationFiles: number[] | null = null;
  /** A client of its own for PING: the socket.io adapter's clients are busy with pub/sub. */
  private redis: Redis | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: HealthRepository,
    private readonly indicators: HealthIndicatorService,
  ) {}

  register(check: ReadinessCheck): void {
    this.refuseTaken(check.key);
    this.registered.push(check);
  }

  registerStatus(status: StatusReport): void {
    this.refuseTaken(status.key);
    this.reports.push(status);
  }

  /** The registered status reports, for liveness (which checks nothing) and readiness alike. */
  statuses(): HealthIndicatorFunction[] {
    return this.reports.map(({ key, report }) => () => {
      const session = this.indicators.check(key);
      try {
        const { degraded, data } = report();
        return degraded ? session.degraded(data) : session.up(data);
      } catch (error) {
        this.logger.warn(`Status report "${key}" failed: ${describeForLog(error).split('\n')[0]}`);
        return session.degraded({ message: 'unknown' });
      }
    });
  }

  checks(): HealthIndicatorFunction[] {
    const all: ReadinessCheck[] = [{ key: 'database', check: () => this.database() }];
    if (this.config.redisUrl) all.push({ key: 'redis', check: () => this.pingRedis() });
    all.push(...this.registered);
    const checks = all.map(({ key, check }) => () =>
      this.indicators
        .check(key)
        .attempt(({ signal }) => this.safely(key, () => check(signal)))
        .withTimeout(CHECK_TIMEOUT_MS),
    );
    return [...checks, ...this.statuses()];
  }

  private refuseTaken(key: string): void {
    const taken = ['database', 'redis', ...this.registered.map((c) => c.key), ...this.reports.map((r) => r.key)];
    if (taken.includes(key)) throw new Error(`Readiness check "${key}" is registered twice`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
    this.redis = null;
  }

  private async database(): Promise<Record<string, unknown>> {
    await this.repository.ping();
    let applied: number[];
    try {
      applied = await this.repository.appliedMigrations();
    } catch (error) {
      this.logger.warn(`Reading the applied migrations failed: ${describeForLog(error).split('\n')[0]}`);
      throw new NotReadyError('no migrations applied');
    }
    this.migrationFiles ??= readMigrationFiles({ migrationsFolder: this.config.migrationsDir }).map((m) => m.folderMillis);
    const done = new Set(applied);
    const pending = this.migrationFiles.filter((when) => !done.has(when)).length;
    if (pending) throw new NotReadyError(`${pending} of ${this.migrationFiles.length} migrations not applied`);
    return { driver: this.config.databaseUrl ? 'postgres' : 'pglite', migrations: this.migrationFiles.length };
  }

  private async pingRedis(): Promise<void> {
    if (!this.redis) {
      // No offline queue: while Redis is away PING fails at once instead of waiting for a reconnect.
      this.redis = new Redis(this.config.redisUrl!, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: CHECK_TIMEOUT_MS });
      this.redis.on('error', () => undefined);
    }
    if (this.redis.status === 'wait') await this.redis.connect();
    await this.redis.ping();
  }

  /**
   * Runs a check; an unexpected error becomes a fixed message (driver errors can carry host names,
   * user names or SQL) and is logged here instead.
   */
  private async safely<T>(key: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof NotReadyError) throw error;
      // First line only: a probe every few seconds need not repeat the stack.
      this.logger.warn(`Readiness check "${key}" failed: ${describeForLog(error).split('\n')[0]}`);
      throw new NotReadyError('unreachable');
    }
  }
}
