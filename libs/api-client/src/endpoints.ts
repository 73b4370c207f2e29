import type { AuthRecord, LoginRequest, OauthLoginRequest, ProfileUpdateRequest, ProfileUpdateResponse, PublicConfig, SettingsAdminDto, SettingsDto, UserDto } from '@mediport/contracts';
import { callApi } from './typed.js';

/** POST /api/auth. Errors are left to the caller (the login form shows them under the form). */
export function login(body: LoginRequest): Promise<AuthRecord> {
  return callApi('POST /api/auth', { body, handleErrors: false });
}

/** POST /api/oauth {code, state?, iss?}, without a stored token. Errors are left to the caller (fixed failure text). */
export function oauthLogin(body: OauthLoginRequest): Promise<AuthRecord> {
  return callApi('POST /api/oauth', { body, handleErrors: false, token: null });
}

/** POST /api/auth/logout; a dead session is no error here. */
export function logout(): Promise<void> {
  return callApi('POST /api/auth/logout', { handleErrors: false });
}

/** GET /api/auth/session: the current record with fresh permissions. */
export function fetchSession(): Promise<AuthRecord> {
  return callApi('GET /api/auth/session');
}

/** POST /api/auth/masquerade/{userId}. */
export function masquerade(userId: string): Promise<AuthRecord> {
  return callApi('POST /api/auth/masquerade/:userId', { params: { userId } });
}

/** POST /api/auth/switch-back with the masquerade token. */
export function switchBack(switchBackToken: string): Promise<AuthRecord> {
  return callApi('POST /api/auth/switch-back', { body: { switchBackToken } });
}

/** GET /api/config (public). */
export function fetchConfig(): Promise<PublicConfig> {
  return callApi('GET /api/config', { handleErrors: false });
}

/** GET /api/settings; failures are silent (no toast): the imprint then shows the provider block alone. */
export function fetchSettings(): Promise<SettingsDto | SettingsAdminDto> {
  return callApi('GET /api/settings', { handleErrors: false });
}

/** GET /api/users/{id}/profile. */
export function fetchProfile(userId: string): Promise<UserDto> {
  return callApi('GET /api/users/:id/profile', { params: { id: userId } });
}

/** PUT /api/users/{id}/profile. Field errors (errors[].path) are left to the form. */
export function updateProfile(userId: string, body: ProfileUpdateRequest | FormData): Promise<ProfileUpdateResponse> {
  return callApi('PUT /api/users/:id/profile', { params: { id: userId }, body, handleErrors: false });
}
