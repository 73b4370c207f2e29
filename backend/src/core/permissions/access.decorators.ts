import { SetMetadata } from '@nestjs/common';
import type { PermissionName } from '@mediport/permissions';

export const ACCESS_KEY = 'mediport:access';
export const ALLOW_ONCE_PASSWORD_KEY = 'mediport:allow-once-password';

/**
 * What a route requires. Every route declares exactly one; the global guard denies the rest.
 * `permission` passes when the caller holds any of `names` (full or `_own`); with `byBody` the
 * body field's value picks the one permission that applies (e.g. enable vs disable), and a
 * missing or unknown value needs any of them (validation then answers 400).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; names: readonly PermissionName[]; byBody?: { field: string; values: Readonly<Record<string, PermissionName>> } };

/** Reachable without sign-in (a valid token is still read, e.g. for extra fields). */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies RouteAccess);

/** Any signed-in user; the service checks the specific record (e.g. own profile). */
export const SignedIn = () => SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies RouteAccess);

/**
 * Needs one of the named permissions of the rights matrix (full or `_own`; `_required_contract`
 * alone → 403 contract_required). Several names: the route serves each of them (e.g. a lookup
 * used by the list and by the form).
 */
export const RequirePermission = (name: PermissionName, ...more: PermissionName[]) =>
  SetMetadata(ACCESS_KEY, { kind: 'permission', names: [name, ...more] } satisfies RouteAccess);

/** The permission depends on one body field's value, e.g. `{ true: 'medicine_disable_view', false: 'medicine_activate_view' }`. */
export const RequirePermissionByBody = (field: string, values: Readonly<Record<string, PermissionName>>) =>
  SetMetadata(ACCESS_KEY, { kind: 'permission', names: [...new Set(Object.values(values))], byBody: { field, values } } satisfies RouteAccess);

/** The permissions that decide a request to a route with this access (byBody: the body's choice). */
export function permissionsFor(access: Extract<RouteAccess, { kind: 'permission' }>, body: unknown): readonly PermissionName[] {
  if (!access.byBody) return access.names;
  const value = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[access.byBody.field] : undefined;
  const key = typeof value === 'boolean' || typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const chosen = key !== undefined && Object.hasOwn(access.byBody.values, key) ? access.byBody.values[key] : undefined;
  return chosen ? [chosen] : access.names;
}

/** Still reachable while the user must replace a one-time password. */
export const AllowOncePassword = () => SetMetadata(ALLOW_ONCE_PASSWORD_KEY, true);

export const RECORD_KEY = 'mediport:record';

/**
 * Which record a route with an id parameter acts on, and under which action of its type's policy
 * (`backend/src/core/permissions/policies`). The service enforces it (`policy.assert`); the
 * generated record-level access test reads this declaration, computes each caller's expected
 * answer from the policy and the rights matrix, and fails for any route with an id parameter
 * that declares nothing.
 */
export interface RecordRouteMeta {
  /** The policy's subject name, e.g. 'User', 'Meeting'. */
  subject: string;
  /** Route parameters that identify the record. */
  params: readonly string[];
  action: string;
  /** Body fields that make the request a different action (e.g. `password` → 'setPassword'). */
  bodyActions?: Readonly<Record<string, string>>;
  /** A further parameter names a part of the record that may be absent (a document, an avatar): 404 is then a valid answer. */
  part?: boolean;
}

export type RecordRouteDeclaration = RecordRouteMeta | { none: string };

export const RecordRoute = (meta: RecordRouteMeta) => SetMetadata(RECORD_KEY, meta satisfies RecordRouteDeclaration);

/** A route whose parameter is not a record of a policy (e.g. a documentation image name); says why. */
export const NotARecord = (reason: string) => SetMetadata(RECORD_KEY, { none: reason } satisfies RecordRouteDeclaration);
