import type {
  AuthRecord,
  LoginRequest,
  ProfileUpdateResponse,
  PublicConfig,
  PublicSettingsDto,
  SettingsDto,
  UserDto,
} from '@mediport/contracts';
import { api } from './http.js';

/** POST /api/auth. Errors are left to the caller (the login form shows them under the form). */
export function login(body: LoginRequest): Promise<AuthRecord> {
  return api.post<AuthRecord>('/api/auth', body, { handleErrors: false });
}

/** POST /api/oauth {code}. Errors are left to the caller (fixed failure text). */
export function oauthLogin(code: string): Promise<AuthRecord> {
  return api.post<AuthRecord>('/api/oauth', { code }, { handleErrors: false });
}

/** POST /api/auth/logout; a dead session is no error here. */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout', undefined, { handleErrors: false });
}

/** GET /api/auth/session: the current record with fresh permissions. */
export function fetchSession(): Promise<AuthRecord> {
  return api.get<AuthRecord>('/api/auth/session');
}

/** POST /api/auth/masquerade/{userId}. */
export function masquerade(userId: string): Promise<AuthRecord> {
  return api.post<AuthRecord>(`/api/auth/masquerade/${encodeURIComponent(userId)}`);
}

/** POST /api/auth/switch-back with the masquerade token. */
export function switchBack(switchBackToken: string): Promise<AuthRecord> {
  return api.post<AuthRecord>('/api/auth/switch-back', { switchBackToken });
}

/** GET /api/config (public). */
export function fetchConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('/api/config', { handleErrors: false });
}

/** GET /api/settings; failures are silent (no toast): the imprint then shows the provider block alone. */
export function fetchSettings(): Promise<PublicSettingsDto | SettingsDto> {
  return api.get<PublicSettingsDto | SettingsDto>('/api/settings', { handleErrors: false });
}

/** GET /api/users/{id}/profile. */
export function fetchProfile(userId: string): Promise<UserDto> {
  return api.get<UserDto>(`/api/users/${encodeURIComponent(userId)}/profile`);
}

export interface ProfileUpdate {
  salutation?: string;
  title?: string;
  firstname?: string;
  lastname?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  password_current?: string;
  password?: string;
  password_confirm?: string;
}

/** PUT /api/users/{id}/profile. Field errors (errors[].path) are left to the form. */
export function updateProfile(userId: string, body: ProfileUpdate): Promise<ProfileUpdateResponse> {
  return api.put<ProfileUpdateResponse>(`/api/users/${encodeURIComponent(userId)}/profile`, body, { handleErrors: false });
}
