import { hash } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@mediport/contracts';
import { DEFAULT_MATRIX } from '@mediport/permissions';
import { aclMatrix, contracts, doctors, homeGroups, homes, settings, userHomeGroups, users } from '../../db/schema/index.js';
import type { Database } from './database.js';

export const DEMO_PASSWORD = 'Demo#Passwort24!';

/** The demo accounts of the login page (issue #2), with the German role description of the demo table. */
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

/** Rows every installation needs: the rights matrix (version 1) and the settings row. Safe to run concurrently. */
export async function ensureBaseData(db: Database): Promise<void> {
  await db.insert(aclMatrix).values({ version: 1, matrix: DEFAULT_MATRIX }).onConflictDoNothing();
  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();
}

/**
 * Demo data: the six demo users, home "Haus Sonnenschein" with a contract and the living areas
 * "Wohnbereich A" (the heim user's) and "Wohnbereich B", doctor "Dr. Anna Berger" without one, and
 * the operator data. Idempotent; returns whether anything was seeded.
 */
export async function seedDemo(db: Database, options: { onlyIfEmpty?: boolean } = {}): Promise<boolean> {
  if (options.onlyIfEmpty) {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users);
    if ((row?.n ?? 0) > 0) return false;
  }
  let [home] = await db.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein')).limit(1);
  home ??= (
    await db
      .insert(homes)
      .values({ name: 'Haus Sonnenschein', email: 'info@haus-sonnenschein.de', street: 'Lindenallee 5', postalCode: '10115', city: 'Berlin' })
      .returning({ id: homes.id })
  )[0]!;
  const [contract] = await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.homeId, home.id)).limit(1);
  if (!contract) await db.insert(contracts).values({ homeId: home.id, state: 'active' });

  for (const name of DEMO_HOME_GROUPS) await db.insert(homeGroups).values({ homeId: home.id, name }).onConflictDoNothing();

  let [doctor] = await db
    .select({ id: doctors.id })
    .from(doctors)
    .where(and(eq(doctors.firstname, 'Anna'), eq(doctors.lastname, 'Berger')))
    .limit(1);
  doctor ??= (
    await db.insert(doctors).values({ title: 'Dr.', firstname: 'Anna', lastname: 'Berger', email: 'praxis@dr-berger.de' }).returning({ id: doctors.id })
  )[0]!;

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
    })
    .where(and(eq(settings.id, 1), eq(settings.company, '')));
  return true;
}
