import { Inject, Injectable } from '@nestjs/common';
import type { AuthRecord } from '@mediport/contracts';
import { AUDIT_ACTIONS, AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { PasswordService } from '../../core/auth/password.service.js';
import { SessionService } from '../../core/auth/session.service.js';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { AppError } from '../../core/errors/app-error.js';
import { userPolicy, userSubject } from '../../core/permissions/policies/index.js';
import { DoctorsService } from '../doctors/doctors.service.js';
import { HomesService } from '../homes/homes.service.js';
import { UsersService } from '../users/users.service.js';
import { badCredentials, masqueradeTargetDeactivated, selfMasquerade, switchBackInvalid } from './auth.errors.js';
import { LoginThrottleService } from './login-throttle.service.js';

/*
 * Sign-in abuse policy:
 * - Throttling counts failed sign-ins per (username, client address) and per client address, never
 *   per username alone, so nobody can lock another person out from elsewhere:
 *   at most 5 failures of one username from one address in 15 minutes, then 429 for that pair only;
 *   at most 30 failures from one address across usernames in 15 minutes, then 429 for that address.
 *   The check runs before any password hashing; a success clears that pair's failures; rows older
 *   than the window are pruned (see LoginThrottleService). The client address is `req.ip`, so it is
 *   only as trustworthy as the app's `trust proxy` setting.
 * - An unknown user, a wrong password and a deactivated user's right password answer alike
 *   (401 bad_credentials after one argon2 verification) and each count as a failure.
 * - Audit rows name the person acting (the administrator behind a masquerade chain) as actor and
 *   keep the impersonated user in meta.asUserId (AuditService.recordBy).
 */
@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly homes: HomesService,
    private readonly doctors: DoctorsService,
    private readonly sessions: SessionService,
    private readonly passwords: PasswordService,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AuditService,
  ) {}

  async login(username: string, password: string, address: string): Promise<AuthRecord> {
    const key = username.trim().toLowerCase();
    await this.throttle.begin(key, address);
    const user = await this.users.findForLogin(username.trim());
    const ok = user ? await this.passwords.verify(user.passwordHash, password) : await this.passwords.verifyNobody(password);
    // Deactivated accounts, and users of a deactivated doctor or home, answer like a wrong password.
    if (!user || !ok || user.status === 'removed' || !user.assignmentActive) {
      await this.throttle.failed(address);
      throw badCredentials();
    }
    await this.throttle.succeeded(key, address);
    const { token, sessionId } = await this.sessions.issue(user.id);
    const auth = await this.sessions.authenticate(token);
    if (!auth) throw AppError.unauthenticated();
    await this.audit.recordBy(auth, { action: AUDIT_ACTIONS.login, target: user.id, meta: { sessionId } });
    return this.record(auth);
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
      // One's own home and doctor, whatever one's master-data rights.
      this.homes.assignedRef(auth.user.homeId),
      this.doctors.assignedRef(auth.user.doctorId),
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
    await this.audit.recordBy(auth, { action: AUDIT_ACTIONS.logout, target: auth.userId, meta: { sessionId: auth.sessionId } });
  }

  async masquerade(auth: AuthContext, targetId: string): Promise<AuthRecord> {
    // The user policy decides (only an administrator as an administrator, not oneself, not a
    // deactivated user); the two named refusals say why.
    const found = await this.users.findById(targetId);
    userPolicy.assert(auth, 'read', found ? userSubject(found) : null);
    const target = found!;
    if (!userPolicy.can(auth, 'masquerade', userSubject(target))) {
      if (targetId === auth.userId) throw selfMasquerade();
      if (target.status === 'removed') throw masqueradeTargetDeactivated();
      throw AppError.forbidden();
    }
    const { token, sessionId } = await this.sessions.issue(target.id, auth.sessionId);
    await this.audit.recordBy(auth, {
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
    await this.audit.recordBy(auth, {
      action: AUDIT_ACTIONS.switchBack,
      target: auth.userId,
      meta: { adminUsername: admin.user.username, targetUsername: auth.user.username, sessionId: auth.sessionId },
    });
    return this.record(admin);
  }
}
