import { randomBytes } from 'node:crypto';
import { berlinDate } from '../../core/clock/clock.js';

/** A new mandate reference: `MP-<signing day>-<8 random characters>`, within the 35 characters and the character set SEPA allows. */
export function mandateReference(now: Date): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
  return `MP-${berlinDate(now).replaceAll('-', '')}-${random}`;
}
