/** SEPA payment data of a debtor (GET/PUT /api/users/{id}/paymentData) and its rules. */

/** Who pays an invoice: the pharmacy, a care home or a doctor (the invoice's `role`). */
export type DebtorType = 'pharma' | 'homes' | 'doctors';
/** SEPA sequence type of a mandate's next collection: first, then recurring. */
export type SequenceType = 'FRST' | 'RCUR';

/** GET /api/users/{id}/paymentData */
export interface PaymentData {
  email: string;
  company: string;
  /** Grouped by four (`DE89 3704 0044 0532 0130 00`) for the owner and accounting, else masked (`DE89 **** **** **** **** 00`); '' without a mandate. */
  iban: string;
  bic: string;
  mandate: boolean;
  /** Mandate reference and signing date (DD.MM.YYYY) of the active mandate; '' without one. */
  reference: string;
  signedOn: string;
  /** Whether the caller sees the IBAN in full (owner or accounting). */
  ibanVisible: boolean;
}

/** PUT /api/users/{id}/paymentData: `mandate` true grants a mandate with the IBAN and BIC, false revokes the active one. */
export interface PaymentDataUpdate {
  email?: string;
  company?: string;
  iban?: string;
  bic?: string;
  mandate: boolean;
}

/** GET /api/invoices/sepa/months (ours): a billed month with invoices the export would collect. */
export interface SepaMonth {
  /** YYYY-MM */
  month: string;
  invoices: number;
  /** Cents: the sum of their gross amounts. */
  amountCents: number;
}

/** Answer of a successful PUT paymentData. */
export interface PaymentDataAnswer {
  success: true;
  action: 'granted' | 'revoked';
  paymentData: PaymentData;
}

/** Answer of a refused PUT paymentData (HTTP 400): the usual error list plus the spec's `action: 'error'`. */
export interface PaymentDataRefusal {
  statusCode: 400;
  success: false;
  action: 'error';
  errors: { path?: string; message: string; code?: string }[];
}

export const SEPA_MESSAGES = {
  /** Settings (ours): the creditor data of the direct-debit export. */
  creditorIdInvalid: 'Die Gläubiger-Identifikationsnummer ist ungültig.',
  creditorIbanInvalid: 'Die IBAN des Zahlungsempfängers ist ungültig.',
  creditorBicInvalid: 'Die BIC des Zahlungsempfängers ist ungültig.',
  /** GET /api/invoices/sepa (ours). */
  monthInvalid: 'Bitte geben Sie den Monat als JJJJ-MM an.',
  creditorMissing: 'Für den Lastschrifteinzug fehlen in den Einstellungen die Gläubiger-Identifikationsnummer oder die IBAN des Zahlungsempfängers.',
  nothingToExport: 'Für diesen Monat gibt es keine offenen Rechnungen mit SEPA-Lastschriftmandat.',
  granted: 'SEPA-Lastschriftmandat wurden erfolgreich erteilt.',
  revoked: 'SEPA-Lastschriftmandat wurden erfolgreich entzogen.',
  invalid: 'SEPA-Lastschriftmandat konnten nicht erteilt werden. Bitte überprüfen Sie ihre IBAN und BIC',
  failed: 'SEPA-Lastschriftmandat konnten nicht erteilt werden.',
  companyEmailRequired: 'Sie müssen ihre Email-Addresse und Unternehmensnamen in den Einstellungen angeben bevor sie ein Mandat erteilen können.',
} as const;

/**
 * IBAN length per country (ISO 13616 registry of SWIFT, release 2024): the countries of the SEPA
 * scheme and the other IBAN countries.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
  IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
  NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
  SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Removes every kind of white space and upper-cases: how IBAN and BIC are stored and compared. */
export function compactSepaInput(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** ISO 7064 MOD 97-10 over the rearranged IBAN, digit by digit (no big integers). */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** A valid IBAN: known country, that country's length, alphanumeric account part and check digits that pass MOD 97. Spaces are ignored. */
export function isValidIban(input: string): boolean {
  const iban = compactSepaInput(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  // Check digits 00, 01 and 99 are never issued.
  const check = iban.slice(2, 4);
  if (check === '00' || check === '01' || check === '99') return false;
  return ibanRemainder(iban) === 1;
}

/** A valid BIC (ISO 9362): bank code of 4 letters, a country with an IBAN, location, optional branch; 8 or 11 characters. */
export function isValidBic(input: string): boolean {
  const bic = compactSepaInput(input);
  const match = /^([A-Z]{4})([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?$/.exec(bic);
  if (!match) return false;
  // The location code's second character 0 marks a test BIC, not one of a real bank.
  return IBAN_LENGTHS[match[2]!] !== undefined && match[3]![1] !== '0';
}

/**
 * A valid SEPA creditor identifier (Gläubiger-Identifikationsnummer, EPC262-08): country, two check
 * digits, a three-character business code, the national identifier; the check digits are MOD 97-10
 * over the national identifier followed by the country and 00 (the business code is not part of
 * it). A German one has 18 characters, e.g. DE98ZZZ09999999999.
 */
export function isValidCreditorId(input: string): boolean {
  const id = compactSepaInput(input);
  const match = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/.exec(id);
  if (!match || IBAN_LENGTHS[match[1]!] === undefined) return false;
  if (match[1] === 'DE' && id.length !== 18) return false;
  return ibanRemainder(`${match[1]}${match[2]}${match[4]}`) === 1;
}

/** The IBAN in groups of four: `DE89 3704 0044 0532 0130 00`. */
export function formatIban(input: string): string {
  return compactSepaInput(input).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Country and check digits and the last two characters; the rest as `****` groups: `DE89 **** **** **** **** 00`. */
export function maskIban(input: string): string {
  const iban = compactSepaInput(input);
  if (iban.length < 8) return '';
  const masked = iban.slice(0, 4) + '*'.repeat(iban.length - 6) + iban.slice(-2);
  return formatIban(masked);
}

/** GET /api/invoices/sepa?month=YYYY-MM: file name of the export. */
export function sepaFileName(month: string): string {
  return `lastschriften_${month}.xml`;
}
