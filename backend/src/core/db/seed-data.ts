import { hash } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@mediport/contracts';
import { DEFAULT_MATRIX } from '@mediport/permissions';
import { aclMatrix, doctorOffices, doctors, homeGroups, homes, patients, settings, userHomeGroups, users } from '../../db/schema/index.js';
import { seedDemoTasks } from '../../modules/tasks/demo/tasks.demo.js';
import { seedDemoContracts, seedShopProducts } from '../../modules/contracts/contracts.seed.js';
import { seedDemoInvoices } from '../../modules/invoices/invoices.seed.js';
import { seedDemoMandate } from '../../modules/payment/payment.seed.js';
import type { Database } from './database.js';

export const DEMO_PASSWORD = 'Demo#Passwort24!';

/** The demo accounts listed on the login page, with the German role description of the demo table. */
export const DEMO_USERS: { username: string; roles: Role[]; label: string; firstname: string; lastname: string; link?: 'home' | 'doctor' }[] = [
  { username: 'admin', roles: ['ROLE_ADMIN'], label: 'Administrator', firstname: 'Alex', lastname: 'Admin' },
  { username: 'apotheke', roles: ['ROLE_PHARMA', 'ROLE_MANAGER'], label: 'Apotheker und Manager', firstname: 'Petra', lastname: 'Apotheke' },
  { username: 'heim', roles: ['ROLE_HOME'], label: 'Heim (Haus Sonnenschein)', firstname: 'Hanna', lastname: 'Heim', link: 'home' },
  { username: 'arzt', roles: ['ROLE_DOCTOR'], label: 'Arzt (Dr. Anna Berger, ohne Vertrag)', firstname: 'Anna', lastname: 'Berger', link: 'doctor' },
  { username: 'fahrer', roles: ['ROLE_DRIVER'], label: 'Fahrer', firstname: 'Frank', lastname: 'Fahrer' },
  { username: 'buchhaltung', roles: ['ROLE_ACCOUNTING'], label: 'Buchhalter', firstname: 'Berta', lastname: 'Buchhaltung' },
];

/** Living areas of the demo home "Haus Sonnenschein"; the heim user works in the first. */
export const DEMO_HOME_GROUPS = ['Wohnbereich A', 'Wohnbereich B'] as const;

/** The demo care homes: "Haus Sonnenschein" (with a contract) first, each with its living areas. */
export const DEMO_HOMES = [
  {
    name: 'Haus Sonnenschein',
    company: 'Sonnenschein Pflege gGmbH',
    firstname: 'Sabine',
    lastname: 'Lorenz',
    email: 'info@haus-sonnenschein.de',
    street: 'Lindenallee 5',
    postalCode: '10115',
    city: 'Berlin',
    phone: '030 4455660',
    fax: '030 4455669',
    senderName: 'Haus Sonnenschein – Pflegedienstleitung',
    senderPhone: '030 4455661',
    senderFax: '030 4455669',
    groups: [...DEMO_HOME_GROUPS],
  },
  {
    name: 'Seniorenresidenz Am Stadtpark',
    company: 'Stadtpark Senioren GmbH',
    firstname: 'Jürgen',
    lastname: 'Hartmann',
    email: 'kontakt@residenz-stadtpark.de',
    street: 'Parkstraße 12',
    postalCode: '14467',
    city: 'Potsdam',
    phone: '0331 708090',
    fax: '0331 708099',
    senderName: '',
    senderPhone: '',
    senderFax: '',
    groups: ['Erdgeschoss', 'Obergeschoss', 'Demenz-WG'],
  },
  {
    name: 'Pflegeheim Lindenhof',
    company: 'Diakonie Lindenhof e. V.',
    firstname: 'Monika',
    lastname: 'Seidel',
    email: 'verwaltung@lindenhof-pflege.de',
    street: 'Am Lindenhof 3',
    postalCode: '12555',
    city: 'Berlin',
    phone: '030 6512340',
    fax: '030 6512349',
    senderName: '',
    senderPhone: '',
    senderFax: '',
    groups: ['Haus Rosen', 'Haus Tulpen'],
  },
] as const;

/** The demo doctors' practices. */
export const DEMO_OFFICES = [
  { name: 'Praxis Dr. Berger', street: 'Friedrichstraße 120', zip: '10117', city: 'Berlin', contactType: 'mail', phone: '030 2200110', mail: 'praxis@dr-berger.de', fax: '030 2200119' },
  { name: 'Gemeinschaftspraxis am Markt', street: 'Marktplatz 7', zip: '14467', city: 'Potsdam', contactType: 'fax', phone: '0331 230450', mail: 'info@praxis-am-markt.de', fax: '0331 230459' },
] as const;

/** The demo doctors (Dr. Anna Berger, the arzt user's, first) with expertise, contact and practice (index into DEMO_OFFICES). */
export const DEMO_DOCTORS = [
  { salutation: 'Frau', title: 'Dr.', firstname: 'Anna', lastname: 'Berger', expertise: 'Allgemeinmedizin', email: 'praxis@dr-berger.de', fax: '030 2200119', preferred: 'E-Mail', office: 0, street: 'Friedrichstraße 120', postalCode: '10117', city: 'Berlin' },
  { salutation: 'Herr', title: 'Dr.', firstname: 'Thomas', lastname: 'Krüger', expertise: 'Innere Medizin', email: 'krueger@dr-berger.de', fax: '030 2200119', preferred: 'Fax', office: 0, street: 'Friedrichstraße 120', postalCode: '10117', city: 'Berlin' },
  { salutation: 'Frau', title: 'Dr. med.', firstname: 'Sabine', lastname: 'Hoffmann', expertise: 'Neurologie', email: 'hoffmann@praxis-am-markt.de', fax: '0331 230459', preferred: 'Fax', office: 1, street: 'Marktplatz 7', postalCode: '14467', city: 'Potsdam' },
  { salutation: 'Herr', title: '', firstname: 'Michael', lastname: 'Schulz', expertise: 'Allgemeinmedizin', email: 'schulz@praxis-am-markt.de', fax: '0331 230459', preferred: 'E-Mail', office: 1, street: 'Marktplatz 7', postalCode: '14467', city: 'Potsdam' },
  { salutation: 'Frau', title: 'Dr.', firstname: 'Julia', lastname: 'Wagner', expertise: 'Psychiatrie', email: 'wagner@praxis-am-markt.de', fax: '', preferred: 'E-Mail', office: 1, street: 'Marktplatz 7', postalCode: '14467', city: 'Potsdam' },
  { salutation: 'Herr', title: 'Dr.', firstname: 'Stefan', lastname: 'Becker', expertise: 'Urologie', email: 'praxis@urologie-becker.de', fax: '030 3344556', preferred: 'Fax', office: null, street: 'Karl-Marx-Allee 88', postalCode: '10243', city: 'Berlin' },
  { salutation: 'Frau', title: 'Dr.', firstname: 'Katharina', lastname: 'Schäfer', expertise: 'Dermatologie', email: 'termine@hautarzt-schaefer.de', fax: '', preferred: 'E-Mail', office: null, street: 'Brandenburger Straße 40', postalCode: '14467', city: 'Potsdam' },
  { salutation: 'Herr', title: 'Prof. Dr.', firstname: 'Markus', lastname: 'Richter', expertise: 'Kardiologie', email: 'sekretariat@kardiologie-richter.de', fax: '030 7788990', preferred: 'Fax', office: null, street: 'Hauptstraße 15', postalCode: '10827', city: 'Berlin' },
] as const;

const PATIENT_FIRSTNAMES = {
  Frau: ['Elfriede', 'Gertrud', 'Hildegard', 'Irmgard', 'Ursula', 'Renate', 'Christa', 'Brigitte', 'Helga', 'Ingrid', 'Margarete', 'Waltraud', 'Erika', 'Gisela', 'Anneliese'],
  Herr: ['Heinz', 'Werner', 'Günter', 'Horst', 'Manfred', 'Gerhard', 'Helmut', 'Dieter', 'Klaus', 'Karl-Heinz', 'Wolfgang', 'Rolf', 'Siegfried', 'Joachim', 'Bernd'],
} as const;
const PATIENT_LASTNAMES = [
  'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Meyer', 'Weber', 'Schulze', 'Koch', 'Bauer', 'Wolf', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Hofmann',
  'Hartmann', 'Lange', 'Werner', 'Krause', 'Lehmann', 'Köhler', 'Maier', 'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters',
] as const;

/** Deterministic pseudo-random numbers (mulberry32): the same demo data on every installation (also the demo orders). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The 60 demo patients: names, birth dates (1926–1958) and their home (index into DEMO_HOMES) and living area (index into its groups). */
export function demoPatients(count = 60): { salutation: 'Herr' | 'Frau'; firstname: string; lastname: string; dateOfBirth: string; home: number; group: number }[] {
  const next = random(20240601);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const out: { salutation: 'Herr' | 'Frau'; firstname: string; lastname: string; dateOfBirth: string; home: number; group: number }[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const salutation = next() < 0.62 ? 'Frau' : 'Herr';
    const firstname = pick(PATIENT_FIRSTNAMES[salutation]);
    const lastname = pick(PATIENT_LASTNAMES);
    if (seen.has(`${firstname} ${lastname}`)) continue;
    seen.add(`${firstname} ${lastname}`);
    const year = 1926 + Math.floor(next() * 33);
    const month = 1 + Math.floor(next() * 12);
    const day = 1 + Math.floor(next() * 28);
    const home = out.length % DEMO_HOMES.length;
    const group = Math.floor(next() * DEMO_HOMES[home]!.groups.length);
    out.push({ salutation, firstname, lastname, dateOfBirth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, home, group });
  }
  return out;
}

/** Rows every installation needs: the rights matrix (version 1) and the settings row. Safe to run concurrently. */
export async function ensureBaseData(db: Database): Promise<void> {
  await db.insert(aclMatrix).values({ version: 1, matrix: DEFAULT_MATRIX }).onConflictDoNothing();
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
  await seedShopProducts(db);
}

/**
 * Demo data: the six demo users, the master data of seedDemoMasterdata (home "Haus Sonnenschein"
 * with a contract and the living areas "Wohnbereich A" (the heim user's) and "Wohnbereich B",
 * doctor "Dr. Anna Berger" without one, …), and the operator data. Idempotent; returns whether
 * anything was seeded.
 */
export async function seedDemo(db: Database, options: { onlyIfEmpty?: boolean; ordersDataDir?: string; paymentDataKey?: Buffer } = {}): Promise<boolean> {
  if (options.onlyIfEmpty) {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    if ((row?.n ?? 0) > 0) return false;
  }
  const { home, doctor } = await seedDemoMasterdata(db);

  for (const u of DEMO_USERS) {
    await db
      .insert(users)
      .values({
        username: u.username,
        passwordHash: await hash(DEMO_PASSWORD),
        roles: u.roles,
        firstname: u.firstname,
        lastname: u.lastname,
        homeId: u.link === 'home' ? home.id : null,
        doctorId: u.link === 'doctor' ? doctor.id : null,
      })
      .onConflictDoNothing();
  }

  // The heim user works in "Wohnbereich A" unless living areas were assigned already.
  const [heim] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'heim')).limit(1);
  const [assigned] = heim ? await db.select({ id: userHomeGroups.homeGroupId }).from(userHomeGroups).where(eq(userHomeGroups.userId, heim.id)).limit(1) : [];
  const [groupA] = await db
    .select({ id: homeGroups.id })
    .from(homeGroups)
    .where(and(eq(homeGroups.homeId, home.id), eq(homeGroups.name, DEMO_HOME_GROUPS[0])))
    .limit(1);
  if (heim && !assigned && groupA) await db.insert(userHomeGroups).values({ userId: heim.id, homeGroupId: groupA.id }).onConflictDoNothing();

  await db
    .update(settings)
    .set({
      company: 'Apotheke am Markt',
      street: 'Marktplatz 1',
      postalCode: '10117',
      city: 'Berlin',
      phone: '030 1234567',
      fax: '030 1234568',
      email: 'info@apotheke-am-markt.de',
      debtorId: 'D-10001',
      instanceId: '1',
      // The direct-debit creditor: the Bundesbank's test creditor identifier and a test account.
      creditorId: 'DE98ZZZ09999999999',
      creditorIban: 'DE02120300000000202051',
      creditorBic: 'BYLADEM1001',
    })
    .where(and(eq(settings.id, 1), eq(settings.company, '')));
  // The contracts of the pharmacy, "Haus Sonnenschein" and Dr. Anna Berger's practice (pharmacy-paid, takeover possible).
  await seedDemoContracts(db, { home: home.id, doctor: doctor.id, homes: DEMO_HOMES.length });
  // A direct-debit mandate for one home (it needs the installation's key), so its invoices can be exported.
  if (options.paymentDataKey) await seedDemoMandate(db, options.paymentDataKey);
  // A few months of invoices for the pharmacy, a home and a practice, made by the billing run's code.
  await seedDemoInvoices(db);
  // The demo orders' attachments go into the file store under the data folder.
  await seedDemoTasks(db, { dataDir: options.ordersDataDir });
  return true;
}

/**
 * The demo master data: the homes of DEMO_HOMES with their living areas ("Haus
 * Sonnenschein" with a contract), the practices of DEMO_OFFICES, the doctors of DEMO_DOCTORS and 60
 * patients spread over the homes, generated deterministically. Idempotent: records are matched by
 * name and only missing ones are added; nothing existing is changed. Answers the ids of "Haus
 * Sonnenschein" and Dr. Anna Berger.
 */
export async function seedDemoMasterdata(db: Database): Promise<{ home: { id: string }; doctor: { id: string } }> {
  const homeIds: string[] = [];
  const groupIds: string[][] = [];
  for (const h of DEMO_HOMES) {
    const { groups, ...values } = h;
    let [row] = await db.select({ id: homes.id }).from(homes).where(eq(homes.name, h.name)).limit(1);
    row ??= (await db.insert(homes).values(values).returning({ id: homes.id }))[0]!;
    homeIds.push(row.id);
    for (const name of groups) await db.insert(homeGroups).values({ homeId: row.id, name }).onConflictDoNothing();
    const rows = await db.select({ id: homeGroups.id, name: homeGroups.name }).from(homeGroups).where(eq(homeGroups.homeId, row.id));
    groupIds.push(groups.map((name) => rows.find((r) => r.name === name)?.id ?? rows[0]!.id));
  }
  const home = { id: homeIds[0]! };

  const officeIds: string[] = [];
  for (const o of DEMO_OFFICES) {
    let [row] = await db.select({ id: doctorOffices.id }).from(doctorOffices).where(eq(doctorOffices.name, o.name)).limit(1);
    row ??= (await db.insert(doctorOffices).values(o).returning({ id: doctorOffices.id }))[0]!;
    officeIds.push(row.id);
  }

  const doctorIds: string[] = [];
  for (const d of DEMO_DOCTORS) {
    const { office, ...values } = d;
    let [row] = await db
      .select({ id: doctors.id })
      .from(doctors)
      .where(and(eq(doctors.firstname, d.firstname), eq(doctors.lastname, d.lastname)))
      .limit(1);
    row ??= (await db.insert(doctors).values({ ...values, officeId: office === null ? null : officeIds[office]! }).returning({ id: doctors.id }))[0]!;
    doctorIds.push(row.id);
  }

  const existing = new Set(
    (await db.select({ firstname: patients.firstname, lastname: patients.lastname, dateOfBirth: patients.dateOfBirth }).from(patients)).map((p) => `${p.firstname}|${p.lastname}|${p.dateOfBirth}`),
  );
  const missing = demoPatients()
    .filter((p) => !existing.has(`${p.firstname}|${p.lastname}|${p.dateOfBirth}`))
    .map((p, i) => ({
      salutation: p.salutation,
      firstname: p.firstname,
      lastname: p.lastname,
      dateOfBirth: p.dateOfBirth,
      street: DEMO_HOMES[p.home]!.street,
      postalCode: DEMO_HOMES[p.home]!.postalCode,
      city: DEMO_HOMES[p.home]!.city,
      homeId: homeIds[p.home]!,
      // Every seventh demo patient lives in its home without a living area yet.
      homeGroupId: i % 7 === 6 ? null : groupIds[p.home]![p.group]!,
    }));
  if (missing.length) await db.insert(patients).values(missing);
  return { home, doctor: { id: doctorIds[0]! } };
}
