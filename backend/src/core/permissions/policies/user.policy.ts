import { grantableRoles as grantableRolesOf, type Role, ROLES } from '@mediport/contracts';
import type { PermissionName } from '@mediport/permissions';
import { users } from '../../../db/schema/index.js';
import type { AuthContext } from '../../auth/auth-context.js';
import { type Condition, cond, FALSE, TRUE } from './condition.js';
import { byGrant, definePolicy, type RecordPolicy } from './policy.js';

/** A user as the policy sees it. */
export interface UserSubject {
  [field: string]: string | null | readonly string[] | undefined;
  id: string;
  home: string | null;
  doctor: string | null;
  roles: readonly string[];
  status: string;
}

export type UserAction =
  /** Create a user with these fields (the form as it would be saved). */
  | 'create'
  /** Edit an active user (users route, and another user's profile). */
  | 'update'
  /** Reactivate a deactivated user. */
  | 'reactivate'
  | 'deactivate'
  /** Set another user's password without knowing it (own password: profile with the current one). */
  | 'setPassword'
  /** Open or save a profile: one's own, or another user's under `update`. */
  | 'profile'
  /** Set a password through the profile: one's own (with the current one), or another user's under `setPassword`. */
  | 'profilePassword'
  /** Read a user's profile documents: one's own, or with profile_document_manage_view. */
  | 'documents'
  /** Place and remove documents in another user's profile. */
  | 'manageDocuments'
  /** Accept or reject a document: the owner only. */
  | 'decideDocuments'
  | 'masquerade';

export function userSubject(row: { id: string; homeId: string | null; doctorId: string | null; roles: readonly string[]; status: string }): UserSubject {
  return { id: row.id, home: row.homeId, doctor: row.doctorId, roles: row.roles, status: row.status };
}

/** Same home, same doctor, or both drivers: what a manager's `_own` grant covers. */
function shares(auth: AuthContext): Condition {
  return cond.or(
    cond.eq('home', auth.user.homeId),
    cond.eq('doctor', auth.user.doctorId),
    auth.user.roles.includes('ROLE_DRIVER') ? cond.has('roles', 'ROLE_DRIVER') : FALSE,
  );
}

/**
 * Nobody but an administrator changes, takes over or places documents for a user who holds a role
 * beyond the caller's own and those the caller may grant: a home manager cannot set the password of
 * a colleague of the same home who is also a pharmacist or an administrator, and then act as them.
 */
function protectAdmins(auth: AuthContext): Condition {
  if (auth.user.roles.includes('ROLE_ADMIN')) return TRUE;
  const within = new Set<string>([...auth.user.roles, ...grantableRoles(auth)]);
  return cond.and(...ROLES.filter((role) => role === 'ROLE_ADMIN' || !within.has(role)).map((role) => cond.not(cond.has('roles', role))));
}

const self = (auth: AuthContext) => cond.eq('id', auth.userId);
const notSelf = (auth: AuthContext) => cond.not(self(auth));
const removed = cond.eq('status', 'removed');
const scoped = (auth: AuthContext, permission: PermissionName) => byGrant(auth, permission, () => shares(auth));

function rule(auth: AuthContext, action: UserAction | 'read'): Condition {
  const edit = () => cond.and(scoped(auth, 'user-edit-btn'), protectAdmins(auth));
  switch (action) {
    case 'read':
      return cond.or(self(auth), scoped(auth, 'user_list_view'));
    case 'create':
      return cond.and(scoped(auth, 'user_create_view'), protectAdmins(auth));
    case 'update':
      return cond.and(edit(), cond.not(removed));
    case 'reactivate':
      return cond.and(edit(), removed);
    case 'deactivate':
      // Deactivating a deactivated user changes nothing and is allowed like the first time.
      return cond.and(edit(), notSelf(auth));
    case 'setPassword':
      return cond.and(edit(), cond.not(removed), notSelf(auth));
    case 'profile':
      return cond.or(self(auth), rule(auth, 'update'));
    case 'profilePassword':
      return cond.or(self(auth), rule(auth, 'setPassword'));
    case 'documents':
      return cond.or(self(auth), rule(auth, 'manageDocuments'));
    case 'manageDocuments':
      return cond.and(scoped(auth, 'profile_document_manage_view'), protectAdmins(auth));
    case 'decideDocuments':
      return self(auth);
    case 'masquerade':
      return cond.and(scoped(auth, 'masquerade_view'), protectAdmins(auth), cond.not(removed), notSelf(auth));
  }
}

export const userPolicy: RecordPolicy<UserAction, UserSubject> = definePolicy({
  subject: 'User',
  columns: { id: users.id, home: users.homeId, doctor: users.doctorId, roles: users.roles, status: users.status },
  rule,
});

/** Roles the caller may add to or remove from a user (the role checkboxes of the user form). */
export function grantableRoles(auth: AuthContext): Role[] {
  return grantableRolesOf(auth.user.roles, (p) => auth.can(p as PermissionName));
}
