import { Injectable } from '@nestjs/common';
import type { ImportPhase, ImportProgress } from '@mediport/contracts/import';

/** A finished job's progress stays readable this long (the page's last poll after the answer). */
const KEEP_MS = 60_000;
/** Jobs remembered at most (oldest dropped first): a bound on what clients can make this instance hold. */
const MAX_JOBS = 1000;

interface Job extends ImportProgress {
  userId: string;
  at: number;
}

/** Updates one job's progress; a no-op for an upload without a job id. */
export interface ProgressHandle {
  set(phase: ImportPhase, done: number, total: number, rows?: number): void;
}

const NONE: ProgressHandle = { set: () => undefined };

/**
 * The progress of running uploads, per user and client-chosen job id, in this instance's memory:
 * the page polls GET /api/import/task/progress?job= while its PUT runs (a balancer keeps a client on
 * one instance, as socket.io's polling needs anyway). Nobody reads another user's job.
 */
@Injectable()
export class ImportProgressRegistry {
  private readonly jobs = new Map<string, Job>();

  track(userId: string, job: string | undefined): ProgressHandle {
    if (!job) return NONE;
    const key = `${userId}:${job}`;
    this.sweep();
    const entry: Job = { userId, phase: 'waiting', done: 0, total: 0, rows: 0, at: Date.now() };
    this.jobs.delete(key);
    this.jobs.set(key, entry);
    return {
      set: (phase, done, total, rows) => {
        entry.phase = phase;
        entry.done = done;
        entry.total = total;
        if (rows !== undefined) entry.rows = rows;
        entry.at = Date.now();
      },
    };
  }

  /** The job's progress; `waiting` for one not (yet) known here. */
  get(userId: string, job: string): ImportProgress {
    const entry = this.jobs.get(`${userId}:${job}`);
    if (!entry) return { phase: 'waiting', done: 0, total: 0, rows: 0 };
    return { phase: entry.phase, done: entry.done, total: entry.total, rows: entry.rows };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, job] of this.jobs) {
      const finished = job.phase === 'done' || job.phase === 'failed';
      if ((finished && now - job.at > KEEP_MS) || now - job.at > 10 * KEEP_MS) this.jobs.delete(key);
    }
    while (this.jobs.size >= MAX_JOBS) this.jobs.delete(this.jobs.keys().next().value!);
  }
}
