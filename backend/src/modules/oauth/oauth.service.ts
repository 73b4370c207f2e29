import { Injectable, Logger } from '@nestjs/common';
import type { AuthRecord } from '@mediport/contracts';
import { AuditService } from '../../core/audit/audit.service.js';
import { SessionService } from '../../core/auth/session.service.js';
import { AuthService } from '../auth/auth.service.js';
import { UsersService } from '../users/users.service.js';
import type { OauthLoginDto } from './dto/oauth-login.dto.js';
import { oauthFailed } from './oauth.errors.js';
import { OauthRepository } from './oauth.repository.js';
import { OidcClientService, OidcExchangeError, type PartnerIdentity } from './oidc-client.service.js';

export const OAUTH_AUDIT = { login: 'auth.oauth_login', link: 'auth.oauth_link' } as const;

/**
 * Single sign-on with the partner platform. How a partner identity becomes a local user:
 * 1. an identity linked before (user_identities: issuer + sub) signs in as that user;
 * 2. otherwise the partner's `preferred_username` (else the local part of its `email`) is matched
 *    case-insensitively to a local username and, if that user is active and no administrator,
 *    the identity is linked to it for good (later renames on either side do not matter);
 * 3. anything else — no match, a deactivated user, an administrator — is refused with the spec's text.
 * Administrators never sign in through the partner: their accounts stay password-only.
 */
@Injectable()
export class OauthService {
  private readonly logger = new Logger('Oauth');

  constructor(
    private readonly oidc: OidcClientService,
    private readonly repo: OauthRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
  ) {}

  async login(dto: OauthLoginDto): Promise<AuthRecord> {
    if (!this.oidc.enabled) throw this.refuse('single sign-on is not configured');
    let identity: PartnerIdentity;
    try {
      identity = await this.oidc.exchange(dto.code, { state: dto.state, iss: dto.iss });
    } catch (error) {
      throw this.refuse(error instanceof OidcExchangeError ? error.message : String(error));
    }
    const user = await this.localUser(identity);
    const { token, sessionId } = await this.sessions.issue(user.id);
    await this.audit.record({
      actorId: user.id,
      action: OAUTH_AUDIT.login,
      target: user.id,
      meta: { sessionId, issuer: identity.issuer, subject: identity.subject },
    });
    return this.auth.recordFor(token);
  }

  private async localUser(identity: PartnerIdentity) {
    const linkedId = await this.repo.linkedUserId(identity.issuer, identity.subject);
    if (linkedId) {
      const user = await this.users.findById(linkedId);
      if (!user || user.status === 'removed') throw this.refuse(`linked user ${linkedId} is deactivated`);
      // Administrators never sign in through the partner, also one who became an administrator after the link.
      if (user.roles.includes('ROLE_ADMIN')) throw this.refuse(`linked user "${user.username}" is an administrator`);
      return user;
    }
    if (!identity.username) throw this.refuse(`no username claim for ${identity.subject}`);
    const user = await this.users.findByUsername(identity.username);
    if (!user) throw this.refuse(`no local user "${identity.username}"`);
    if (user.status === 'removed') throw this.refuse(`local user "${user.username}" is deactivated`);
    if (user.roles.includes('ROLE_ADMIN')) throw this.refuse(`"${user.username}" is an administrator`);
    const userId = await this.repo.link(identity.issuer, identity.subject, user.id);
    await this.audit.record({ actorId: user.id, action: OAUTH_AUDIT.link, target: user.id, meta: { issuer: identity.issuer, subject: identity.subject } });
    return userId === user.id ? user : ((await this.users.findById(userId)) ?? user);
  }

  private refuse(reason: string) {
    this.logger.warn(`Single sign-on refused: ${reason}`);
    return oauthFailed();
  }
}
