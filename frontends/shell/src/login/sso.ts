import type { PublicConfig } from '@mediport/contracts';

/** The partner platform's login address with the parameters of spec part 1 §2. */
export function ssoLoginUrl(sso: PublicConfig['sso'], origin: string): string | null {
  if (!sso.enabled || !sso.authorizationUrl) return null;
  const url = new URL(sso.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', sso.clientId ?? '');
  url.searchParams.set('state', 'sso');
  url.searchParams.set('redirect_uri', `${origin}/oauth`);
  url.searchParams.set('scope', 'openid');
  url.searchParams.set('nonce', sso.nonce ?? '');
  return url.toString();
}
