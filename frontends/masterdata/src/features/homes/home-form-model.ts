import { LOGO_DELETE_MARKER, type HomeDto, type HomeWriteRequest } from '@mediport/contracts';
import type { ImageChange } from '@mediport/ui';
import { validateHome, type FieldError } from '@mediport/validation';

/** The text fields of the home form. */
export interface HomeFormValues {
  name: string;
  company: string;
  firstname: string;
  lastname: string;
  email: string;
  fax: string;
  phone: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  debtorId: string;
  senderName: string;
  senderPhone: string;
  senderFax: string;
}

export const BASE_KEYS = ['name', 'company', 'firstname', 'lastname', 'email', 'fax', 'phone', 'street', 'postalCode', 'city', 'country'] as const;
export const SENDER_KEYS = ['senderName', 'senderPhone', 'senderFax'] as const;
const ALL_KEYS = [...BASE_KEYS, 'debtorId', ...SENDER_KEYS] as const;

/** A new home: everything empty, country Deutschland. */
export const EMPTY_HOME: HomeFormValues = { ...(Object.fromEntries(ALL_KEYS.map((k) => [k, ''])) as unknown as HomeFormValues), country: 'Deutschland' };

export function homeToForm(home: HomeDto): HomeFormValues {
  return Object.fromEntries(ALL_KEYS.map((k) => [k, home[k] ?? ''])) as unknown as HomeFormValues;
}

/**
 * The sender settings are in use once a sender field is filled or a logo is (or will be) stored;
 * then their name and phone are required (the server applies the same rule).
 */
export function usesSender(values: HomeFormValues, hasLogo: boolean): boolean {
  return hasLogo || SENDER_KEYS.some((k) => values[k].trim() !== '');
}

/** The home rules (libs/validation validateHome); the sender tab's rules only where the caller may edit it. */
export function validateHomeForm(values: HomeFormValues, options: { senderEditable: boolean; hasLogo: boolean }): FieldError[] {
  return validateHome(values, { sender: options.senderEditable && usesSender(values, options.hasLogo) });
}

/** The tab a rule's message belongs to. */
export const tabOfField = (path: string): 'absender' | 'stammdaten' => ((SENDER_KEYS as readonly string[]).includes(path) ? 'absender' : 'stammdaten');

export interface HomeBodyOptions {
  /** Only administrators may set the Kundennummer (others do not send it). */
  admin: boolean;
  /** The sender settings are sent only where the caller may change them. */
  senderEditable: boolean;
  logo: ImageChange;
}

/**
 * Body of POST /api/homes and PUT /api/homes/{id}: JSON, or multipart when the logo changes
 * (the file as "logo", or logo=_delete).
 */
export function homeRequestBody(values: HomeFormValues, { admin, senderEditable, logo }: HomeBodyOptions): HomeWriteRequest | FormData {
  const keys: (keyof HomeFormValues)[] = [...BASE_KEYS, ...(admin ? (['debtorId'] as const) : []), ...(senderEditable ? SENDER_KEYS : [])];
  const fields = Object.fromEntries(keys.map((k) => [k, values[k].trim()])) as HomeWriteRequest;
  if (!senderEditable || logo.kind === 'keep') return fields;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v as string);
  if (logo.kind === 'replace') form.append('logo', logo.file, logo.file.name);
  else form.append('logo', LOGO_DELETE_MARKER);
  return form;
}
