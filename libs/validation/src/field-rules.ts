/** Field rules shared by every form, with their German messages. */

export const FIELD_MESSAGES = {
  required: (label: string) => `${label} muss ausgefüllt werden`,
  email: 'Bitte geben Sie eine gültige E-Mail an. (z.B. max.mustermann@beispiel.de)',
  postalCode: 'Die Postleitzahl darf nur aus höchstens 5 Ziffern bestehen.',
  textInput: 'Nur Buchstaben, Ziffern, Unterstrich, Bindestrich, Leerzeichen und Punkt sind erlaubt.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const POSTAL_CODE = /^\d{0,5}$/;
const TEXT_INPUT = /^[\p{L}\d_\-\s.]*$/u;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

/** Postal code: digits only, at most 5 characters (empty passes; "required" is separate). */
export function isPostalCode(value: string): boolean {
  return POSTAL_CODE.test(value);
}

/** Letters including umlauts, digits, underscore, hyphen, whitespace and dot. */
export function isTextInput(value: string): boolean {
  return TEXT_INPUT.test(value);
}

export function checkRequired(value: unknown, label: string, message?: string): string | null {
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
  return empty ? (message ?? FIELD_MESSAGES.required(label)) : null;
}

export function checkEmail(value: string): string | null {
  return value === '' || isEmail(value) ? null : FIELD_MESSAGES.email;
}

export function checkPostalCode(value: string): string | null {
  return isPostalCode(value) ? null : FIELD_MESSAGES.postalCode;
}
