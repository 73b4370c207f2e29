import type { SessionEvent, SessionEvents } from './session-events.js';
import type { ActiveSessionRow } from './sessions.repository.js';

/** Sessions remembered at most (oldest forgotten first). */
const MAX_ENTRIES = 10_000;

/**
 * Active session rows (session, user, matrix version, contract) remembered for `ttlMs`, so a request
 * does not read them again. Only for a database no other process can change (PGlite: one process
 * per data folder), where every change the app makes is announced on this instance's SessionEvents:
 * an ended session, a changed user or matrix drops the rows at once, so the very next request reads
 * the database again. What is changed without an announcement (a contract, an edit straight in the
 * database) applies after at most `ttlMs`.
 */
export class ActiveSessionCache {
  private readonly rows = new Map<string, { row: ActiveSessionRow; until: number }>();
  /** Bumped by every announcement: a read that started before one must not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    events: SessionEvents,
  ) {
    events.subscribe((event) => this.onEvent(event));
  }

  /** The remembered row, or the one `load` reads (remembered unless an announcement came in meanwhile). */
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

  /** Forgets every session of the user (a change to the user that no event announces). */
  forgetUser(userId: string): void {
    this.generation++;
    for (const [id, entry] of this.rows) if (entry.row.userId === userId) this.rows.delete(id);
  }

  private onEvent(event: SessionEvent): void {
    this.generation++;
    switch (event.kind) {
      case 'sessionsEnded':
        for (const id of event.target.sessionIds ?? []) this.rows.delete(id);
        if (event.target.userId) this.forgetUser(event.target.userId);
        return;
      case 'userChanged':
        return this.forgetUser(event.userId);
      case 'matrixChanged':
        return this.rows.clear();
    }
  }
}
