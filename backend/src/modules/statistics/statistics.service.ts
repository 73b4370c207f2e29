import { Injectable } from '@nestjs/common';
import { SEEN_KINDS, type ReadAllResponse, type SeenKind, type StatisticsResponse } from '@mediport/contracts';
import type { PermissionName } from '@mediport/permissions';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { MeetingsService } from '../meetings/meetings.service.js';
import { SeenCounterRegistry } from './seen-counter.registry.js';
import { SeenRepository } from './seen.repository.js';
import { CHANGELOG, FAQ } from './statistics.content.js';

export const WEBINAR_LIMIT = 5;

@Injectable()
export class StatisticsService {
  constructor(
    private readonly registry: SeenCounterRegistry,
    private readonly seen: SeenRepository,
    private readonly meetings: MeetingsService,
  ) {}

  /** Dashboard data: unseen counts for the caller's tiles, webinars, FAQ and changelog. */
  async get(auth: AuthContext): Promise<StatisticsResponse> {
    const kinds = SEEN_KINDS.filter((k) => auth.can(`dashboard_new_${k}_view` as PermissionName));
    const [counts, webinars] = await Promise.all([
      Promise.all(kinds.map(async (k) => [k, await this.count(auth, k)] as const)),
      this.meetings.upcoming(auth, WEBINAR_LIMIT),
    ]);
    return { log: CHANGELOG, faq: FAQ, counts: Object.fromEntries(counts), webinars };
  }

  /** Unseen records of a kind within the scope of its list permission; 0 while no module counts it. */
  async count(auth: AuthContext, kind: SeenKind): Promise<number> {
    const counter = this.registry.get(kind);
    if (!counter) return 0;
    return this.seen.count(counter, auth);
  }

  async readAll(auth: AuthContext, kind: SeenKind): Promise<ReadAllResponse> {
    const at = await this.seen.markAll(kind, auth.userId);
    return { kind, at: at.toISOString() };
  }
}
