import { eq } from 'drizzle-orm';
import { berlinDate } from '../../core/clock/clock.js';
import type { Database } from '../../core/db/database.js';
import { homes } from '../../db/schema/index.js';
import { debtorKey, type DebtorRef } from './debtor-key.js';
import { mandateReference } from './mandate-reference.js';
import { PaymentCipher } from './payment-cipher.js';
import { PaymentRepository } from './payment.repository.js';

/** The demo's direct-debit payer: a self-paying home without demo users. */
export const DEMO_MANDATE_HOME = 'Seniorenresidenz Am Stadtpark';
/** The documented example IBAN of the German banking industry (Commerzbank Köln) and its BIC. */
const DEMO_IBAN = 'DE89370400440532013000';
const DEMO_BIC = 'COBADEFFXXX';
/** Days before the seeding the demo mandate was signed (before the first demo invoice). */
const SIGNED_DAYS_AGO = 120;

/**
 * One SEPA mandate for the demo, so accounting can export a direct debit on first start: the home
 * DEMO_MANDATE_HOME pays by direct debit. Encrypted with the installation's payment-data key like
 * a mandate granted on the Mandat tab. Idempotent: skipped when that home has ever held a mandate
 * (a revoked one stays revoked).
 */
export async function seedDemoMandate(db: Database, paymentDataKey: Buffer, now = new Date()): Promise<void> {
  const [home] = await db.select({ id: homes.id }).from(homes).where(eq(homes.name, DEMO_MANDATE_HOME)).limit(1);
  if (!home) return;
  const repo = new PaymentRepository(db);
  const debtor: DebtorRef = { type: 'homes', homeId: home.id };
  const key = debtorKey(debtor);
  if ((await repo.history(key)).length) return;
  const party = await repo.party(debtor);
  const signedAt = new Date(now.getTime() - SIGNED_DAYS_AGO * 86_400_000);
  await repo.insert({
    debtorKey: key,
    debtorType: debtor.type,
    homeId: home.id,
    reference: mandateReference(signedAt),
    company: party.company,
    email: party.email,
    ibanCipher: new PaymentCipher({ paymentDataKey }).encrypt(DEMO_IBAN),
    bic: DEMO_BIC,
    signedOn: berlinDate(signedAt),
    grantedAt: signedAt,
  });
}
