import { Injectable } from '@nestjs/common';

/**
 * The time of the application. Code that decides by the date (contract terms, reminders, due jobs)
 * asks `now()` instead of `new Date()`, so a test can freeze or move time and walk through a whole
 * term without waiting. In production it is the system clock; `set` / `advance` / `reset` are for
 * tests (`app.get(Clock).set('2026-12-01T09:00:00+01:00')`).
 */
@Injectable()
export class Clock {
  /** A frozen instant (ms), or null while the clock runs. */
  private frozenAt: number | null = null;
  /** Added to the system time while the clock runs. */
  private offsetMs = 0;

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }

  /** Stops the clock at `at` (a Date or an ISO string). */
  set(at: Date | string): void {
    const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
    if (Number.isNaN(ms)) throw new Error(`Clock.set: not a time: ${String(at)}`);
    this.frozenAt = ms;
  }

  /** Moves the clock on by `ms` (frozen or running). */
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    else this.offsetMs += ms;
  }

  /** Back to the system clock. */
  reset(): void {
    this.frozenAt = null;
    this.offsetMs = 0;
  }
}

const BERLIN_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date (YYYY-MM-DD) of `at` in Germany: the day a German user calls "today". */
export function berlinDate(at: Date): string {
  return BERLIN_DATE.format(at);
}
