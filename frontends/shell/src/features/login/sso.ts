import { OAUTH_CALLBACK_PATH, OAUTH_SCOPE, OAUTH_STATE, type PublicConfig } from '@mediport/contracts';

/**
 * The partner platform's login address with its parameters: response type
 * code, our client id, the constant state "sso", the redirect back to <origin>/oauth, scope
 * openid and the fixed nonce. The server checks the ID token's nonce against that same value.
 */
export function ssoLoginUrl(sso: PublicConfig['sso'], origin: string): string | null {
  if (!sso.enabled || !sso.authorizationUrl) return null;
  const url = new URL(sso.authorizationUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', sso.clientId ?? '');
  url.searchParams.set('state', OAUTH_STATE);
  url.searchParams.set('redirect_uri', `${origin}${OAUTH_CALLBACK_PATH}`);
  url.searchParams.set('scope', OAUTH_SCOPE);
  url.searchParams.set('nonce', sso.nonce ?? '');
  return url.toString();
}
