/**
 * User form rules of spec part 1 §5, shared by the users API and the admin remote.
 * Each rule yields `{ path, message }` so the server can answer 400 and the form can mark the field.
 */
import { checkPassword, checkPasswordConfirm, ONE_TIME_POLICY, PASSWORD_MESSAGES, STRICT_POLICY } from './password-rules.js';

export const USER_MESSAGES = {
  usernameRequired: 'Bitte vergeben Sie einen Benutzernamen.',
  usernameTaken: 'Benutzername ist nicht erlaubt oder wird bereits verwendet.',
  rolesRequired: 'Es muss mindestens eine Rolle ausgewaehlt werden.',
  doctorRequired: 'Bitte wählen Sie einen Arzt aus.',
  homeRequired: 'Bitte wählen Sie ein Pflegeheim aus.',
  homeGroupOtherHome: 'Der Wohnbereich gehört nicht zur gewählten Einrichtung.',
  doctorNeedsEmail: 'Um einen Nutzer eine Arztpraxis zuzuweisen muss die Arztpraxis eine eMail Adresse besitzen.',
  chargeable: 'Bitte bestätigen Sie, dass der Zugang kostenpflichtig ist.',
  selfDeactivate: 'Sie können sich nicht selbst deaktivieren.',
  roleNotAllowed: 'Diese Rolle dürfen Sie nicht vergeben.',
  deleteNameMismatch: 'Der eingegebene Name stimmt nicht überein.',
} as const;

export interface FieldError {
  path: string;
  message: string;
}

export interface UserFormInput {
  username?: string;
  roles?: string[];
  doctor?: string | null;
  home?: string | null;
  password?: string;
  password_confirm?: string;
  once_password?: boolean;
  chargeable?: number;
}

export interface UserFormContext {
  /** Creating (password required) or editing (password only when changed). */
  mode: 'create' | 'edit';
  /** E-mail of the chosen doctor, when one is chosen and known. */
  doctorEmail?: string | null;
}

/** Field-level rules that need no database (uniqueness is checked by the server). */
export function validateUserForm(input: UserFormInput, ctx: UserFormContext): FieldError[] {
  const errors: FieldError[] = [];
  const roles = input.roles ?? [];
  if (!input.username || input.username.trim() === '') errors.push({ path: 'username', message: USER_MESSAGES.usernameRequired });
  if (roles.length === 0) errors.push({ path: 'roles', message: USER_MESSAGES.rolesRequired });
  if (roles.includes('ROLE_DOCTOR') && !input.doctor) errors.push({ path: 'doctor', message: USER_MESSAGES.doctorRequired });
  if (roles.includes('ROLE_HOME') && !input.home) errors.push({ path: 'home', message: USER_MESSAGES.homeRequired });
  if (input.doctor && ctx.doctorEmail !== undefined && !ctx.doctorEmail) {
    errors.push({ path: 'doctor', message: USER_MESSAGES.doctorNeedsEmail });
  }
  if (input.chargeable === 1) errors.push({ path: 'chargeable', message: USER_MESSAGES.chargeable });
  const password = input.password ?? '';
  if (ctx.mode === 'create' && password === '') {
    errors.push({ path: 'password', message: PASSWORD_MESSAGES.required });
  } else if (password !== '') {
    const policy = input.once_password ? ONE_TIME_POLICY : STRICT_POLICY;
    for (const message of checkPassword(password, policy)) errors.push({ path: 'password', message });
    const mismatch = checkPasswordConfirm(password, input.password_confirm ?? '');
    if (mismatch) errors.push({ path: 'password_confirm', message: mismatch });
  }
  return errors;
}
