/**
 * The generated record-level access test. For every registered route with a path
 * parameter (discovered from Nest's router, never a hand-written list), every caller (the six demo
 * accounts plus a home manager and a practice manager) and every kind of target record (the
 * caller's own, one sharing the caller's home / practice, one of another home, one of another
 * practice, an administrator sharing the caller's home / practice), it sends the request and
 * compares the answer with the outcome computed from the rights matrix (route permission) and the
 * record type's policy (read → 404, action → 403). New routes join automatically; a route with a
 * parameter that declares neither @RecordRoute nor @NotARecord fails the test.
 *
 * Beside the policy-derived oracle, invariants that do not trust the policy: nobody but an
 * administrator gets a 2xx on a write to an administrator's record, and no `_own` caller gets a
 * 2xx on a record of another home or practice.
 */
import { Readable } from 'node:stream';
import { hash } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AuthRecord, Role } from '@mediport/contracts';
import { grantOf } from '@mediport/permissions';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';
import { backupArchives, contracts, doctorOffices, doctors, documents, homeGroups, homes, invoices, meetings, patients, tasks, users } from '../../db/schema/index.js';
import { addInvoice } from '../../modules/invoices/testing/invoice-fixtures.js';
import { BackupStore } from '../../modules/backup/backup-store.js';
import { FilesService } from '../files/files.service.js';
import { discoverRoutes, type DiscoveredRoute } from '../../testing/routes.js';
import { DEMO_USERNAMES, type DemoUsername, login, useTestApp } from '../../testing/test-app.js';
import { AuthContext } from '../auth/auth-context.js';
import { permissionsFor, type RecordRouteMeta } from './access.decorators.js';
import { berlinDate } from '../clock/clock.js';
import { contractInForce } from './contract-rights.js';
import { type PolicyRecord, POLICIES } from './policies/index.js';

const FIXTURE_PASSWORD = 'Zz#Fixture2024!';

/** Sample values a request needs to reach the record check (inputs, never expectations). */
const SAMPLE_FIELDS: Record<string, Record<string, unknown>> = {
  password: { password: FIXTURE_PASSWORD, password_confirm: FIXTURE_PASSWORD },
  deactivated: { deactivated: false },
};
const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'PUT /api/meetings/:contractId/:option': { date: '01.02.2030', time: '10:00', system: 'Zoom', url: '', info: '' },
  'PUT /api/users/:id/profile/documents/:name': { name: '{accepted}Unbekannt.pdf' },
  'POST /api/homes/:id/groups': { name: 'Wohnbereich Probe' },
  'PUT /api/homes/:id/groups/:groupId': { name: 'Wohnbereich Umbenannt' },
  'POST /api/tasks/:id/incidents': { reason: 'damaged', text: 'Probe' },
  // Reaches the contract's state machine (nothing pending: 409) once the record check passed.
  'PUT /api/contracts/:id': { action: 'revert_contract' },
  // Revoking: reaches the user's record without a valid IBAN (nothing to revoke changes nothing).
  'PUT /api/users/:id/paymentData': { mandate: false },
};
/**
 * Who may reach records of any home or practice, written out here independently of the
 * policies: users — admin, or pharma with manager (who may edit or deactivate any user row);
 * meetings — the pharmacy and administrators.
 */
const SPEC_UNRESTRICTED: Record<string, (roles: readonly string[]) => boolean> = {
  User: (r) => r.includes('ROLE_ADMIN') || (r.includes('ROLE_PHARMA') && r.includes('ROLE_MANAGER')),
  Meeting: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA'),
  // Master data: the pharmacy and administrators see all; a home its own home, its
  // living areas and patients; a doctor its own record and practice (and patients it has orders for).
  Patient: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA'),
  HomeGroup: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA'),
  DoctorOffice: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA'),
  // Orders name a home and a doctor: a practice reads every home, a home every doctor (default
  // matrix: home_list_view for Arzt, doctor_list_view for Heim); their writes stay with the policy.
  Home: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA') || r.includes('ROLE_DOCTOR'),
  Doctor: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA') || r.includes('ROLE_HOME'),
  // Orders: the pharmacy and administrators all; drivers every home's tasks on the road (pickup list).
  Task: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA') || r.includes('ROLE_DRIVER'),
  // Prescription requests: the pharmacy and administrators; homes and practices their own.
  Document: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA'),
  // Contracts: the pharmacy and administrators; a home or practice its own.
  Contract: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA'),
  // Backup archives: a home's or practice's own users; administrators all (not the pharmacy).
  Backup: (r) => r.includes('ROLE_ADMIN'),
  // Invoices: administrators, pharmacy managers and accounting alone; accounting with Heim or Arzt
  // only that home's or doctor's, like the home's and practice's managers.
  Invoice: (r) => r.includes('ROLE_ADMIN') || r.includes('ROLE_PHARMA') || (r.includes('ROLE_ACCOUNTING') && !r.includes('ROLE_HOME') && !r.includes('ROLE_DOCTOR')),
};
const PART_VALUES: Record<string, string> = { name: 'Unbekannt.pdf' };

/**
 * Users with two roles a manager may give, each with the home or doctor of the demo users whose
 * single roles they combine (`parts`): together they may never reach more than each role alone.
 */
const COMBINATIONS: Record<string, { roles: Role[]; home?: true; doctor?: true; parts: DemoUsername[] }> = {
  'heim.fahrer': { roles: ['ROLE_HOME', 'ROLE_DRIVER'], home: true, parts: ['heim', 'fahrer'] },
  'arzt.fahrer': { roles: ['ROLE_DOCTOR', 'ROLE_DRIVER'], doctor: true, parts: ['arzt', 'fahrer'] },
  'heim.buchhalter': { roles: ['ROLE_HOME', 'ROLE_ACCOUNTING'], home: true, parts: ['heim', 'buchhaltung'] },
  'arzt.buchhalter': { roles: ['ROLE_DOCTOR', 'ROLE_ACCOUNTING'], doctor: true, parts: ['arzt', 'buchhaltung'] },
};
const ALL_CALLERS = [...DEMO_USERNAMES, 'heim.leitung', 'praxis.leitung', ...Object.keys(COMBINATIONS)];

interface Caller {
  name: string;
  record: AuthRecord;
  auth: AuthContext;
}

interface Fixture {
  label: 'own' | 'peer' | 'other home' | 'other practice' | 'administrator';
  params: Record<string, string>;
  /** The record as its policy sees it, read fresh before each request. */
  subject: () => Promise<PolicyRecord>;
}

let app: NestExpressApplication;
let database: Database;
let routes: DiscoveredRoute[];
let callers: Caller[];
let passwordHash: string;
const ids = { home: '', doctor: '', otherHome: '', otherDoctor: '' };
let seq = 0;

const api = () => request(app.getHttpServer());

useTestApp(async (booted) => {
  app = booted.app;
  database = app.get(DB, { strict: false });
  routes = discoverRoutes(app);
  passwordHash = await hash(FIXTURE_PASSWORD);
  ids.home = (await database.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Haus Sonnenschein')))[0]!.id;
  ids.doctor = (await database.select({ id: doctors.id }).from(doctors).where(eq(doctors.lastname, 'Berger')))[0]!.id;
  ids.otherHome = (await database.insert(homes).values({ name: 'Haus Fremdenheim', email: 'info@fremdenheim.de' }).returning({ id: homes.id }))[0]!.id;
  ids.otherDoctor = (
    await database.insert(doctors).values({ title: 'Dr.', firstname: 'Fritz', lastname: 'Fremd', email: 'praxis@dr-fremd.de' }).returning({ id: doctors.id })
  )[0]!.id;
  await addUser({ username: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: ids.home });
  await addUser({ username: 'praxis.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: ids.doctor });
  for (const [username, combination] of Object.entries(COMBINATIONS)) await addUser({ username, roles: combination.roles, homeId: combination.home ? ids.home : null, doctorId: combination.doctor ? ids.doctor : null });
  callers = [];
  for (const name of ALL_CALLERS) {
    const record = await login(app, name, name.includes('.') ? FIXTURE_PASSWORD : undefined);
    const me = record.user;
    const auth = new AuthContext('', record.token, { id: me._id, username: me.username, roles: me.roles, homeId: me.home, doctorId: me.doctor, oncePassword: false }, record.permissions, false, null);
    callers.push({ name, record, auth });
  }
});

async function addUser(values: { username?: string; roles: Role[]; homeId?: string | null; doctorId?: string | null }): Promise<string> {
  seq += 1;
  const [row] = await database
    .insert(users)
    .values({ username: values.username ?? `fixture.${seq}`, passwordHash, roles: values.roles, homeId: values.homeId ?? null, doctorId: values.doctorId ?? null, firstname: 'Fix', lastname: `Tur${seq}` })
    .returning({ id: users.id });
  return row!.id;
}

async function userSubject(id: string): Promise<PolicyRecord> {
  const [row] = await database.select({ id: users.id, home: users.homeId, doctor: users.doctorId, roles: users.roles, status: users.status }).from(users).where(eq(users.id, id));
  return row!;
}

/** Fresh target users for one caller and one route (writes change them: password, deactivation). */
async function userFixtures(caller: Caller): Promise<Fixture[]> {
  const me = caller.auth.user;
  const peerRoles: Role[] = me.homeId ? ['ROLE_HOME'] : me.doctorId ? ['ROLE_DOCTOR'] : me.roles.includes('ROLE_DRIVER') ? ['ROLE_DRIVER'] : me.roles.includes('ROLE_ACCOUNTING') ? ['ROLE_ACCOUNTING'] : ['ROLE_PHARMA'];
  const created = {
    peer: await addUser({ roles: peerRoles, homeId: me.homeId, doctorId: me.doctorId }),
    otherHome: await addUser({ roles: ['ROLE_HOME'], homeId: ids.otherHome }),
    otherPractice: await addUser({ roles: ['ROLE_DOCTOR'], doctorId: ids.otherDoctor }),
    admin: await addUser({ roles: me.homeId ? ['ROLE_ADMIN', 'ROLE_HOME'] : me.doctorId ? ['ROLE_ADMIN', 'ROLE_DOCTOR'] : ['ROLE_ADMIN'], homeId: me.homeId, doctorId: me.doctorId }),
  };
  const fixture = (label: Fixture['label'], id: string): Fixture => ({ label, params: { id, userId: id }, subject: () => userSubject(id) });
  return [
    fixture('own', me.id),
    fixture('peer', created.peer),
    fixture('other home', created.otherHome),
    fixture('other practice', created.otherPractice),
    fixture('administrator', created.admin),
  ];
}

async function meetingFixtures(caller: Caller): Promise<Fixture[]> {
  const me = caller.auth.user;
  const add = async (label: Fixture['label'], party: { homeId?: string | null; doctorId?: string | null }): Promise<Fixture> => {
    seq += 1;
    const [row] = await database
      .insert(meetings)
      .values({ contractId: `fx-${seq}`, optionId: `option-${seq}`, title: `Termin ${seq}`, ...party })
      .returning({ id: meetings.id, contractId: meetings.contractId, optionId: meetings.optionId });
    const subject = async () => {
      const [m] = await database.select({ home: meetings.homeId, doctor: meetings.doctorId }).from(meetings).where(eq(meetings.id, row!.id));
      return m!;
    };
    return { label, params: { id: row!.id, contractId: row!.contractId, option: row!.optionId }, subject };
  };
  return [
    await add('own', me.homeId || me.doctorId ? { homeId: me.homeId, doctorId: me.doctorId } : { homeId: ids.home }),
    await add('other home', { homeId: ids.otherHome }),
    await add('other practice', { doctorId: ids.otherDoctor }),
  ];
}

// ---- master data ----

async function newHome(): Promise<string> {
  seq += 1;
  const [row] = await database.insert(homes).values({ name: `Haus Fixture ${seq}`, email: `info${seq}@fixture.de`, street: 'Weg 1', postalCode: '10115', city: 'Berlin', fax: '030 1' }).returning({ id: homes.id });
  return row!.id;
}

async function newOffice(): Promise<string> {
  seq += 1;
  const [row] = await database.insert(doctorOffices).values({ name: `Praxis Fixture ${seq}`, street: 'Weg 2', zip: '10115', city: 'Berlin', phone: '030 2' }).returning({ id: doctorOffices.id });
  return row!.id;
}

async function newDoctor(officeId: string | null): Promise<string> {
  seq += 1;
  const [row] = await database.insert(doctors).values({ lastname: `Fixture${seq}`, email: `arzt${seq}@fixture.de`, officeId }).returning({ id: doctors.id });
  return row!.id;
}

async function officeOf(doctorId: string | null): Promise<string | null> {
  if (!doctorId) return null;
  const [row] = await database.select({ office: doctors.officeId }).from(doctors).where(eq(doctors.id, doctorId));
  return row?.office ?? null;
}

const stateSql = (column: typeof patients.deactivatedAt | typeof doctors.deactivatedAt | typeof homes.deactivatedAt) => sql<'active' | 'deactivated'>`case when ${column} is null then 'active' else 'deactivated' end`;

/** The doctors a patient has orders for (written here on its own, not taken from the policy). */
const orderDoctorsSql = sql<string[]>`array(select distinct t.doctor_id::text from ${tasks} t where t.patient_id = "patients"."id" and t.doctor_id is not null)`;

async function patientSubject(id: string): Promise<PolicyRecord> {
  const [row] = await database
    .select({ id: patients.id, home: patients.homeId, state: stateSql(patients.deactivatedAt), orderDoctors: orderDoctorsSql })
    .from(patients)
    .where(eq(patients.id, id));
  return row!;
}

async function doctorSubject(id: string): Promise<PolicyRecord> {
  const [row] = await database.select({ id: doctors.id, state: stateSql(doctors.deactivatedAt) }).from(doctors).where(eq(doctors.id, id));
  return row!;
}

async function homeSubject(id: string): Promise<PolicyRecord> {
  const [row] = await database.select({ id: homes.id, state: stateSql(homes.deactivatedAt) }).from(homes).where(eq(homes.id, id));
  // A contract in force today (the rule's form for one row; the policy uses its SQL form).
  const rows = await database.select().from(contracts).where(eq(contracts.homeId, id));
  const today = berlinDate(new Date());
  return { ...row!, contract: rows.some((c) => contractInForce(c, today)) ? 'active' : '' };
}

async function officeSubject(id: string): Promise<PolicyRecord> {
  const rows = await database.select({ id: doctors.id }).from(doctors).where(eq(doctors.officeId, id));
  return { id, doctors: rows.map((r) => r.id) };
}

/** Patients of the caller's home (else the demo home), of another home, and one without a home. */
async function patientFixtures(caller: Caller): Promise<Fixture[]> {
  const add = async (label: Fixture['label'], homeId: string | null): Promise<Fixture> => {
    seq += 1;
    const [row] = await database.insert(patients).values({ lastname: `Fixture${seq}`, dateOfBirth: '1940-01-01', homeId }).returning({ id: patients.id });
    // A doctor user's own patients are those with an order for its doctor.
    const doctorId = caller.auth.user.doctorId;
    if (label === 'own' && doctorId) await database.insert(tasks).values({ type: 1, medicine: 'Fixture', dose: '1-0-0', patientId: row!.id, homeId, doctorId });
    return { label, params: { id: row!.id }, subject: () => patientSubject(row!.id) };
  };
  return [await add('own', caller.auth.user.homeId ?? ids.home), await add('other home', ids.otherHome), await add('other practice', null)];
}

/** The caller's doctor (a fresh one for callers without: deactivating a demo doctor would sign its users out), a colleague of the same practice, a doctor of another practice. */
async function doctorFixtures(caller: Caller): Promise<Fixture[]> {
  const own = caller.auth.user.doctorId ?? (await newDoctor(null));
  const fixture = (label: Fixture['label'], id: string): Fixture => ({ label, params: { id }, subject: () => doctorSubject(id) });
  return [fixture('own', own), fixture('peer', await newDoctor(await officeOf(own))), fixture('other practice', await newDoctor(await newOffice()))];
}

/** The caller's practice (a fresh one for callers without a doctor) and another practice. */
async function officeFixtures(caller: Caller): Promise<Fixture[]> {
  const own = (await officeOf(caller.auth.user.doctorId)) ?? (await newOffice());
  const other = await newOffice();
  await newDoctor(other);
  const fixture = (label: Fixture['label'], id: string): Fixture => ({ label, params: { id }, subject: () => officeSubject(id) });
  return [fixture('own', own), fixture('other practice', other)];
}

/** The caller's home (a fresh one for callers without: deactivating the demo home would sign its users out) and another home. */
async function homeFixtures(caller: Caller): Promise<Fixture[]> {
  const own = caller.auth.user.homeId ?? (await newHome());
  const fixture = (label: Fixture['label'], id: string): Fixture => ({ label, params: { id }, subject: () => homeSubject(id) });
  return [fixture('own', own), fixture('other home', ids.otherHome)];
}

/** Fresh living areas of the caller's home (else the demo home) and of another home. */
async function homeGroupFixtures(caller: Caller): Promise<Fixture[]> {
  const add = async (label: Fixture['label'], homeId: string): Promise<Fixture> => {
    seq += 1;
    const [row] = await database.insert(homeGroups).values({ homeId, name: `Wohnbereich Fixture ${seq}` }).returning({ id: homeGroups.id });
    const subject = async () => {
      const [g] = await database.select({ id: homeGroups.id, home: homeGroups.homeId }).from(homeGroups).where(eq(homeGroups.id, row!.id));
      return g ?? { id: row!.id, home: homeId };
    };
    return { label, params: { id: homeId, groupId: row!.id }, subject };
  };
  return [await add('own', caller.auth.user.homeId ?? ids.home), await add('other home', ids.otherHome)];
}

// ---- orders ----

async function taskSubject(id: string): Promise<PolicyRecord> {
  const [row] = await database.select({ id: tasks.id, home: tasks.homeId, doctor: tasks.doctorId, status: tasks.status, type: sql<string>`${tasks.type}::text` }).from(tasks).where(eq(tasks.id, id));
  return row!;
}

/**
 * Tasks of the caller's home and doctor (else the demo ones): a new one and one handed to the
 * drivers; one of another home; one addressed to another practice's doctor, out for delivery.
 */
async function taskFixtures(caller: Caller): Promise<Fixture[]> {
  const me = caller.auth.user;
  const add = async (label: Fixture['label'], values: { homeId: string | null; doctorId: string | null; status: string }): Promise<Fixture> => {
    seq += 1;
    const [patient] = await database.insert(patients).values({ lastname: `Auftrag${seq}`, dateOfBirth: '1940-01-01', homeId: values.homeId }).returning({ id: patients.id });
    const [row] = await database
      .insert(tasks)
      .values({ type: 1, medicine: `Medikament ${seq}`, dose: '1-0-1', patientId: patient!.id, ...values })
      .returning({ id: tasks.id });
    return { label, params: { id: row!.id, taskId: row!.id }, subject: () => taskSubject(row!.id) };
  };
  const ownHome = me.homeId ?? ids.home;
  const ownDoctor = me.doctorId ?? ids.doctor;
  return [
    await add('own', { homeId: ownHome, doctorId: ownDoctor, status: 'new' }),
    await add('peer', { homeId: ownHome, doctorId: ownDoctor, status: 'pickup' }),
    await add('other home', { homeId: ids.otherHome, doctorId: null, status: 'new' }),
    await add('other practice', { homeId: null, doctorId: ids.otherDoctor, status: 'delivery' }),
  ];
}

/** A minimal but real PDF, the stored file of every document fixture. */
const FIXTURE_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Prescription requests of the caller's home and doctor, and of another home and another practice. */
async function documentFixtures(caller: Caller): Promise<Fixture[]> {
  const me = caller.auth.user;
  const file = await app.get(FilesService).save(FIXTURE_PDF, { accept: ['application/pdf'], message: 'PDF' });
  const add = async (label: Fixture['label'], values: { homeId: string | null; doctorId: string }): Promise<Fixture> => {
    const [row] = await database.insert(documents).values({ ...values, channel: 'email', subject: 'Rezept', content: '', taskIds: [], fileId: file.id }).returning({ id: documents.id });
    return { label, params: { id: row!.id }, subject: async () => ({ id: row!.id, home: values.homeId, doctor: values.doctorId }) };
  };
  return [
    await add('own', { homeId: me.homeId ?? ids.home, doctorId: me.doctorId ?? ids.doctor }),
    await add('other home', { homeId: ids.otherHome, doctorId: ids.otherDoctor }),
    await add('other practice', { homeId: null, doctorId: ids.otherDoctor }),
  ];
}

// ---- contracts ----

/**
 * Booked yearly contracts with login, paid by the pharmacy: of the caller's home or doctor (else
 * the demo home), of another home, of another practice. Paid by the pharmacy, they unlock nobody's
 * rights, so the callers' permissions stay as they signed in.
 */
async function contractFixtures(caller: Caller): Promise<Fixture[]> {
  const me = caller.auth.user;
  const add = async (label: Fixture['label'], party: { homeId?: string | null; doctorId?: string | null }): Promise<Fixture> => {
    seq += 1;
    const contractNo = 500_000 + seq;
    const [row] = await database
      .insert(contracts)
      .values({ contractNo, debtorId: 'FX', type: 'ROLE_PHARMA', state: 'booked', runtime: 'year', basePrice: 5900, startedOn: '2026-01-01', validFrom: '2026-01-01', validTo: '2026-12-31', withLogin: true, ...party })
      .returning({ id: contracts.id });
    const subject = async () => {
      const [c] = await database.select({ id: contracts.id, home: contracts.homeId, doctor: contracts.doctorId }).from(contracts).where(eq(contracts.id, row!.id));
      return c ?? { id: row!.id, home: party.homeId ?? null, doctor: party.doctorId ?? null };
    };
    return { label, params: { id: `${contractNo}_FX` }, subject };
  };
  return [
    await add('own', me.homeId ? { homeId: me.homeId } : me.doctorId ? { doctorId: me.doctorId } : { homeId: ids.home }),
    await add('other home', { homeId: ids.otherHome }),
    await add('other practice', { doctorId: ids.otherDoctor }),
  ];
}

// ---- backup archives ----

async function backupSubject(id: string): Promise<PolicyRecord> {
  const [row] = await database.select().from(backupArchives).where(eq(backupArchives.id, id));
  const owners = row!.officeId ? (await database.select({ id: doctors.id }).from(doctors).where(eq(doctors.officeId, row!.officeId))).map((d) => d.id) : row!.doctorId ? [row!.doctorId] : [];
  return { id: row!.id, home: row!.homeId, doctors: owners };
}

/**
 * Archives (with a stored file) of the caller's home, the caller's practice (or the caller's doctor
 * without one; else the demo home), another home, and a doctor of another practice.
 */
async function backupFixtures(caller: Caller): Promise<Fixture[]> {
  const me = caller.auth.user;
  const add = async (label: Fixture['label'], owner: { homeId?: string; officeId?: string; doctorId?: string }): Promise<Fixture> => {
    // Taken before the first await: fixtures of several callers are made at once.
    const n = ++seq;
    const month = `${1000 + (Math.floor(n / 12) % 9000)}-${String((n % 12) + 1).padStart(2, '0')}`;
    const { key, size } = await app.get(BackupStore).write(Readable.from([Buffer.from('PK fixture')]));
    const ownerKey = owner.homeId ? `home:${owner.homeId}` : owner.officeId ? `office:${owner.officeId}` : `doctor:${owner.doctorId}`;
    const [row] = await database
      .insert(backupArchives)
      .values({ ownerKey, ...owner, month, name: `backup-fixture-${n}.zip`, original: `Sicherung_${n}.zip`, storageKey: key, size })
      .returning({ id: backupArchives.id, name: backupArchives.name });
    return { label, params: { name: row!.name }, subject: () => backupSubject(row!.id) };
  };
  const myOffice = await officeOf(me.doctorId);
  const own = me.homeId ? { homeId: me.homeId } : myOffice ? { officeId: myOffice } : me.doctorId ? { doctorId: me.doctorId } : { homeId: ids.home };
  return [await add('own', own), await add('other home', { homeId: ids.otherHome }), await add('other practice', { doctorId: ids.otherDoctor })];
}

// ---- invoices ----

async function invoiceSubject(id: string): Promise<PolicyRecord> {
  const [row] = await database.select({ id: invoices.id, home: invoices.homeId, doctor: invoices.doctorId }).from(invoices).where(eq(invoices.id, id));
  return row!;
}

/**
 * Invoices (each with a stored PDF) to the caller's home or doctor (else the demo home), to another
 * home, to a doctor of another practice, and to the pharmacy itself.
 */
async function invoiceFixtures(caller: Caller): Promise<Fixture[]> {
  const me = caller.auth.user;
  const file = await app.get(FilesService).save(FIXTURE_PDF, { accept: ['application/pdf'], message: 'PDF' });
  const add = async (label: Fixture['label'], debtor: { home?: string | null; doctor?: string | null }): Promise<Fixture> => {
    const { id } = await addInvoice(app, debtor);
    await database.update(invoices).set({ fileId: file.id }).where(eq(invoices.id, id));
    return { label, params: { id }, subject: () => invoiceSubject(id) };
  };
  return [
    await add('own', me.homeId ? { home: me.homeId } : me.doctorId ? { doctor: me.doctorId } : { home: ids.home }),
    await add('other home', { home: ids.otherHome }),
    await add('other practice', { doctor: ids.otherDoctor }),
    // The pharmacy's own invoice is another party's for every home and practice.
    await add('other practice', {}),
  ];
}

const FIXTURES: Record<string, (caller: Caller) => Promise<Fixture[]>> = {
  User: userFixtures,
  Meeting: meetingFixtures,
  Patient: patientFixtures,
  Doctor: doctorFixtures,
  DoctorOffice: officeFixtures,
  Home: homeFixtures,
  HomeGroup: homeGroupFixtures,
  Task: taskFixtures,
  Document: documentFixtures,
  Contract: contractFixtures,
  Backup: backupFixtures,
  Invoice: invoiceFixtures,
};

type Outcome = { status: 403 | 404; why: string } | { status: 'allowed'; why: string };

/** The answer the matrix and the policy call for. */
function expectedOutcome(route: DiscoveredRoute, meta: RecordRouteMeta, caller: Caller, subject: PolicyRecord, body: Record<string, unknown>, action: string): Outcome {
  if (route.access?.kind === 'permission') {
    const grants = permissionsFor(route.access, body).map((name) => grantOf(caller.record.permissions, name));
    if (!grants.some((g) => g === 'all' || g === 'own')) return { status: 403, why: `no ${route.access.names.join('|')}` };
  }
  const policy = POLICIES[meta.subject as keyof typeof POLICIES];
  if (!policy) throw new Error(`No policy named ${meta.subject}`);
  if (!policy.can(caller.auth, 'read', subject as never)) return { status: 404, why: `${meta.subject} not readable` };
  if (!policy.can(caller.auth, action as never, subject as never)) return { status: 403, why: `${meta.subject}.${action} refused` };
  // A mandate is granted or revoked only by its debtor's own people (or an administrator): the
  // debtor of a user is its home as home staff, else its doctor as practice staff, else the pharmacy.
  if (`${route.method} ${route.path}` === 'PUT /api/users/:id/paymentData' && !caller.auth.user.roles.includes('ROLE_ADMIN')) {
    const debtor = (u: { roles: readonly string[]; home: string | null; doctor: string | null }) =>
      u.home && u.roles.includes('ROLE_HOME') ? `home ${u.home}` : u.doctor && u.roles.includes('ROLE_DOCTOR') ? `doctor ${u.doctor}` : 'pharmacy';
    const me = caller.auth.user;
    const target = subject as { roles: readonly string[]; home: string | null; doctor: string | null };
    if (debtor({ roles: me.roles, home: me.homeId, doctor: me.doctorId }) !== debtor(target)) return { status: 403, why: 'another debtor’s mandate' };
  }
  return { status: 'allowed', why: `${meta.subject}.${action} allowed` };
}

function concretePath(route: DiscoveredRoute, params: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? PART_VALUES[name] ?? 'x'));
}

const withParams = () => routes.filter((r) => /:\w+/.test(r.path));

describe('routes with a path parameter', () => {
  it('each declare the record they act on (@RecordRoute) or why there is none (@NotARecord)', () => {
    expect(withParams().length).toBeGreaterThanOrEqual(10);
    const undeclared = withParams().filter((r) => !r.record);
    expect(undeclared.map((r) => `${r.method} ${r.path} (${r.name})`)).toEqual([]);
  });

  it('name a known policy, parameters of their path and actions of that policy', () => {
    for (const route of withParams()) {
      if (!route.record || 'none' in route.record) continue;
      const meta = route.record;
      expect({ route: route.name, policy: meta.subject in POLICIES }).toEqual({ route: route.name, policy: true });
      for (const p of meta.params) expect({ route: route.name, param: p, inPath: route.path.includes(`:${p}`) }).toEqual({ route: route.name, param: p, inPath: true });
      expect({ route: route.name, fixtures: meta.subject in FIXTURES }).toEqual({ route: route.name, fixtures: true });
    }
  });
});

describe('record-level access, every caller × every target', () => {
  const callerNames = ALL_CALLERS;

  it.each(callerNames)('answers %s exactly as the matrix and the policies say', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    const mismatches: string[] = [];
    let checked = 0;
    for (const route of withParams()) {
      const meta = route.record;
      if (!meta || 'none' in meta) continue;
      const key = `${route.method} ${route.path}`;
      const base = SAMPLE_BODIES[key] ?? {};
      const variants: { body: Record<string, unknown>; action: string }[] = [{ body: base, action: meta.action }];
      for (const [field, action] of Object.entries(meta.bodyActions ?? {})) variants.push({ body: { ...base, ...SAMPLE_FIELDS[field] }, action });
      for (const variant of variants) {
        // Fresh targets per route and body: earlier writes (deactivation, passwords) must not leak into later cases.
        for (const fixture of await FIXTURES[meta.subject]!(caller)) {
          const subject = await fixture.subject();
          const expected = expectedOutcome(route, meta, caller, subject, variant.body, variant.action);
          const res = await api()
            [route.method.toLowerCase() as 'get'](concretePath(route, fixture.params))
            .set('x-auth-token', caller.record.token)
            .send(variant.body);
          checked++;
          const label = `${key} ${JSON.stringify(Object.keys(variant.body))} on ${fixture.label} (${expected.why}): got ${res.status}`;
          if (res.status >= 500 || res.status === 401) mismatches.push(label);
          else if (expected.status === 'allowed') {
            if (res.status === 403 || (res.status === 404 && !meta.part)) mismatches.push(`${label}, expected access`);
          } else if (res.status !== expected.status) mismatches.push(`${label}, expected ${expected.status}`);

          // Invariants that do not trust the policy.
          const writes = route.method !== 'GET';
          const ok = res.status >= 200 && res.status < 300;
          if (ok && writes && fixture.label === 'administrator' && !caller.record.roles.includes('ROLE_ADMIN')) mismatches.push(`${label}: a non-administrator wrote to an administrator`);
          if (ok && (fixture.label === 'other home' || fixture.label === 'other practice') && !SPEC_UNRESTRICTED[meta.subject]!(caller.record.roles)) {
            mismatches.push(`${label}: a caller limited to their own home/practice reached another one`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(mismatches).toEqual([]);
  });
});

/** The answer of one request on a fresh target of the given kind, created for `caller`. */
async function answer(caller: Caller, route: DiscoveredRoute, body: Record<string, unknown>, subject: string, index: number): Promise<{ status: number; label: string }> {
  const fixture = (await FIXTURES[subject]!(caller))[index]!;
  const res = await api()
    [route.method.toLowerCase() as 'get'](concretePath(route, fixture.params))
    .set('x-auth-token', caller.record.token)
    .send(body);
  return { status: res.status, label: fixture.label };
}

const success = (status: number) => status >= 200 && status < 300;

describe('a combination of roles never reaches more than each role alone', () => {
  // Independent of the policies: the same request on the same kind of target, sent by the
  // combined user and by a user with each of its roles alone (same home or doctor).
  it.each(Object.keys(COMBINATIONS))('%s', async (name) => {
    const combined = callers.find((c) => c.name === name)!;
    const parts = COMBINATIONS[name]!.parts.map((part) => callers.find((c) => c.name === part)!);
    const widened: string[] = [];
    let compared = 0;
    for (const route of withParams()) {
      const meta = route.record;
      if (!meta || 'none' in meta) continue;
      const key = `${route.method} ${route.path}`;
      const base = SAMPLE_BODIES[key] ?? {};
      const bodies = [base, ...Object.keys(meta.bodyActions ?? {}).map((field) => ({ ...base, ...SAMPLE_FIELDS[field] }))];
      for (const body of bodies) {
        const kinds = (await FIXTURES[meta.subject]!(combined)).length;
        for (let index = 0; index < kinds; index++) {
          const together = await answer(combined, route, body, meta.subject, index);
          compared++;
          if (!success(together.status)) continue;
          const alone = await Promise.all(parts.map((part) => answer(part, route, body, meta.subject, index)));
          if (!alone.some((a) => success(a.status))) {
            widened.push(`${key} ${JSON.stringify(Object.keys(body))} on ${together.label}: ${name} got ${together.status}, alone ${parts.map((p, i) => `${p.name} ${alone[i]!.status}`).join(', ')}`);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(widened).toEqual([]);
  });
});

describe('nobody but an administrator sets the password of an administrator', () => {
  it.each(['apotheke', 'heim.leitung', 'praxis.leitung'])('%s cannot set the password of an administrator who shares the home or practice, by any route', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    const me = caller.auth.user;
    const adminId = await addUser({ roles: me.homeId ? ['ROLE_ADMIN', 'ROLE_HOME'] : me.doctorId ? ['ROLE_ADMIN', 'ROLE_DOCTOR'] : ['ROLE_ADMIN'], homeId: me.homeId, doctorId: me.doctorId });
    const [before] = await database.select({ hash: users.passwordHash }).from(users).where(eq(users.id, adminId));
    const body = { password: 'Neu#Passwort2024!', password_confirm: 'Neu#Passwort2024!' };
    const profile = await api().put(`/api/users/${adminId}/profile`).set('x-auth-token', caller.record.token).send(body);
    const user = await api().put(`/api/users/${adminId}`).set('x-auth-token', caller.record.token).send(body);
    expect([profile.status, user.status].every((s) => s === 403 || s === 404)).toBe(true);
    const [after] = await database.select({ hash: users.passwordHash }).from(users).where(eq(users.id, adminId));
    expect(after!.hash).toBe(before!.hash);
  });
});

describe('nobody takes over an account with more power than their own', () => {
  it.each([
    { name: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_PHARMA', 'ROLE_MANAGER'] },
    { name: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_ACCOUNTING'] },
    { name: 'praxis.leitung', roles: ['ROLE_DOCTOR', 'ROLE_PHARMA'] },
  ])('$name cannot set the password of, deactivate or act as a colleague holding $roles, by any route', async ({ name, roles }) => {
    const caller = callers.find((c) => c.name === name)!;
    const me = caller.auth.user;
    const strongerId = await addUser({ roles: roles as Role[], homeId: me.homeId, doctorId: me.doctorId });
    const [before] = await database.select({ hash: users.passwordHash, status: users.status }).from(users).where(eq(users.id, strongerId));
    const body = { password: 'Neu#Passwort2024!', password_confirm: 'Neu#Passwort2024!' };
    const answers = [
      await api().put(`/api/users/${strongerId}/profile`).set('x-auth-token', caller.record.token).send(body),
      await api().put(`/api/users/${strongerId}`).set('x-auth-token', caller.record.token).send(body),
      await api().put(`/api/users/${strongerId}`).set('x-auth-token', caller.record.token).send({ deactivated: true }),
      await api().delete(`/api/users/${strongerId}`).set('x-auth-token', caller.record.token),
    ];
    expect(answers.map((a) => a.status).every((s) => s === 403 || s === 404)).toBe(true);
    const [after] = await database.select({ hash: users.passwordHash, status: users.status }).from(users).where(eq(users.id, strongerId));
    expect(after).toEqual(before);
    // A colleague with the caller's own kind of account stays theirs to look after.
    const peerId = await addUser({ roles: [me.homeId ? 'ROLE_HOME' : 'ROLE_DOCTOR'], homeId: me.homeId, doctorId: me.doctorId });
    expect((await api().put(`/api/users/${peerId}`).set('x-auth-token', caller.record.token).send(body)).status).toBe(200);
  });
});

describe("a policy's WHERE clause and its single-record check agree", () => {
  const callerNames = ALL_CALLERS;

  it.each(callerNames)('for %s: GET /api/users lists exactly the users the policy lets them read', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    if (!caller.record.permissions.some((p) => p.startsWith('user_list_view'))) return;
    const all = await database.select({ id: users.id, home: users.homeId, doctor: users.doctorId, roles: users.roles, status: users.status }).from(users);
    const expected = all.filter((u) => u.status !== 'removed' && POLICIES.User.can(caller.auth, 'read', u)).map((u) => u.id).sort();
    const res = await api().get('/api/users?limit=-1').set('x-auth-token', caller.record.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { _id: string }) => u._id).sort()).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it.each(callerNames)('for %s: GET /api/meetings lists exactly the meetings the policy lets them read', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    if (!caller.record.permissions.some((p) => p.startsWith('meeting_list_view'))) return;
    const all = await database.select({ id: meetings.id, home: meetings.homeId, doctor: meetings.doctorId }).from(meetings);
    const expected = all.filter((m) => POLICIES.Meeting.can(caller.auth, 'read', m)).map((m) => m.id).sort();
    const res = await api().get('/api/meetings?limit=-1').set('x-auth-token', caller.record.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { _id: string }) => m._id).sort()).toEqual(expected);
  });

  it.each(callerNames)('for %s: GET /api/contracts lists exactly the contracts the policy lets them read', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    if (!caller.record.permissions.some((p) => p.startsWith('contract_list_view'))) return;
    await contractFixtures(caller);
    const all = await database.select({ id: contracts.id, home: contracts.homeId, doctor: contracts.doctorId, no: contracts.contractNo, debtor: contracts.debtorId }).from(contracts);
    const expected = all.filter((c) => POLICIES.Contract.can(caller.auth, 'read', { id: c.id, home: c.home, doctor: c.doctor })).map((c) => `${c.no}_${c.debtor}`).sort();
    const res = await api().get('/api/contracts?limit=-1').set('x-auth-token', caller.record.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { _id: string }) => c._id).sort()).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it.each(callerNames)('for %s: GET /api/tasks lists exactly the tasks the policy lets them read', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    if (!caller.record.permissions.some((p) => p.startsWith('task_list_view') || p.startsWith('pickup_list_view'))) return;
    await taskFixtures(caller);
    const all = await database.select({ id: tasks.id, home: tasks.homeId, doctor: tasks.doctorId, status: tasks.status, type: sql<string>`${tasks.type}::text` }).from(tasks);
    const expected = all.filter((t) => POLICIES.Task.can(caller.auth, 'read', t)).map((t) => t.id).sort();
    const res = await api().get('/api/tasks?limit=-1').set('x-auth-token', caller.record.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { _id: string }) => t._id).sort()).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it.each(callerNames)('for %s: GET /api/documents lists exactly the prescription requests the policy lets them read', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    if (!caller.record.permissions.some((p) => p.startsWith('task_list_view'))) return;
    await documentFixtures(caller);
    const all = await database.select({ id: documents.id, home: documents.homeId, doctor: documents.doctorId }).from(documents);
    const expected = all.filter((d) => POLICIES.Document.can(caller.auth, 'read', d)).map((d) => d.id).sort();
    const res = await api().get('/api/documents?limit=-1').set('x-auth-token', caller.record.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { _id: string }) => d._id).sort()).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it.each(callerNames)('for %s: GET /api/backup lists exactly the archives the policy lets them read', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    if (!caller.record.permissions.some((p) => p.startsWith('backup_list_view'))) return;
    await backupFixtures(caller);
    const all = await database.select({ id: backupArchives.id, name: backupArchives.name }).from(backupArchives);
    const readable = await Promise.all(all.map(async (a) => ({ name: a.name, can: POLICIES.Backup.can(caller.auth, 'read', (await backupSubject(a.id)) as never) })));
    const expected = readable.filter((a) => a.can).map((a) => a.name).sort();
    const res = await api().get('/api/backup?limit=-1').set('x-auth-token', caller.record.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { name: string }) => a.name).sort()).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  it.each(callerNames)('for %s: GET /api/invoices lists exactly the invoices the policy lets them read', async (name) => {
    const caller = callers.find((c) => c.name === name)!;
    if (!caller.record.permissions.some((p) => p.startsWith('invoice_list_view'))) return;
    await invoiceFixtures(caller);
    const all = await database.select({ id: invoices.id, home: invoices.homeId, doctor: invoices.doctorId }).from(invoices);
    const expected = all.filter((i) => POLICIES.Invoice.can(caller.auth, 'read', i)).map((i) => i.id).sort();
    const res = await api().get('/api/invoices?limit=-1').set('x-auth-token', caller.record.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((i: { _id: string }) => i._id).sort()).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
  });

  // Master-data lists: active records by default, all with filter[deactivated]=all.
  const masterdataLists = [
    {
      subject: 'Patient' as const,
      path: '/api/patients',
      permission: 'patient_list_view',
      rows: () =>
        database.select({ id: patients.id, home: patients.homeId, state: stateSql(patients.deactivatedAt), orderDoctors: orderDoctorsSql, gone: patients.deactivatedAt }).from(patients),
    },
    {
      subject: 'Doctor' as const,
      path: '/api/doctors',
      permission: 'doctor_list_view',
      rows: () => database.select({ id: doctors.id, state: stateSql(doctors.deactivatedAt), gone: doctors.deactivatedAt }).from(doctors),
    },
    {
      subject: 'Home' as const,
      path: '/api/homes',
      permission: 'home_list_view',
      rows: async () =>
        Promise.all(
          (await database.select({ id: homes.id, gone: homes.deactivatedAt }).from(homes)).map(async (h) => ({ ...(await homeSubject(h.id)), gone: h.gone })),
        ),
    },
    {
      subject: 'DoctorOffice' as const,
      path: '/api/doctors/offices',
      permission: 'doctor_office_list_view',
      rows: async () => Promise.all((await database.select({ id: doctorOffices.id }).from(doctorOffices)).map(async (o) => ({ ...(await officeSubject(o.id)), gone: null }))),
    },
  ];
  const listCases = callerNames.flatMap((name) => masterdataLists.map((list) => ({ title: `${name}: GET ${list.path}`, name, list })));

  it.each(listCases)('$title lists exactly the records the policy lets the caller read', async ({ name, list }) => {
    const caller = callers.find((c) => c.name === name)!;
    if (!caller.record.permissions.some((p) => p.startsWith(list.permission))) return;
    // A deactivated record of each kind in the caller's reach, so the default filter is exercised too.
    const gone = new Date();
    await database.insert(patients).values({ lastname: 'Deaktiviert', dateOfBirth: '1940-01-01', homeId: caller.auth.user.homeId ?? ids.home, deactivatedAt: gone });
    await database.insert(doctors).values({ lastname: 'Deaktiviert', deactivatedAt: gone });
    await database.insert(homes).values({ name: 'Haus Deaktiviert', deactivatedAt: gone });
    const all = (await list.rows()) as (PolicyRecord & { gone: Date | null })[];
    const policy = POLICIES[list.subject];
    const readable = all.filter((r) => policy.can(caller.auth, 'read', r as never));
    for (const [query, rows] of [
      ['', readable.filter((r) => !r.gone)],
      ['&filter[deactivated]=all', readable],
    ] as const) {
      if (list.subject === 'DoctorOffice' && query) continue;
      const res = await api().get(`${list.path}?limit=-1${query}`).set('x-auth-token', caller.record.token);
      expect(res.status).toBe(200);
      const expected = rows.map((r) => r.id as string).sort();
      expect({ query, ids: res.body.data.map((r: { _id: string }) => r._id).sort() }).toEqual({ query, ids: expected });
      expect({ query, count: res.body.count }).toEqual({ query, count: expected.length });
    }
  });
});
