/** Single sign-on with the partner platform (Apomondo): the login button, /oauth and POST /api/oauth. */

/** Body of POST /api/oauth: the authorization code from the /oauth callback, with its `state` and `iss` when present. */
export interface OauthLoginRequest {
  code: string;
  state?: string;
  iss?: string;
}

/** The `state` sent with the authorization request: the constant the spec prescribes. */
export const OAUTH_STATE = 'sso';

/** The only scope requested. */
export const OAUTH_SCOPE = 'openid';

/** The shell's callback route; the redirect URI is `<origin>/oauth`. */
export const OAUTH_CALLBACK_PATH = '/oauth';

/** Path of the partner-platform flag (public; the path carries the partner's name). */
export const PARTNER_FLAG_PATH = '/api/partner/apomondo';

export const OAUTH_MESSAGES = {
  /** Shown by /oauth on any failure and answered by POST /api/oauth with 401. */
  failed:
    'Fehler bei der Anmeldung. Eventuell sind Sie nicht berechtigt auf diese Resource zuzugreifen. Bitte prüfen Sie ihr Apomondo Abo.',
  /** Shown by /oauth while waiting. */
  waiting: 'Anmeldung im System über Apomondo. Kleinen Moment Geduld.',
} as const;
