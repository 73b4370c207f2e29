import { Injectable } from '@nestjs/common';
import { throttled } from './auth.errors.js';
import { type FailureCounts, LoginFailuresRepository } from './login-failures.repository.js';

/** Failures of one username from one client address within the window, then 429 for that pair. */
export const MAX_FAILURES_PER_PAIR = 5;
/** Failures from one client address within the window across all usernames, then 429 for that address. */
export const MAX_FAILURES_PER_ADDRESS = 30;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** How often one instance sweeps rows of every address out of the table. */
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Sign-in throttling per (username, client address) and per address; never a lock of a username
 * as such (see the policy at the top of auth.service.ts).
 *
 * An attempt is counted before the password is hashed: `begin` writes a row for it and counts
 * again, so concurrent attempts see each other and a burst cannot slip past the caps while the
 * hashes run. The row stays as the failure, or goes on success (with the pair's earlier rows).
 */
@Injectable()
export class LoginThrottleService {
  private lastSweep = 0;

  constructor(private readonly failures: LoginFailuresRepository) {}

  /** Records the attempt (as a failure until `succeeded`) or throws 429 without recording it. */
  async begin(key: string, address: string): Promise<void> {
    const since = this.windowStart();
    // Read-only check first: a throttled flood costs one query per request and writes nothing.
    if (this.exceeds(await this.failures.countSince(key, address, since), 1)) throw throttled();
    const id = await this.failures.add(key, address);
    if (this.exceeds(await this.failures.countSince(key, address, since), 0)) {
      await this.failures.remove(id);
      throw throttled();
    }
  }

  /** The attempt's row stands as the failure; old rows go. */
  async failed(address: string): Promise<void> {
    const olderThan = this.windowStart();
    await this.failures.pruneAddress(address, olderThan);
    if (Date.now() - this.lastSweep > SWEEP_INTERVAL_MS) {
      this.lastSweep = Date.now();
      await this.failures.pruneAll(olderThan);
    }
  }

  /** A successful sign-in clears the failures of this username from this address only. */
  succeeded(key: string, address: string): Promise<void> {
    return this.failures.clearPair(key, address);
  }

  /** Whether `extra` more attempts (besides the counted rows) would go beyond a cap. */
  private exceeds(counts: FailureCounts, extra: number): boolean {
    return counts.pair + extra > MAX_FAILURES_PER_PAIR || counts.address + extra > MAX_FAILURES_PER_ADDRESS;
  }

  private windowStart(): Date {
    return new Date(Date.now() - FAILURE_WINDOW_MS);
  }
}
