import { Inject, Injectable } from '@nestjs/common';
import type { AuthRecord } from '@mediport/contracts';
import { AUDIT_ACTIONS, AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { PasswordService } from '../../core/auth/password.service.js';
import { SessionService } from '../../core/auth/session.service.js';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { AppError } from '../../core/errors/app-error.js';
import { UsersService } from '../users/users.service.js';
import { badCredentials, deactivated, selfMasquerade, switchBackInvalid, throttled } from './auth.errors.js';
import { LoginFailuresRepository } from './login-failures.repository.js';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordService,
    private readonly failures: LoginFailuresRepository,
    private readonly audit: AuditService,
  ) {}

  async login(username: string, password: string): Promise<AuthRecord> {
    const key = username.trim().toLowerCase();
    const windowStart = new Date(Date.now() - FAILED_LOGIN_WINDOW_MS);
    if ((await this.failures.countSince(key, windowStart)) >= MAX_FAILED_LOGINS) throw throttled();
    const user = await this.users.findByUsername(username.trim());
    const ok = user ? await this.passwords.verify(user.passwordHash, password) : await this.passwords.verifyNobody(password);
    if (!user || !ok) {
      await this.failures.add(key, windowStart);
      throw badCredentials();
    }
    if (user.status === 'removed') throw deactivated();
    await this.failures.clear(key);
    const { token, sessionId } = await this.sessions.issue(user.id);
    await this.audit.record({ actorId: user.id, action: AUDIT_ACTIONS.login, target: user.id, meta: { sessionId } });
    return this.recordFor(token);
  }

  /** A fresh auth record for a token (current permissions, same token). */
  async recordFor(token: string, switchBackToken?: string): Promise<AuthRecord> {
    const auth = await this.sessions.authenticate(token);
    if (!auth) throw AppError.unauthenticated();
    return this.record(auth, switchBackToken);
  }

  async record(auth: AuthContext, switchBackToken?: string): Promise<AuthRecord> {
    // A refreshed masquerade record keeps its way back to the administrator's still-open session.
    if (!switchBackToken && auth.masqueradeOf) {
      const admin = await this.sessions.findSession(auth.masqueradeOf);
      if (admin && !admin.revokedAt) switchBackToken = await this.sessions.tokenFor(admin.id, admin.userId);
    }
    const [user, home, doctor] = await Promise.all([
      this.users.getDto(auth.userId),
      this.users.homeRef(auth.user.homeId),
      this.users.doctorRef(auth.user.doctorId),
    ]);
    return {
      token: auth.token,
      user,
      username: user.username,
      roles: user.roles,
      permissions: auth.permissions,
      home,
      doctor,
      once_password: user.once_password,
      system: this.config.system,
      ...(switchBackToken ? { switchBackToken } : {}),
    };
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.sessions.revoke(auth.sessionId);
    await this.audit.record({ actorId: auth.userId, action: AUDIT_ACTIONS.logout, target: auth.userId, meta: { sessionId: auth.sessionId } });
  }

  async masquerade(auth: AuthContext, targetId: string): Promise<AuthRecord> {
    if (targetId === auth.userId) throw selfMasquerade();
    const target = await this.users.findById(targetId);
    if (!target) throw AppError.notFound();
    if (target.status === 'removed') throw deactivated();
    const { token, sessionId } = await this.sessions.issue(target.id, auth.sessionId);
    await this.audit.record({
      actorId: auth.userId,
      action: AUDIT_ACTIONS.masquerade,
      target: target.id,
      meta: { adminUsername: auth.user.username, targetUsername: target.username, sessionId, adminSessionId: auth.sessionId },
    });
    return this.recordFor(token, auth.token);
  }

  async switchBack(auth: AuthContext, switchBackToken: string): Promise<AuthRecord> {
    const adminSessionId = await this.sessions.sessionIdOf(switchBackToken);
    if (!auth.masqueradeOf || !adminSessionId || adminSessionId !== auth.masqueradeOf) throw switchBackInvalid();
    const admin = await this.sessions.authenticate(switchBackToken);
    await this.sessions.revoke(auth.sessionId);
    if (!admin) throw switchBackInvalid();
    await this.audit.record({
      actorId: admin.userId,
      action: AUDIT_ACTIONS.switchBack,
      target: auth.userId,
      meta: { adminUsername: admin.user.username, targetUsername: auth.user.username, sessionId: auth.sessionId },
    });
    return this.record(admin);
  }
}
