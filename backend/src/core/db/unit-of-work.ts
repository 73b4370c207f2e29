import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Database, DatabaseHandle } from './database.js';
import { DB_HANDLE } from './db.tokens.js';

/** One open unit of work: its transaction and what waits for its commit. */
interface Frame {
  tx: Database;
  /** False once the transaction ended: work that outlives it (a timer started inside) falls back to the base database. */
  open: boolean;
  afterCommit: (() => void)[];
  afterRollback: (() => Promise<void> | void)[];
}

/**
 * The ambient transaction. `run(work)` opens one database transaction and keeps it in an
 * AsyncLocalStorage for everything `work` awaits, so the writes of several repositories (each
 * owning its own tables) commit or roll back together:
 *
 *   await unitOfWork.run(async () => {
 *     const id = await users.create(values);
 *     await audit.record({ ..., target: id });
 *   });
 *
 * Repositories do not take part explicitly: the `DB` they inject is `database` below, which is the
 * ambient transaction inside `run` and the base database outside. That matters beyond atomicity:
 * PGlite has one connection, so a query on the base database while its transaction is open would
 * wait for that very transaction; on PostgreSQL it would take a second pool connection and miss
 * the transaction's own writes.
 *
 * A `run` inside a `run` joins the outer transaction (no savepoint): a failure inside fails the
 * whole unit. `afterCommit(fn)` defers announcements (sockets, caches) until the data is committed;
 * outside a unit of work `fn` runs at once. `afterRollback(fn)` undoes what lives outside the
 * database (a file written for a row that is not kept) when the unit rolls back.
 */
@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger('UnitOfWork');
  private readonly storage = new AsyncLocalStorage<Frame>();
  private readonly base: Database;
  /** The database every repository injects (`DB`): the ambient transaction inside `run`, else the base database. */
  readonly database: Database;

  constructor(@Inject(DB_HANDLE) handle: DatabaseHandle) {
    this.base = handle.db;
    this.database = ambientDatabase(this.base, () => this.executor());
  }

  /** Whether the caller runs inside an open unit of work. */
  get active(): boolean {
    return this.storage.getStore()?.open === true;
  }

  /** Runs `work` in one transaction (or in the caller's, when one is open); rolls back when it throws. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active) return work();
    const frame: Frame = { tx: this.base, open: true, afterCommit: [], afterRollback: [] };
    let result: T;
    try {
      result = await this.base.transaction((tx) => {
        frame.tx = tx as unknown as Database;
        return this.storage.run(frame, work);
      });
    } catch (error) {
      frame.open = false;
      for (const fn of frame.afterRollback) {
        // The caller hears of the failure itself; a failed cleanup is only logged.
        try {
          await fn();
        } catch (cleanup) {
          this.logger.error(`afterRollback callback failed: ${cleanup instanceof Error ? cleanup.message : String(cleanup)}`);
        }
      }
      throw error;
    } finally {
      frame.open = false;
    }
    for (const fn of frame.afterCommit) {
      // The data is committed whatever a callback does: log, never throw back at the caller.
      try {
        fn();
      } catch (error) {
        this.logger.error(`afterCommit callback failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return result;
  }

  /** Runs `fn` once the current unit of work committed (never on rollback); at once outside one. */
  afterCommit(fn: () => void): void {
    const frame = this.storage.getStore();
    if (frame?.open) frame.afterCommit.push(fn);
    else fn();
  }

  /** Runs `fn` if the current unit of work rolls back (never on commit); outside one, never. */
  afterRollback(fn: () => Promise<void> | void): void {
    const frame = this.storage.getStore();
    if (frame?.open) frame.afterRollback.push(fn);
  }

  private executor(): Database {
    const frame = this.storage.getStore();
    return frame?.open ? frame.tx : this.base;
  }
}

/** A Database whose every member is looked up on `current()` at the time of use. */
function ambientDatabase(base: Database, current: () => Database): Database {
  return new Proxy(base, {
    get(_target, property) {
      const db = current();
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(db) : value;
    },
  });
}
