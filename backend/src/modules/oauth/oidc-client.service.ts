import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { OAUTH_STATE } from '@mediport/contracts';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';

/** Wait this long after a failed discovery before asking the provider again. */
const DISCOVERY_RETRY_MS = 10_000;
/** Seconds for discovery and each call to the provider. */
const PROVIDER_TIMEOUT_S = 5;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** What the partner platform says about the person who signed in. */
export interface PartnerIdentity {
  issuer: string;
  subject: string;
  /** preferred_username, else the local part of email; null when the provider released neither. */
  username: string | null;
}

export class OidcExchangeError extends Error {}

/**
 * The openid-client configuration of the partner platform, discovered on first use and cached.
 * The exchange validates the ID token: signature (provider JWKS), issuer, audience (our client id),
 * expiry and the nonce, which must equal the configured fixed nonce.
 */
@Injectable()
export class OidcClientService {
  private readonly logger = new Logger('Oidc');
  private configuration: Promise<oidc.Configuration> | null = null;
  private failedAt = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    const { enabled, issuer, clientId, clientSecret, redirectUri } = this.config.sso;
    return enabled && !!issuer && !!clientId && !!clientSecret && !!redirectUri;
  }

  /** The discovered configuration, or null when SSO is off or the provider cannot be reached. */
  async discover(): Promise<oidc.Configuration | null> {
    if (!this.enabled) return null;
    if (!this.configuration) {
      if (Date.now() - this.failedAt < DISCOVERY_RETRY_MS) return null;
      const { issuer, clientId, clientSecret } = this.config.sso;
      const url = new URL(issuer!);
      // Plain HTTP only for a provider on this machine (tests, development); anything else needs TLS.
      const insecure = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
      const pending = oidc.discovery(url, clientId!, undefined, oidc.ClientSecretBasic(clientSecret!), {
        timeout: PROVIDER_TIMEOUT_S,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
      this.configuration = pending;
      pending.catch((error: unknown) => {
        this.logger.warn(`Discovery of ${issuer} failed: ${describe(error)}`);
        if (this.configuration === pending) this.configuration = null;
        this.failedAt = Date.now();
      });
    }
    try {
      return await this.configuration;
    } catch {
      return null;
    }
  }

  /** The login address for the browser: OIDC_AUTHORIZATION_URL, else the discovered endpoint. */
  async authorizationUrl(): Promise<string | null> {
    if (!this.config.sso.enabled) return null;
    if (this.config.sso.authorizationUrl) return this.config.sso.authorizationUrl;
    return (await this.discover())?.serverMetadata().authorization_endpoint ?? null;
  }

  /**
   * Redeems an authorization code at the token endpoint (client_secret_basic, the configured
   * redirect URI) and answers the validated identity. Throws OidcExchangeError on any failure.
   */
  async exchange(code: string, callback: { state?: string; iss?: string } = {}): Promise<PartnerIdentity> {
    const configuration = await this.discover();
    if (!configuration) throw new OidcExchangeError('provider not available');
    const metadata = configuration.serverMetadata();
    // The browser hands over only the code (spec: POST /api/oauth {code}); the callback address
    // is rebuilt with the spec's constant state and, when the provider sends one, its issuer.
    const current = new URL(this.config.sso.redirectUri!);
    current.searchParams.set('code', code);
    current.searchParams.set('state', callback.state ?? OAUTH_STATE);
    if (metadata.authorization_response_iss_parameter_supported) current.searchParams.set('iss', callback.iss ?? metadata.issuer);
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, current, {
        expectedState: OAUTH_STATE,
        expectedNonce: this.config.sso.nonce ?? undefined,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcExchangeError('no ID token');
      let username = usernameFrom(claims);
      if (!username && metadata.userinfo_endpoint) {
        // Many providers release profile claims only through userinfo for the code flow.
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        username = usernameFrom(info);
      }
      return { issuer: metadata.issuer, subject: claims.sub, username };
    } catch (error) {
      if (error instanceof OidcExchangeError) throw error;
      throw new OidcExchangeError(describe(error));
    }
  }
}

function usernameFrom(claims: Record<string, unknown>): string | null {
  const preferred = typeof claims.preferred_username === 'string' ? claims.preferred_username.trim() : '';
  if (preferred) return preferred;
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  const local = email.includes('@') ? email.slice(0, email.indexOf('@')) : '';
  return local || null;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`;
  }
  return String(error);
}
