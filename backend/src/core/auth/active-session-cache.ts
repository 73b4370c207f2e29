import type { SessionEvent } from './session-events.js';
import type { ActiveSessionRow } from './sessions.repository.js';

/** Sessions remembered at most (oldest forgotten first). */
const MAX_ENTRIES = 10_000;

/**
 * What makes remembered session rows stale: the session events of this process, the same events
 * announced by another instance (SessionBroadcast), a user change no event names
 * (`userForgotten`, e.g. the one-time-password flag), or `flush` (everything).
 */
export type SessionInvalidation = SessionEvent | { kind: 'userForgotten'; userId: string } | { kind: 'flush' };

/**
 * Active session rows (session, user, matrix version, contract) remembered for `ttlMs`, so a request
 * does not read them again. Every invalidation drops the rows it concerns at once, so the very next
 * request reads the database again; SessionService applies those of this process and, on
 * PostgreSQL, those other instances announce (and uses the rows only while it hears them). What
 * changes without an announcement (a contract, an edit straight in the database) applies after at
 * most `ttlMs`.
 */
export class ActiveSessionCache {
  private readonly rows = new Map<string, { row: ActiveSessionRow; until: number }>();
  /** Bumped by every invalidation: a read that started before one must not store what it read. */
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  /** The remembered row, or the one `load` reads (remembered unless an invalidation came in meanwhile). */
  async read(sessionId: string, load: () => Promise<ActiveSessionRow | null>): Promise<ActiveSessionRow | null> {
    const entry = this.rows.get(sessionId);
    if (entry && Date.now() < entry.until) return entry.row;
    return this.store(sessionId, load);
  }

  /** Reads with `load` and remembers the result (for callers that must see the database itself). */
  async store(sessionId: string, load: () => Promise<ActiveSessionRow | null>): Promise<ActiveSessionRow | null> {
    const generation = this.generation;
    const row = await load();
    if (generation !== this.generation) return row;
    this.rows.delete(sessionId);
    if (row) {
      if (this.rows.size >= MAX_ENTRIES) this.rows.delete(this.rows.keys().next().value!);
      this.rows.set(sessionId, { row, until: Date.now() + this.ttlMs });
    }
    return row;
  }

  /** Forgets every session of the user. */
  forgetUser(userId: string): void {
    this.generation++;
    for (const [id, entry] of this.rows) if (entry.row.userId === userId) this.rows.delete(id);
  }

  /** Forgets everything (e.g. while invalidations from other instances cannot be heard). */
  clear(): void {
    this.generation++;
    this.rows.clear();
  }

  apply(invalidation: SessionInvalidation): void {
    this.generation++;
    switch (invalidation.kind) {
      case 'sessionsEnded':
        for (const id of invalidation.target.sessionIds ?? []) this.rows.delete(id);
        if (invalidation.target.userId) this.forgetUser(invalidation.target.userId);
        return;
      case 'userChanged':
      case 'userForgotten':
        return this.forgetUser(invalidation.userId);
      case 'matrixChanged':
      case 'flush':
        return this.clear();
    }
  }
}
