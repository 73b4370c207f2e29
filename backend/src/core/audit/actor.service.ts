import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context.js';
import { AuditRepository } from './audit.repository.js';

/** Longer masquerade chains than this are not opened in practice; the bound only guards the loop. */
const MAX_CHAIN = 16;

/**
 * "The person acting" for audit rows. A masquerade session acts as another user, but the person
 * is the user of the root session the chain of masquerades was opened from (admin A → B → C: A).
 * Resolved once per request: the result is kept per AuthContext (the guard builds one per request).
 */
@Injectable()
export class ActorService {
  private readonly cache = new WeakMap<AuthContext, Promise<string>>();

  constructor(private readonly repo: AuditRepository) {}

  /**
   * An audit row's actor and meta for the caller of a request: the person, and `meta.asUserId`
   * (the user the person acts as) behind a masquerade.
   */
  async auditWrite(auth: AuthContext, action: string, meta: Record<string, unknown> = {}): Promise<{ actorId: string; action: string; meta: Record<string, unknown> }> {
    const actorId = await this.personId(auth);
    return { actorId, action, meta: actorId === auth.userId ? meta : { ...meta, asUserId: auth.userId } };
  }

  personId(auth: AuthContext): Promise<string> {
    if (!auth.masqueradeOf) return Promise.resolve(auth.userId);
    let person = this.cache.get(auth);
    if (!person) {
      person = this.rootUserOf(auth.masqueradeOf, auth.userId);
      this.cache.set(auth, person);
      // A failed lookup is not cached, so a retry in the same request asks again.
      person.catch(() => this.cache.delete(auth));
    }
    return person;
  }

  private async rootUserOf(sessionId: string, fallback: string): Promise<string> {
    let person = fallback;
    let next: string | null = sessionId;
    for (let depth = 0; next && depth < MAX_CHAIN; depth++) {
      const link = await this.repo.sessionLink(next);
      if (!link) break;
      person = link.userId;
      next = link.masqueradeOf;
    }
    return person;
  }
}
