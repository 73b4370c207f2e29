import { eq, sql } from 'drizzle-orm';
import type { ContractRuntime, OptionInterval, PackageType, ProductCatalogue } from '@mediport/contracts/shop';
import { berlinDate } from '../../core/clock/clock.js';
import type { Database } from '../../core/db/database.js';
import { contractItems, contracts, settings, shopProducts } from '../../db/schema/index.js';
import { itemOf, packagePrice } from './contract-model.js';
import { addMonths, termOn } from './contract-terms.js';

interface ProductSeed {
  name: string;
  catalogue: ProductCatalogue;
  title: string;
  shopTitle: string;
  description: string;
  priceFormula: string;
  interval: OptionInterval;
  price: number;
  required?: boolean;
  meeting?: boolean;
}

/** The shop of every installation: options of the pharmacy's and homes' contracts ('office') and of practices' ('doctor'). */
export const SHOP_PRODUCTS: readonly ProductSeed[] = [
  {
    name: 'portal-zugang',
    catalogue: 'office',
    title: 'Zugang zum Medikationsportal',
    shopTitle: 'Portalzugang',
    description: 'Zugang für alle Nutzer, Hosting, Wartung und Updates.',
    priceFormula: 'im Paketpreis enthalten',
    interval: '1 month',
    price: 0,
    required: true,
  },
  {
    name: 'webinar-einfuehrung',
    catalogue: 'office',
    title: 'Einführung in das Medikationsportal',
    shopTitle: 'Webinar: Einführung',
    description: 'Grundlagen: Anforderungen anlegen, Nachrichten und Abholaufträge.',
    priceFormula: 'einmalig pro Webinar',
    interval: 'once',
    price: 9900,
    meeting: true,
  },
  {
    name: 'webinar-rezepte',
    catalogue: 'office',
    title: 'Rezeptanforderungen per Fax und E-Mail',
    shopTitle: 'Webinar: Rezeptanforderungen',
    description: 'Rezeptanforderungen erzeugen und an Arztpraxen versenden.',
    priceFormula: 'einmalig pro Webinar',
    interval: 'once',
    price: 9900,
    meeting: true,
  },
  {
    name: 'schulung-vor-ort',
    catalogue: 'office',
    title: 'Schulung vor Ort (halber Tag)',
    shopTitle: 'Schulung vor Ort',
    description: 'Eine Trainerin schult Ihr Team einen halben Tag in Ihrer Einrichtung.',
    priceFormula: 'einmalig, zzgl. Anfahrt',
    interval: 'once',
    price: 34900,
  },
  {
    name: 'fax-versand',
    catalogue: 'office',
    title: 'Fax-Versand über das Portal',
    shopTitle: 'Fax-Versand',
    description: 'Rezeptanforderungen als Fax direkt aus dem Portal, ohne eigenes Faxgerät.',
    priceFormula: 'pro Monat, bis 500 Seiten',
    interval: '1 month',
    price: 1900,
  },
  {
    name: 'support-telefon',
    catalogue: 'office',
    title: 'Telefon-Support werktags 8–18 Uhr',
    shopTitle: 'Telefon-Support',
    description: 'Persönliche Hilfe am Telefon für alle Nutzer.',
    priceFormula: 'pro Monat',
    interval: '1 month',
    price: 2900,
  },
  {
    name: 'zusatz-nutzer',
    catalogue: 'office',
    title: 'Zusätzlicher Nutzerzugang',
    shopTitle: 'Weiterer Nutzer',
    description: 'Ein weiterer persönlicher Zugang über die im Paket enthaltenen hinaus.',
    priceFormula: 'pro Nutzer und Monat',
    interval: '1 month',
    price: 500,
  },
  {
    name: 'backup-archiv',
    catalogue: 'office',
    title: 'Backup-Archiv: 10 Jahre Aufbewahrung',
    shopTitle: 'Backup-Archiv 10 Jahre',
    description: 'Ihre monatlichen Backup-Archive (Profil → Backup) werden 10 Jahre statt 12 Monate aufbewahrt, solange die Option gebucht ist.',
    priceFormula: 'pro Jahr',
    interval: '12 months',
    price: 11900,
  },
  {
    name: 'praxis-zugang',
    catalogue: 'doctor',
    title: 'Zugang für die Arztpraxis',
    shopTitle: 'Praxiszugang',
    description: 'Zugang für die Nutzer der Praxis: Anforderungen, Nachrichten, Rezeptanforderungen.',
    priceFormula: 'im Vertragspreis von 10,00 € pro Monat enthalten',
    interval: '1 month',
    price: 0,
    required: true,
  },
  {
    name: 'webinar-abrechnung',
    catalogue: 'doctor',
    title: 'Verträge und Abrechnung',
    shopTitle: 'Webinar: Verträge und Abrechnung',
    description: 'Vertragsübernahme, Optionen und Rechnungen.',
    priceFormula: 'einmalig pro Webinar',
    interval: 'once',
    price: 4900,
    meeting: true,
  },
  {
    name: 'fax-benachrichtigung',
    catalogue: 'doctor',
    title: 'Fax-Benachrichtigung bei neuen Rezeptanforderungen',
    shopTitle: 'Fax-Benachrichtigung',
    description: 'Ein kurzer Hinweis per Fax, sobald eine Rezeptanforderung im Portal wartet.',
    priceFormula: 'pro Monat',
    interval: '1 month',
    price: 300,
  },
  {
    name: 'backup-archiv-praxis',
    catalogue: 'doctor',
    title: 'Backup-Archiv: 10 Jahre Aufbewahrung',
    shopTitle: 'Backup-Archiv 10 Jahre',
    description: 'Die monatlichen Backup-Archive Ihrer Praxis (Profil → Backup) werden 10 Jahre statt 12 Monate aufbewahrt, solange die Option gebucht ist.',
    priceFormula: 'pro Jahr',
    interval: '12 months',
    price: 11900,
  },
  {
    name: 'zusatz-nutzer-praxis',
    catalogue: 'doctor',
    title: 'Zusätzlicher Nutzerzugang der Praxis',
    shopTitle: 'Weiterer Nutzer',
    description: 'Ein weiterer persönlicher Zugang für Ihr Praxisteam.',
    priceFormula: 'pro Nutzer und Monat',
    interval: '1 month',
    price: 500,
  },
];

/** The shop's products (base data of every installation; existing ones are left as they are). */
export async function seedShopProducts(db: Database): Promise<void> {
  await db
    .insert(shopProducts)
    .values(SHOP_PRODUCTS.map((p, i) => ({ ...p, required: p.required ?? false, meeting: p.meeting ?? false, sort: i })))
    .onConflictDoNothing();
}

interface DemoContract {
  contractNo: number;
  homeId: string | null;
  doctorId: string | null;
  company: string;
  runtime: ContractRuntime;
  productType: PackageType;
  units: number;
  /** Months before today the contract started (on the first of that month). */
  startedMonthsAgo: number;
  options: string[];
}

/**
 * The demo contracts, all paid by the pharmacy: its own (Full Service for its three homes, with
 * options), the booked monthly contract of "Haus Sonnenschein" (webinars and fax sending) and the
 * yearly contract with login of Dr. Anna Berger's practice. The practice's manager can ask for the
 * takeover; until the pharmacy accepts, the practice has no contract of its own
 * (`has?doctor=` false, "Neue Anforderung" locked). Idempotent: skipped when contracts exist.
 */
export async function seedDemoContracts(db: Database, parties: { home: string; doctor: string; homes: number }, now = new Date()): Promise<void> {
  const [any] = await db.select({ id: contracts.id }).from(contracts).limit(1);
  if (any) return;
  const [pharmacy] = await db.select({ company: settings.company, debtorId: settings.debtorId }).from(settings).where(eq(settings.id, 1)).limit(1);
  const debtorId = pharmacy?.debtorId || 'APO';
  const today = berlinDate(now);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const demo: DemoContract[] = [
    { contractNo: 1000, homeId: null, doctorId: null, company: pharmacy?.company ?? '', runtime: 'year', productType: 'premium', units: parties.homes, startedMonthsAgo: 14, options: ['portal-zugang', 'schulung-vor-ort', 'support-telefon', 'zusatz-nutzer'] },
    { contractNo: 1001, homeId: parties.home, doctorId: null, company: pharmacy?.company ?? '', runtime: 'month', productType: 'basic', units: 1, startedMonthsAgo: 5, options: ['portal-zugang', 'webinar-einfuehrung', 'webinar-rezepte', 'fax-versand'] },
    { contractNo: 1002, homeId: null, doctorId: parties.doctor, company: pharmacy?.company ?? '', runtime: 'year', productType: 'basic', units: 1, startedMonthsAgo: 3, options: ['praxis-zugang', 'webinar-abrechnung'] },
  ];
  const products = new Map(SHOP_PRODUCTS.map((p) => [p.name, p]));
  for (const c of demo) {
    const startedOn = addMonths(firstOfMonth, -c.startedMonthsAgo);
    const term = termOn(startedOn, c.runtime, today);
    const [row] = await db
      .insert(contracts)
      .values({
        contractNo: c.contractNo,
        debtorId,
        company: c.company,
        type: 'ROLE_PHARMA',
        homeId: c.homeId,
        doctorId: c.doctorId,
        state: 'booked',
        runtime: c.runtime,
        productType: c.productType,
        units: c.units,
        basePrice: packagePrice({ doctorId: c.doctorId }, c.productType, c.units),
        startedOn,
        validFrom: term.validFrom,
        validTo: term.validTo,
        withLogin: true,
      })
      .returning({ id: contracts.id });
    // Booked at the start, the later ones a month apart.
    await db.insert(contractItems).values(c.options.map((name, i) => itemOf(products.get(name)!, row!.id, name, new Date(`${addMonths(startedOn, i)}T09:00:00Z`))));
  }
  // New contracts are numbered after the demo ones.
  await db.execute(sql`select setval('contract_no_seq', greatest((select max(contract_no) from ${contracts}), 1000))`);
}
