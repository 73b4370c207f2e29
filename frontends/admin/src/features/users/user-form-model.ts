/** Pure rules of the user form: initial values, errors (libs/validation), role toggling, request body. */
import { defaultRolesFor, type HomeRef, type Role, type Salutation, type UserDto, type UserWriteRequest } from '@mediport/contracts';
import { validateUserForm } from '@mediport/validation';

export type FormVariant = 'legacy' | 'v3';
export type FormMode = 'create' | 'edit';

export interface UserFormValues {
  username: string;
  roles: Role[];
  doctor: string;
  home: string;
  /** Living areas (ids) of the chosen home. */
  homeGroup: string[];
  password: string;
  password_confirm: string;
  once_password: boolean;
  salutation: Salutation;
  title: string;
  firstname: string;
  lastname: string;
  chargeable: 0 | 1 | 2;
}

export interface Caller {
  roles: readonly string[];
  home: string | null;
  doctor: string | null;
}

/**
 * A new user starts with the creator's default roles (no Administrator, and a non-admin
 * manager's manager role removed), the creator's own home / doctor for those roles, and the
 * salutation Herr in the newer form.
 */
export function newUserValues(variant: FormVariant, caller: Caller, homes: HomeRef[] = []): UserFormValues {
  const roles = defaultRolesFor(caller.roles);
  const values: UserFormValues = {
    username: '',
    roles,
    doctor: roles.includes('ROLE_DOCTOR') ? (caller.doctor ?? '') : '',
    home: roles.includes('ROLE_HOME') ? (caller.home ?? '') : '',
    homeGroup: [],
    password: '',
    password_confirm: '',
    once_password: false,
    salutation: variant === 'v3' ? 'mr' : '',
    title: '',
    firstname: '',
    lastname: '',
    chargeable: 0,
  };
  return withSingleHome(values, homes);
}

export function userValues(user: UserDto): UserFormValues {
  return {
    username: user.username,
    roles: user.roles,
    doctor: user.doctor ?? '',
    home: user.home ?? '',
    homeGroup: user.homeGroup,
    password: '',
    password_confirm: '',
    once_password: user.once_password,
    salutation: user.salutation,
    title: user.title,
    firstname: user.firstname,
    lastname: user.lastname,
    chargeable: user.chargeable,
  };
}

/** With a single home it is selected automatically. */
function withSingleHome(values: UserFormValues, homes: HomeRef[]): UserFormValues {
  if (values.roles.includes('ROLE_HOME') && !values.home && homes.length === 1) return { ...values, home: homes[0]!._id };
  return values;
}

/** Toggles a role; removing Arzt clears the doctor, removing Heim the home and its living areas. */
export function toggleRole(values: UserFormValues, role: Role, checked: boolean, homes: HomeRef[] = []): UserFormValues {
  const roles = checked ? [...new Set([...values.roles, role])] : values.roles.filter((r) => r !== role);
  const home = roles.includes('ROLE_HOME') ? values.home : '';
  const next = {
    ...values,
    roles,
    doctor: roles.includes('ROLE_DOCTOR') ? values.doctor : '',
    home,
    homeGroup: home ? values.homeGroup : [],
  };
  return withSingleHome(next, homes);
}

/** Chooses a home; another home clears the chosen living areas (they belong to the old one). */
export function changeHome(values: UserFormValues, home: string): UserFormValues {
  return { ...values, home, homeGroup: home === values.home ? values.homeGroup : [] };
}

/** The living areas offered for the chosen home. */
export function homeGroupsOf<T extends { home: string }>(groups: readonly T[], home: string): T[] {
  return home ? groups.filter((g) => g.home === home) : [];
}

export interface ErrorContext {
  mode: FormMode;
  /** On edit the password counts only after "Passwort ändern". */
  passwordEnabled: boolean;
  /** E-mail of the chosen doctor when known (doctor-needs-an-e-mail rule). */
  doctorEmail?: string | null;
  /** Editing: the stored username. Kept unchanged it is not held against the username rule (it may predate it). */
  currentUsername?: string;
}

/** First error per field, worded as the spec says (the same rules the server applies). */
export function formErrors(values: UserFormValues, ctx: ErrorContext): Record<string, string> {
  const errors = validateUserForm(
    {
      ...values,
      doctor: values.roles.includes('ROLE_DOCTOR') ? values.doctor || null : null,
      home: values.roles.includes('ROLE_HOME') ? values.home || null : null,
      password: ctx.passwordEnabled ? values.password : '',
      password_confirm: ctx.passwordEnabled ? values.password_confirm : '',
    },
    { mode: ctx.mode, doctorEmail: ctx.doctorEmail, currentUsername: ctx.currentUsername },
  );
  const out: Record<string, string> = {};
  for (const e of errors) out[e.path] ??= e.message;
  return out;
}

/** The owners whose contract decides the chargeable flag: the chosen home and / or doctor. */
export function chargeableOwners(values: UserFormValues): { home: string | null; doctor: string | null } {
  return {
    home: values.roles.includes('ROLE_HOME') && values.home ? values.home : null,
    doctor: values.roles.includes('ROLE_DOCTOR') && values.doctor ? values.doctor : null,
  };
}

/**
 * chargeable from the contract checks: 0 when every chosen home / doctor has a contract, else 1
 * until the user acknowledges the costs (2), which is kept while the costs stay.
 */
export function nextChargeable(current: 0 | 1 | 2, contracts: (boolean | undefined)[]): 0 | 1 | 2 {
  const known = contracts.filter((c): c is boolean => c !== undefined);
  if (known.length === 0 || known.every(Boolean)) return 0;
  return current === 2 ? 2 : 1;
}

export function toRequest(
  values: UserFormValues,
  opts: { mode: FormMode; variant: FormVariant; passwordEnabled: boolean; reactivate?: boolean; currentUsername?: string },
): UserWriteRequest {
  const username = values.username.trim();
  const body: UserWriteRequest = {
    // An unchanged username is left out: the server then keeps it without checking it against the
    // username rule, so a user named before that rule can still be saved.
    ...(opts.mode === 'edit' && username === opts.currentUsername ? {} : { username }),
    roles: values.roles,
    doctor: values.roles.includes('ROLE_DOCTOR') ? values.doctor || null : null,
    home: values.roles.includes('ROLE_HOME') ? values.home || null : null,
    homeGroup: values.roles.includes('ROLE_HOME') && values.home ? values.homeGroup : [],
    once_password: values.once_password,
    salutation: values.salutation,
    title: values.title,
    firstname: values.firstname,
    lastname: values.lastname,
    chargeable: values.chargeable,
  };
  if (opts.passwordEnabled && values.password) {
    body.password = values.password;
    body.password_confirm = values.password_confirm;
  }
  // Reactivation clears the status; a save in the newer form marks the user as edited ("new").
  if (opts.reactivate) body.status = '';
  else if (opts.mode === 'edit' && opts.variant === 'v3') body.status = 'new';
  return body;
}

/** Display name of a doctor: title, first and last name. */
export function doctorName(d: { title: string; firstname: string; lastname: string }): string {
  return [d.title, d.firstname, d.lastname].filter(Boolean).join(' ');
}
