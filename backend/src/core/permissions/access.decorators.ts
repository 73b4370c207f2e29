import { SetMetadata } from '@nestjs/common';
import type { PermissionName } from '@mediport/permissions';

export const ACCESS_KEY = 'mediport:access';
export const ALLOW_ONCE_PASSWORD_KEY = 'mediport:allow-once-password';

/** What a route requires. Every route declares exactly one; the global guard denies the rest. */
export type RouteAccess = { kind: 'public' } | { kind: 'signed-in' } | { kind: 'permission'; name: PermissionName };

/** Reachable without sign-in (a valid token is still read, e.g. for extra fields). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies RouteAccess);

/** Any signed-in user; the service checks the specific record (e.g. own profile). */
export const SignedIn = () => SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies RouteAccess);

/** Needs the named permission of the rights matrix (full or `_own`; `_required_contract` alone → 403 contract_required). */
export const RequirePermission = (name: PermissionName) => SetMetadata(ACCESS_KEY, { kind: 'permission', name } satisfies RouteAccess);

/** Still reachable while the user must replace a one-time password. */
export const AllowOncePassword = () => SetMetadata(ALLOW_ONCE_PASSWORD_KEY, true);
