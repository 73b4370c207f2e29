import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ContractRuntime } from '@mediport/contracts/shop';
import { berlinDate } from '../../core/clock/clock.js';
import type { Database } from '../../core/db/database.js';
import { contractItems, contracts, doctors, homes, invoices } from '../../db/schema/index.js';
import { itemOf, packagePrice } from '../contracts/contract-model.js';
import { SHOP_PRODUCTS } from '../contracts/contracts.seed.js';
import { addDays, addMonths, termOn } from '../contracts/contract-terms.js';
import { periodOf } from './billing.js';
import { createInvoices } from './invoice-run.js';
import { InvoicesRepository } from './invoices.repository.js';

/** Months billed for the demo, the last one the month before today. */
const DEMO_MONTHS = 3;

interface SelfPaidContract {
  contractNo: number;
  debtorId: string;
  party: { home: string } | { doctor: string };
  runtime: ContractRuntime;
  /** Months before this month it started, and on which day of that month. */
  startedMonthsAgo: number;
  day: number;
  /** Options: product name and months after the start it was booked. */
  options: [string, number][];
}

/**
 * Two demo contracts whose partners pay themselves, so the demo's invoices reach a care home and a
 * practice besides the pharmacy: the home "Seniorenresidenz Am Stadtpark" (monthly Basis from the
 * 15th, billed pro rata in its first month) and Dr. Sabine Hoffmann's practice (yearly, billed in
 * advance). Neither has demo users.
 */
const SELF_PAID: SelfPaidContract[] = [
  { contractNo: 1003, debtorId: 'K-20001', party: { home: 'Seniorenresidenz Am Stadtpark' }, runtime: 'month', startedMonthsAgo: DEMO_MONTHS, day: 15, options: [['portal-zugang', 0], ['fax-versand', 0], ['backup-archiv', 0], ['webinar-einfuehrung', 1]] },
  { contractNo: 1004, debtorId: 'K-30001', party: { doctor: 'Hoffmann' }, runtime: 'year', startedMonthsAgo: DEMO_MONTHS - 1, day: 1, options: [['praxis-zugang', 0], ['fax-benachrichtigung', 0], ['webinar-abrechnung', 1]] },
];

async function addSelfPaidContracts(db: Database, today: string): Promise<void> {
  const existing = await db.select({ no: contracts.contractNo }).from(contracts).where(inArray(contracts.contractNo, SELF_PAID.map((c) => c.contractNo)));
  const products = new Map(SHOP_PRODUCTS.map((p) => [p.name, p]));
  for (const c of SELF_PAID) {
    if (existing.some((e) => e.no === c.contractNo)) continue;
    const [party] =
      'home' in c.party
        ? await db.select({ id: homes.id, name: homes.name }).from(homes).where(eq(homes.name, c.party.home)).limit(1)
        : await db.select({ id: doctors.id, name: doctors.lastname }).from(doctors).where(eq(doctors.lastname, c.party.doctor)).limit(1);
    if (!party) continue;
    const homeId = 'home' in c.party ? party.id : null;
    const doctorId = 'doctor' in c.party ? party.id : null;
    const startedOn = addDays(addMonths(`${today.slice(0, 7)}-01`, -c.startedMonthsAgo), c.day - 1);
    const term = termOn(startedOn, c.runtime, today);
    const [row] = await db
      .insert(contracts)
      .values({
        contractNo: c.contractNo,
        debtorId: c.debtorId,
        company: party.name,
        type: homeId ? 'ROLE_HOME' : 'ROLE_DOCTOR',
        homeId,
        doctorId,
        state: 'booked',
        runtime: c.runtime,
        productType: 'basic',
        units: 1,
        basePrice: packagePrice({ doctorId }, 'basic', 1),
        startedOn,
        validFrom: term.validFrom,
        validTo: term.validTo,
        withLogin: true,
        assumptionOfCosts: true,
      })
      .returning({ id: contracts.id });
    await db.insert(contractItems).values(c.options.map(([name, after]) => itemOf(products.get(name)!, row!.id, name, new Date(`${addMonths(startedOn, after)}T09:00:00Z`))));
  }
  await db.execute(sql`select setval('contract_no_seq', greatest((select max(contract_no) from ${contracts}), 1000))`);
}

/**
 * The demo's invoices: the last DEMO_MONTHS months billed by the billing run's own code, each
 * issued on the 1st of the month after. The oldest month is paid, the next one downloaded (open),
 * the last one unread, so accounting finds every state on first start. PDFs are printed on their
 * first download. Idempotent: skipped when any invoice exists.
 */
export async function seedDemoInvoices(db: Database, now = new Date()): Promise<void> {
  const [any] = await db.select({ id: invoices.id }).from(invoices).limit(1);
  if (any) return;
  const today = berlinDate(now);
  await addSelfPaidContracts(db, today);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  for (let ago = DEMO_MONTHS; ago >= 1; ago--) {
    const period = periodOf(addMonths(firstOfMonth, -ago).slice(0, 7))!;
    const issuedOn = addMonths(firstOfMonth, 1 - ago);
    const created = await db.transaction((tx) => createInvoices(new InvoicesRepository(tx as unknown as Database), period, issuedOn, null));
    if (!created.ids.length || ago === 1) continue;
    const issuedAt = new Date(`${issuedOn}T08:00:00Z`);
    await db
      .update(invoices)
      .set(ago === DEMO_MONTHS ? { status: 'paid', paidAt: new Date(`${addDays(issuedOn, 10)}T10:00:00Z`), downloadedAt: issuedAt } : { status: 'open', downloadedAt: issuedAt })
      .where(and(inArray(invoices.id, created.ids)));
  }
}
