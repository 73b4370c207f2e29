import { Injectable } from '@nestjs/common';
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

/** Who did what to whom, and when (the row's timestamp). */
@Injectable()
export class AuditService {
  constructor(private readonly repo: AuditRepository) {}

  record(entry: AuditEntry): Promise<void> {
    return this.repo.insert(entry);
  }

  find(filter: { action?: string; actorId?: string }, limit?: number) {
    return this.repo.find(filter, limit);
  }
}
