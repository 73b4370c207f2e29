/**
 * Password rules, one place for server and client, with their German messages.
 */

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  minLower: number;
  minUpper: number;
  minDigits: number;
  minSpecial: number;
}

/** Strict reading (profile and user pages): 12..4096, two of each class. */
export const STRICT_POLICY: PasswordPolicy = {
  minLength: 12,
  maxLength: 4096,
  minLower: 2,
  minUpper: 2,
  minDigits: 2,
  minSpecial: 2,
};

/** One-time-password mode: minimum length 5, no other minimums. */
export const ONE_TIME_POLICY: PasswordPolicy = {
  minLength: 5,
  maxLength: 4096,
  minLower: 0,
  minUpper: 0,
  minDigits: 0,
  minSpecial: 0,
};

const LOWER = 'abcdefghijklmnopqrstuvwxyzäöüß';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ';
const DIGITS = '0123456789';
/** Printable ASCII specials without ' and ", which are forbidden. */
const SPECIAL = '!#$%&()*+,-./:;<=>?@[\\]^_`{|}~ ';

export const PASSWORD_MESSAGES = {
  forbidden: 'Unerlaubte Zeichen gefunden!',
  tooLong: (n: number) => `Mehr als ${n} Zeichen!`,
  tooShort: (n: number) => `Weniger als ${n} Zeichen!`,
  lower: (n: number) => `Weniger als ${n} kleine Buchstaben!`,
  upper: (n: number) => `Weniger als ${n} große Buchstaben!`,
  digits: (n: number) => `Weniger als ${n} Zahlen!`,
  special: (n: number) => `Weniger als ${n} Sonderzeichen!`,
  mismatch: 'Das Passwort ist nicht identisch mit dem Bestätigungspasswort',
  mismatchReverse: 'Das Bestätigungspasswort ist nicht identisch mit dem Passwort',
  currentRequired: 'Bitte geben Sie Ihr aktuelles Passwort ein.',
  currentWrong: 'Das aktuelle Passwort ist nicht korrekt.',
  required: 'Bitte vergeben Sie ein Passwort.',
} as const;

function count(value: string, chars: string): number {
  let n = 0;
  for (const c of value) if (chars.includes(c)) n++;
  return n;
}

/** All rule violations of a password, in the order the spec lists them. Empty = valid. */
export function checkPassword(value: string, policy: PasswordPolicy = STRICT_POLICY): string[] {
  const errors: string[] = [];
  for (const c of value) {
    if (!LOWER.includes(c) && !UPPER.includes(c) && !DIGITS.includes(c) && !SPECIAL.includes(c)) {
      errors.push(PASSWORD_MESSAGES.forbidden);
      break;
    }
  }
  const length = [...value].length;
  if (length > policy.maxLength) errors.push(PASSWORD_MESSAGES.tooLong(policy.maxLength));
  if (length < policy.minLength) errors.push(PASSWORD_MESSAGES.tooShort(policy.minLength));
  if (count(value, LOWER) < policy.minLower) errors.push(PASSWORD_MESSAGES.lower(policy.minLower));
  if (count(value, UPPER) < policy.minUpper) errors.push(PASSWORD_MESSAGES.upper(policy.minUpper));
  if (count(value, DIGITS) < policy.minDigits) errors.push(PASSWORD_MESSAGES.digits(policy.minDigits));
  if (count(value, SPECIAL) < policy.minSpecial) errors.push(PASSWORD_MESSAGES.special(policy.minSpecial));
  return errors;
}

/** Message for password vs. repetition; `reverse` when checking from the repetition field. */
export function checkPasswordConfirm(password: string, confirm: string, reverse = false): string | null {
  if (password === confirm) return null;
  return reverse ? PASSWORD_MESSAGES.mismatchReverse : PASSWORD_MESSAGES.mismatch;
}

function pick(chars: string, random: () => number): string {
  return chars[Math.floor(random() * chars.length)]!;
}

function secureRandom(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0]! / 2 ** 32;
}

/**
 * Generates a password that satisfies the policy: 12 characters with 2 of each class by
 * default. Uses only unambiguous ASCII specials so it can be typed on any keyboard.
 */
export function generatePassword(policy: PasswordPolicy = STRICT_POLICY, random: () => number = secureRandom): string {
  const specials = '!#$%&*+-=?@_';
  const chars: string[] = [];
  for (let i = 0; i < Math.max(policy.minLower, 2); i++) chars.push(pick('abcdefghijkmnopqrstuvwxyz', random));
  for (let i = 0; i < Math.max(policy.minUpper, 2); i++) chars.push(pick('ABCDEFGHJKLMNPQRSTUVWXYZ', random));
  for (let i = 0; i < Math.max(policy.minDigits, 2); i++) chars.push(pick('23456789', random));
  for (let i = 0; i < Math.max(policy.minSpecial, 2); i++) chars.push(pick(specials, random));
  const all = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789' + specials;
  while (chars.length < Math.max(policy.minLength, 12)) chars.push(pick(all, random));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
