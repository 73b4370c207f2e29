/**
 * Master-data rules (patient, doctor, doctor office, home, living area) with
 * their German messages, shared by the master-data API and the masterdata remote's forms. Each
 * rule yields `{ path, message }`; the server answers them as a 400, a form marks the field.
 */
import { PERSON_SALUTATIONS, type PersonSalutation } from '@mediport/contracts';
import { FIELD_MESSAGES, isEmail, isPostalCode } from './field-rules.js';
import type { FieldError } from './user-rules.js';

/** Any salutation of a patient or doctor other than the accepted ones. */
export const SALUTATION_MESSAGE = 'Bitte wählen Sie als Anrede „Herr“, „Frau“ oder „Nicht angegeben“.';

const SALUTATION_ALIASES: Readonly<Record<string, PersonSalutation>> = { mr: 'Herr', mrs: 'Frau' };

/**
 * The salutation of a patient or doctor in the form it is saved and answered in: 'Herr', 'Frau' and
 * '' (Nicht angegeben) as given, the user API's 'mr' / 'mrs' as 'Herr' / 'Frau'; null for anything else.
 */
export function personSalutation(value: unknown): PersonSalutation | null {
  if (typeof value !== 'string') return null;
  if ((PERSON_SALUTATIONS as readonly string[]).includes(value)) return value as PersonSalutation;
  return SALUTATION_ALIASES[value] ?? null;
}

export const PATIENT_MESSAGES = {
  lastnameRequired: FIELD_MESSAGES.required('Nachname'),
  dateOfBirthRequired: FIELD_MESSAGES.required('Geburtsdatum'),
  dateOfBirthFormat: 'Bitte geben Sie ein gültiges Geburtsdatum im Format TT.MM.JJJJ an.',
  dateOfBirthFuture: 'Das Geburtsdatum darf nicht in der Zukunft liegen.',
  homeRequired: FIELD_MESSAGES.required('Pflegeeinrichtung'),
  homeGroupOtherHome: 'Der Wohnbereich gehört nicht zur gewählten Einrichtung.',
  salutation: SALUTATION_MESSAGE,
  /** Non-blocking: the form asks, and the user may save anyway. */
  duplicate: 'Es existiert bereits ein Patient mit ähnlichen Namen und Geburtsdatum. Wurde der Patient vielleicht schon erstellt?',
} as const;

export const DOCTOR_MESSAGES = {
  lastnameRequired: 'Nachname ist erforderlich',
  salutation: SALUTATION_MESSAGE,
  email: 'Ist keine korrekte E-Mail Adresse',
  preferredRequired: FIELD_MESSAGES.required('Bevorzugter Kontakt'),
  preferredNeedsLogin: 'Diese Kontaktart ist nur für Ärzte mit Zugang möglich.',
  faxRequired: 'Eine Faxnummer wird benötigt!',
  emailRequired: FIELD_MESSAGES.required('E-Mail'),
  faxAreaCode: 'Bitte geben Sie die Faxnummer mit Vorwahl an.',
  postalCode: FIELD_MESSAGES.postalCode,
} as const;

export const OFFICE_MESSAGES = {
  name: 'Bitte vergeben Sie einen Namen.',
  street: 'Bitte Straße angeben',
  zip: 'Bitte Postleitzahl angeben',
  city: 'Bitte Ort angeben',
  phoneRequired: FIELD_MESSAGES.required('Telefon'),
  mailRequired: FIELD_MESSAGES.required('E-Mail'),
  faxRequired: FIELD_MESSAGES.required('Fax'),
  mail: DOCTOR_MESSAGES.email,
  zipDigits: FIELD_MESSAGES.postalCode,
  faxAreaCode: DOCTOR_MESSAGES.faxAreaCode,
} as const;

export const HOME_MESSAGES = {
  name: 'Geben Sie einen Namen an',
  street: 'Geben Sie eine Straße an',
  postalCode: 'Geben Sie eine Postleitzahl an',
  city: 'Geben Sie eine Stadt an',
  country: 'Geben Sie ein Land an',
  emailRequired: FIELD_MESSAGES.required('E-Mail'),
  faxRequired: FIELD_MESSAGES.required('Fax'),
  email: FIELD_MESSAGES.email,
  postalCodeDigits: FIELD_MESSAGES.postalCode,
  senderNameRequired: FIELD_MESSAGES.required('Name'),
  senderPhoneRequired: FIELD_MESSAGES.required('Telefon'),
  homeGroupNameRequired: FIELD_MESSAGES.required('Wohnbereich'),
} as const;

const blank = (value: string | null | undefined) => value === undefined || value === null || value.trim() === '';

// ---------------------------------------------------------------------------------------------
// Dates (DD.MM.YYYY)

const GERMAN_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** Earliest accepted birth year (a date before it is taken as a typing error). */
export const MIN_BIRTH_YEAR = 1900;

/** YYYY-MM-DD of a real calendar date given as DD.MM.YYYY (31.02.2020 → null). */
export function parseGermanDate(value: string): string | null {
  const m = GERMAN_DATE.exec(value.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  if (month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** DD.MM.YYYY of a YYYY-MM-DD date. */
export function formatGermanDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}

/** Today in Berlin as YYYY-MM-DD (birth dates are German calendar dates). */
export function berlinToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The birth-date rule: required, DD.MM.YYYY (a real date from 1900 on), not in the future. */
export function checkDateOfBirth(value: string | null | undefined, today: string = berlinToday()): string | null {
  if (blank(value)) return PATIENT_MESSAGES.dateOfBirthRequired;
  const iso = parseGermanDate(value!);
  if (!iso || Number(iso.slice(0, 4)) < MIN_BIRTH_YEAR) return PATIENT_MESSAGES.dateOfBirthFormat;
  return iso > today ? PATIENT_MESSAGES.dateOfBirthFuture : null;
}

// ---------------------------------------------------------------------------------------------
// Phone and fax

/**
 * A fax number "with area code": after removing spaces and the separators / - ( ) . it is a
 * national number starting with 0 (030 1234567) or an international one starting with + or 00
 * (+49 30 1234567), with at least 6 digits after that prefix.
 */
export function hasAreaCode(value: string): boolean {
  const compact = value.replace(/[\s/().-]/g, '');
  return /^(\+[1-9]\d{5,}|0\d{6,})$/.test(compact);
}

// ---------------------------------------------------------------------------------------------
// Patient

export interface PatientInput {
  lastname?: string | null;
  dateOfBirth?: string | null;
  homepatient?: boolean;
  home?: string | null;
  postalCode?: string | null;
}

/** Patient rules that need no database (the home's existence and its living areas are the server's). */
export function validatePatient(input: PatientInput, today: string = berlinToday()): FieldError[] {
  const errors: FieldError[] = [];
  if (blank(input.lastname)) errors.push({ path: 'lastname', message: PATIENT_MESSAGES.lastnameRequired });
  const birth = checkDateOfBirth(input.dateOfBirth, today);
  if (birth) errors.push({ path: 'dateOfBirth', message: birth });
  if (input.homepatient && blank(input.home)) errors.push({ path: 'home', message: PATIENT_MESSAGES.homeRequired });
  if (input.postalCode && !isPostalCode(input.postalCode)) errors.push({ path: 'postalCode', message: FIELD_MESSAGES.postalCode });
  return errors;
}

/** Name comparison of the duplicate warning: trimmed, any case. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');
}

// ---------------------------------------------------------------------------------------------
// Doctor

/** Contact types needing a login: offered only for doctors with login. */
export const LOGIN_ONLY_PREFERRED: readonly string[] = ['E-Mail-Notification', 'Fax-Notification', 'NONE'];

export interface DoctorInput {
  lastname?: string | null;
  email?: string | null;
  preferred?: string | null;
  fax?: string | null;
  postalCode?: string | null;
  /** The doctor has a login (an active user). */
  withLogin?: boolean;
}

/**
 * Doctor rules: last name; e-mail pattern; a contact type, the notification types and
 * NONE only with a login; fax required for Fax and Fax-Notification, e-mail for E-Mail and
 * E-Mail-Notification; a fax with area code; postal code digits only, at most 5.
 */
export function validateDoctor(input: DoctorInput): FieldError[] {
  const errors: FieldError[] = [];
  if (blank(input.lastname)) errors.push({ path: 'lastname', message: DOCTOR_MESSAGES.lastnameRequired });
  const email = input.email?.trim() ?? '';
  const fax = input.fax?.trim() ?? '';
  if (email && !isEmail(email)) errors.push({ path: 'email', message: DOCTOR_MESSAGES.email });
  const preferred = input.preferred ?? '';
  if (blank(preferred)) errors.push({ path: 'preferred', message: DOCTOR_MESSAGES.preferredRequired });
  else if (LOGIN_ONLY_PREFERRED.includes(preferred) && !input.withLogin) errors.push({ path: 'preferred', message: DOCTOR_MESSAGES.preferredNeedsLogin });
  if ((preferred === 'Fax' || preferred === 'Fax-Notification') && !fax) errors.push({ path: 'fax', message: DOCTOR_MESSAGES.faxRequired });
  if ((preferred === 'E-Mail' || preferred === 'E-Mail-Notification') && !email) errors.push({ path: 'email', message: DOCTOR_MESSAGES.emailRequired });
  if (fax && !hasAreaCode(fax)) errors.push({ path: 'fax', message: DOCTOR_MESSAGES.faxAreaCode });
  if (input.postalCode && !isPostalCode(input.postalCode)) errors.push({ path: 'postalCode', message: DOCTOR_MESSAGES.postalCode });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Doctor office

export interface DoctorOfficeInput {
  name?: string | null;
  street?: string | null;
  zip?: string | null;
  city?: string | null;
  /** phone (default), mail or fax. */
  preferred?: string | null;
  phone?: string | null;
  mail?: string | null;
  fax?: string | null;
}

/** Doctor office rules: name, street, zip, city; the contact type's phone, mail or fax. */
export function validateDoctorOffice(input: DoctorOfficeInput): FieldError[] {
  const errors: FieldError[] = [];
  if (blank(input.name)) errors.push({ path: 'name', message: OFFICE_MESSAGES.name });
  if (blank(input.street)) errors.push({ path: 'street', message: OFFICE_MESSAGES.street });
  if (blank(input.zip)) errors.push({ path: 'zip', message: OFFICE_MESSAGES.zip });
  else if (!isPostalCode(input.zip!.trim())) errors.push({ path: 'zip', message: OFFICE_MESSAGES.zipDigits });
  if (blank(input.city)) errors.push({ path: 'city', message: OFFICE_MESSAGES.city });
  const preferred = input.preferred || 'phone';
  if (preferred === 'phone' && blank(input.phone)) errors.push({ path: 'phone', message: OFFICE_MESSAGES.phoneRequired });
  if (preferred === 'mail' && blank(input.mail)) errors.push({ path: 'mail', message: OFFICE_MESSAGES.mailRequired });
  if (preferred === 'fax' && blank(input.fax)) errors.push({ path: 'fax', message: OFFICE_MESSAGES.faxRequired });
  if (!blank(input.mail) && !isEmail(input.mail!.trim())) errors.push({ path: 'mail', message: OFFICE_MESSAGES.mail });
  if (!blank(input.fax) && !hasAreaCode(input.fax!)) errors.push({ path: 'fax', message: OFFICE_MESSAGES.faxAreaCode });
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Home and living area

export interface HomeInput {
  name?: string | null;
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
  email?: string | null;
  fax?: string | null;
  senderName?: string | null;
  senderPhone?: string | null;
}

/**
 * Home rules: name, street, postal code, city, country, e-mail and fax required;
 * postal code digits only (max 5); e-mail pattern. With `sender` (the sender tab is saved) its
 * name and phone are required.
 */
export function validateHome(input: HomeInput, options: { sender?: boolean } = {}): FieldError[] {
  const errors: FieldError[] = [];
  const required: [keyof HomeInput, string][] = [
    ['name', HOME_MESSAGES.name],
    ['street', HOME_MESSAGES.street],
    ['postalCode', HOME_MESSAGES.postalCode],
    ['city', HOME_MESSAGES.city],
    ['country', HOME_MESSAGES.country],
    ['email', HOME_MESSAGES.emailRequired],
    ['fax', HOME_MESSAGES.faxRequired],
  ];
  for (const [path, message] of required) if (blank(input[path])) errors.push({ path, message });
  if (!blank(input.postalCode) && !isPostalCode(input.postalCode!.trim())) errors.push({ path: 'postalCode', message: HOME_MESSAGES.postalCodeDigits });
  if (!blank(input.email) && !isEmail(input.email!.trim())) errors.push({ path: 'email', message: HOME_MESSAGES.email });
  if (options.sender) {
    if (blank(input.senderName)) errors.push({ path: 'senderName', message: HOME_MESSAGES.senderNameRequired });
    if (blank(input.senderPhone)) errors.push({ path: 'senderPhone', message: HOME_MESSAGES.senderPhoneRequired });
  }
  return errors;
}

/** A living area needs a name. */
export function validateHomeGroup(input: { name?: string | null }): FieldError[] {
  return blank(input.name) ? [{ path: 'name', message: HOME_MESSAGES.homeGroupNameRequired }] : [];
}
