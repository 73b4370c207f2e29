/**
 * User form rules, shared by the users API and the admin remote.
 * Each rule yields `{ path, message }` so the server can answer 400 and the form can mark the field.
 */
import { checkPassword, checkPasswordConfirm, ONE_TIME_POLICY, PASSWORD_MESSAGES, STRICT_POLICY } from './password-rules.js';

export const USER_MESSAGES = {
  usernameRequired: 'Bitte vergeben Sie einen Benutzernamen.',
  usernameTaken: 'Benutzername ist nicht erlaubt oder wird bereits verwendet.',
  rolesRequired: 'Es muss mindestens eine Rolle ausgewählt werden.',
  doctorRequired: 'Bitte wählen Sie einen Arzt aus.',
  homeRequired: 'Bitte wählen Sie ein Pflegeheim aus.',
  homeGroupOtherHome: 'Der Wohnbereich gehört nicht zur gewählten Einrichtung.',
  doctorNeedsEmail: 'Um einen Nutzer eine Arztpraxis zuzuweisen muss die Arztpraxis eine eMail Adresse besitzen.',
  chargeable: 'Bitte bestätigen Sie, dass der Zugang kostenpflichtig ist.',
  selfDeactivate: 'Sie können sich nicht selbst deaktivieren.',
  roleNotAllowed: 'Diese Rolle dürfen Sie nicht vergeben.',
  deleteNameMismatch: 'Der eingegebene Name stimmt nicht überein.',
  usernameCharacters: 'Der Benutzername darf nur Buchstaben, Ziffern, Punkt, Unterstrich und Bindestrich enthalten.',
  usernameTooLong: 'Mehr als 100 Zeichen!',
} as const;

/** Longest username, in characters. */
export const USERNAME_MAX_LENGTH = 100;

/*
 * Usernames: letters, digits, ".", "_" and "-". Unlike the general text-input rule no whitespace:
 * a username is typed at sign-in and shown in lists and audit entries, where a space is invisible.
 * Letters are Latin ones: A–Z, the umlauts and ß, and the accented letters of other Latin-script
 * languages (Latin-1 Supplement and Latin Extended-A: é, ñ, ç, ø, ł, ş …), so René or Łukasz can
 * use their names. Other scripts and full-width forms are refused because they hold look-alikes of
 * Latin letters ("аdmin" with a Cyrillic а) that would let one username imitate another.
 * Digits are ASCII only. Letters must be precomposed (NFC), as keyboards send them.
 */
const USERNAME = /^[A-Za-z0-9._\-\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F]+$/;

/**
 * The username rule (characters and length) with its German message, or null when the username
 * passes. Surrounding whitespace is ignored (it is trimmed on save); an empty username passes
 * here, "required" is its own rule.
 */
export function checkUsername(value: string): string | null {
  const username = value.trim();
  if (username === '') return null;
  if (username.length > USERNAME_MAX_LENGTH) return USER_MESSAGES.usernameTooLong;
  return USERNAME.test(username) ? null : USER_MESSAGES.usernameCharacters;
}

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
  /**
   * Editing: the username as stored. Usernames from before the username rule may break it; such a
   * user can still sign in, and saving the user with that name unchanged is not blocked: the rule
   * applies to a new or changed username only. Without it (the users API, whose DTO checks every
   * username a request sends) an edit does not check the characters here.
   */
  currentUsername?: string;
}

/** Field-level rules that need no database (uniqueness is checked by the server). */
export function validateUserForm(input: UserFormInput, ctx: UserFormContext): FieldError[] {
  const errors: FieldError[] = [];
  const roles = input.roles ?? [];
  if (!input.username || input.username.trim() === '') errors.push({ path: 'username', message: USER_MESSAGES.usernameRequired });
  else if (ctx.mode === 'create' || (ctx.currentUsername !== undefined && input.username.trim() !== ctx.currentUsername)) {
    const invalid = checkUsername(input.username);
    if (invalid) errors.push({ path: 'username', message: invalid });
  }
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
