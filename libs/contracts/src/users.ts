/**
 * User administration API shapes and the role-choice rules
 * shared by the users API and the admin remote.
 */
import type { DoctorRef, HomeRef, Role, Salutation, Snippet, UserDto } from './index.js';
import { ROLES } from './index.js';
import type { DoctorDto, HomeDto } from './masterdata.js';

/** One row of GET /api/users and the answer of GET /api/users/{id}. */
export interface UserListRow extends UserDto {
  /** Whether the caller may edit or deactivate this user (the list's row actions). */
  editable: boolean;
  /** The assigned care home (name for the list's "care home" column and the details view). */
  homeDetails: HomeRef | null;
  /** The assigned doctor (details view). */
  doctorDetails: DoctorRef | null;
  /** The living areas of `homeGroup`, by name (the list's "Wohnbereich" column and the details view). */
  homeGroupDetails: HomeGroupRef[];
}

/** A living area (Wohnbereich) of a care home: _id, name, home. */
export interface HomeGroupRef {
  _id: string;
  name: string;
  /** Id of the care home it belongs to. */
  home: string;
}

/** `filter[status]`: '' = active (status '' or 'new', the default), 'removed', 'all'. */
export type UserStatusFilter = '' | 'removed' | 'all';

export interface UserListFilter {
  text?: string;
  /** Users holding any of these roles. */
  roles?: Role[];
  home?: string;
  doctor?: string;
  status?: UserStatusFilter;
  /** Only users the caller has not seen yet ("neu"). */
  notSeen?: boolean;
}

/** Sortable fields of GET /api/users; a leading "-" sorts descending. */
export const USER_SORT_FIELDS = ['username', 'firstname', 'lastname', 'createdAt', 'modifiedAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/**
 * Body of POST /api/users and PUT /api/users/{id}. PUT merges the given fields into the stored
 * user and validates the result; the password changes only when one is given.
 */
export interface UserWriteRequest {
  username?: string;
  roles?: Role[];
  doctor?: string | null;
  home?: string | null;
  /** Ids of living areas of the chosen home; cleared together with the home. */
  homeGroup?: string[];
  password?: string;
  password_confirm?: string;
  once_password?: boolean;
  /** The other spelling of the one-time-password flag (older clients send it); either one is honoured. */
  password_once?: boolean;
  salutation?: Salutation;
  title?: string;
  firstname?: string;
  lastname?: string;
  /** 0 = no costs (contract exists), 1 = costs not yet acknowledged (refused), 2 = acknowledged. */
  chargeable?: 0 | 1 | 2;
  /** PUT only: '' reactivates a deactivated user; 'new' marks a save from the newer form. */
  status?: '' | 'new';
  snippets?: Snippet[];
  /** PUT only: "_delete" removes the avatar. */
  avatar?: '_delete';
}

/**
 * The choices of the user form's home, living-area and doctor fields (and of the list's filters).
 * Also the answer of the interim GET /api/users/lookups.
 */
export interface UserLookups {
  homes: HomeRef[];
  /** Living areas of the homes offered above. */
  homeGroups: HomeGroupRef[];
  doctors: DoctorRef[];
}

/**
 * The user form's choices from the master-data lists (GET /api/homes?limit=-1 with each home's
 * living areas, GET /api/doctors?limit=-1): all of them, or with `own` (a caller who administers
 * only the users of the own home / doctor) just the caller's own home and doctor.
 */
export function userLookupsOf(
  homes: readonly HomeDto[],
  doctors: readonly DoctorDto[],
  own?: { home: string | null; doctor: string | null },
): UserLookups {
  const offered = homes.filter((h) => !own || h._id === own.home);
  return {
    homes: offered.map((h) => ({ _id: h._id, name: h.name })),
    homeGroups: offered.flatMap((h) => h.homeGroups.map((g) => ({ _id: g._id, name: g.name, home: g.home }))),
    doctors: doctors
      .filter((d) => !own || d._id === own.doctor)
      .map((d) => ({ _id: d._id, firstname: d.firstname, lastname: d.lastname, title: d.title, email: d.email })),
  };
}

/** Permission that lets a caller choose a role in the user form: user_create_role_{role}_view. */
export function roleGrantPermission(role: Role): string {
  return `user_create_role_${role.slice('ROLE_'.length).toLowerCase()}_view`;
}

/**
 * Default roles of a new user: the creator's own workspace roles. Administrator is never a
 * default, and a manager who is not admin loses the manager role from the set.
 */
export function defaultRolesFor(callerRoles: readonly string[]): Role[] {
  const isAdmin = callerRoles.includes('ROLE_ADMIN');
  return ROLES.filter((r) => callerRoles.includes(r) && r !== 'ROLE_ADMIN' && !(r === 'ROLE_MANAGER' && !isAdmin));
}

/**
 * Roles a caller may set or remove: Administrator only by an admin; every other role with
 * its user_create_role_*_view permission (admin, or manager with pharma in the default matrix);
 * besides, the creator's default roles, so that e.g. a home manager can add users of the own home.
 */
export function grantableRoles(callerRoles: readonly string[], can: (permission: string) => boolean): Role[] {
  const defaults = defaultRolesFor(callerRoles);
  return ROLES.filter((role) => {
    if (role === 'ROLE_ADMIN') return callerRoles.includes('ROLE_ADMIN') && can(roleGrantPermission(role));
    return can(roleGrantPermission(role)) || defaults.includes(role);
  });
}

/** German descriptions beside the role checkboxes of the user form. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  ROLE_ADMIN: 'Voller Zugriff. Darf Kundennummern von Ärzten, Heimen und Einstellungen bearbeiten und sich als andere Nutzer anmelden.',
  ROLE_MANAGER: 'Erweiterte Rechte; verwaltet Nutzer.',
  ROLE_HOME: 'Arbeitsbereich für Pflegeeinrichtungen.',
  ROLE_PHARMA: 'Arbeitsbereich für Apotheken.',
  ROLE_DOCTOR: 'Arbeitsbereich für Ärzte.',
  ROLE_DRIVER: 'Arbeitsbereich für Fahrer.',
  ROLE_ACCOUNTING: 'Zugriff auf Rechnungen.',
};

/** Error code of a refused role choice (403, USER_MESSAGES.roleNotAllowed). */
export const ROLE_NOT_ALLOWED_CODE = 'role_not_allowed';
