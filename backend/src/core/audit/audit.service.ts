import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context.js';
import { ActorService } from './actor.service.js';
import { type AuditEntry, AuditRepository } from './audit.repository.js';

export const AUDIT_ACTIONS = {
  login: 'auth.login',
  logout: 'auth.logout',
  masquerade: 'auth.masquerade',
  switchBack: 'auth.switch_back',
  passwordChange: 'auth.password_change',
  aclUpdate: 'acl.update',
  userDeactivate: 'user.deactivate',
} as const;

/** An audit row written by the caller of a request (AuditService.recordBy): the actor is derived. */
export type CallerAuditEntry = Omit<AuditEntry, 'actorId'>;

/** Who did what to whom, and when (the row's timestamp). */
@Injectable()
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly actors: ActorService,
  ) {}

  record(entry: AuditEntry): Promise<void> {
    return this.repo.insert(entry);
  }

  /**
   * A row written by the caller of a request: the actor is the person (the administrator behind a
   * masquerade, see ActorService), and `meta.asUserId` keeps the user the person was acting as.
   */
  async recordBy(auth: AuthContext, entry: CallerAuditEntry): Promise<void> {
    const { actorId, meta } = await this.actors.auditWrite(auth, entry.action, entry.meta);
    await this.repo.insert({ ...entry, actorId, meta });
  }

  find(filter: { action?: string; actorId?: string }, limit?: number) {
    return this.repo.find(filter, limit);
  }
}
