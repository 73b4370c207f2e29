/** Single sign-on with the partner platform (spec part 1 §2 login and /oauth, §7, §8). */

/** Body of POST /api/oauth: the authorization code from the /oauth callback. */
export interface OauthLoginRequest {
  code: string;
}

/** The `state` sent with the authorization request: the constant the spec prescribes. */
export const OAUTH_STATE = 'sso';

/** The only scope requested (spec part 1 §9 "OAuth scope: openid"). */
export const OAUTH_SCOPE = 'openid';

/** The shell's callback route; the redirect URI is `<origin>/oauth`. */
export const OAUTH_CALLBACK_PATH = '/oauth';

/** Path of the partner-platform flag (public; the path carries the partner's name). */
export const PARTNER_FLAG_PATH = '/api/partner/apomondo';

export const OAUTH_MESSAGES = {
  /** Spec part 1 §8, shown by /oauth on any failure and answered by POST /api/oauth with 401. */
  failed:
    'Fehler bei der Anmeldung. Eventuell sind Sie nicht berechtigt auf diese Resource zuzugreifen. Bitte prüfen Sie ihr Apomondo Abo.',
  /** Spec part 1 §2, shown by /oauth while waiting. */
  waiting: 'Anmeldung im System über Apomondo. Kleinen Moment Geduld.',
} as const;
