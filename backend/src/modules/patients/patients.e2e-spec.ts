import type { NestExpressApplication } from '@nestjs/platform-express';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord, type PatientDto } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { FIELD_MESSAGES, PATIENT_MESSAGES } from '@mediport/validation';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { LIST_QUERY_MESSAGE } from '../../core/http/list-query.js';
import { auditLog, homeGroups, homes, patients } from '../../db/schema/index.js';
import { whileAuditFails } from '../../testing/failing-audit.js';
import { type DemoUsername, loginAll, useTestApp } from '../../testing/test-app.js';
import { ACCEPTED_SALUTATIONS, REFUSED_SALUTATIONS } from '../../testing/salutation-cases.js';

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());
const NO_ID = '00000000-0000-4000-8000-000000000000';

/** "Haus Sonnenschein" (heim's) with its living areas, and another demo home with one of its areas. */
let ownHome: string;
let groupA: string;
let groupB: string;
let otherHome: string;
let otherGroup: string;
let seq = 0;
/** Stands for `otherGroup` in case tables written before the app booted. */
const OTHER_GROUP = '§other-group§';

useTestApp(async (booted) => {
  app = booted.app;
  database = app.get<Database>(DB, { strict: false });
  demo = await loginAll(app);
  ownHome = demo.heim.home!._id;
  const groups = await database.select({ id: homeGroups.id, name: homeGroups.name, home: homeGroups.homeId }).from(homeGroups);
  groupA = groups.find((g) => g.home === ownHome && g.name === 'Wohnbereich A')!.id;
  groupB = groups.find((g) => g.home === ownHome && g.name === 'Wohnbereich B')!.id;
  const [other] = await database.select({ id: homes.id }).from(homes).where(eq(homes.name, 'Seniorenresidenz Am Stadtpark'));
  otherHome = other!.id;
  otherGroup = groups.find((g) => g.home === otherHome)!.id;
});

const as = (name: DemoUsername) => demo[name].token;

/** A valid new patient; the fields given replace the defaults. */
function newPatient(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return { salutation: 'Frau', firstname: 'Paula', lastname: `Probe${seq}`, dateOfBirth: '03.04.1941', homepatient: true, home: ownHome, homeGroup: groupA, ...overrides };
}

async function created(caller: DemoUsername, overrides: Record<string, unknown> = {}): Promise<PatientDto> {
  const res = await api().post('/api/patients').set('x-auth-token', as(caller)).send(newPatient(overrides));
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as PatientDto;
}

async function patientCount(): Promise<number> {
  const [row] = await database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(patients);
  return row!.n;
}

describe('GET /api/patients', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/patients')).status).toBe(401);
  });

  it('lists the demo patients for the pharmacy: 25 per page by last name, with count, home and living area', async () => {
    const res = await api().get('/api/patients').set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(60);
    expect(res.body.data).toHaveLength(25);
    const names = res.body.data.map((p: PatientDto) => p.lastname.toLowerCase());
    expect(names).toEqual([...names].sort());
    const row = res.body.data.find((p: PatientDto) => p.homeGroup) as PatientDto;
    expect(row).toMatchObject({ homepatient: true, homeDetails: { _id: row.home, name: expect.any(String) }, homeGroupDetails: { _id: row.homeGroup, home: row.home } });
    expect(row.dateOfBirth).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  it.each(['-1', '99999', '999999'])('answers every patient for limit=%s (lookups ask for all)', async (limit) => {
    const res = await api().get(`/api/patients?limit=${limit}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(res.body.count);
  });

  it('pages with offset and sorts by any listed key, descending with "-"', async () => {
    const all = (await api().get('/api/patients?limit=-1&sort=-dateOfBirth').set('x-auth-token', as('apotheke'))).body.data as PatientDto[];
    const iso = (d: string) => d.split('.').reverse().join('-');
    expect(all.map((p) => iso(p.dateOfBirth))).toEqual(all.map((p) => iso(p.dateOfBirth)).sort().reverse());
    const page = await api().get('/api/patients?limit=5&offset=5&sort=-dateOfBirth').set('x-auth-token', as('apotheke'));
    expect(page.body.data.map((p: PatientDto) => p._id)).toEqual(all.slice(5, 10).map((p) => p._id));
    // The same key ascending after descending (ORDER BY texts are kept per source, key and direction).
    const ascending = (await api().get('/api/patients?limit=-1&sort=dateOfBirth').set('x-auth-token', as('apotheke'))).body.data as PatientDto[];
    expect(ascending.map((p) => iso(p.dateOfBirth))).toEqual(all.map((p) => iso(p.dateOfBirth)).sort());
    expect(ascending[0]!.dateOfBirth).not.toBe(all[0]!.dateOfBirth);
    for (const sort of ['firstname', 'home', 'homeGroup', 'createdAt', '-modifiedAt']) {
      expect((await api().get(`/api/patients?sort=${sort}`).set('x-auth-token', as('apotheke'))).status).toBe(200);
    }
  });

  it.each([
    { title: 'an unknown sort key', query: 'sort=password', path: 'sort' },
    { title: 'a negative offset', query: 'offset=-1', path: 'offset' },
    { title: 'a home that is no id', query: 'filter[home]=abc', path: 'filter[home]' },
    { title: 'an unknown deactivated value', query: 'filter[deactivated]=2', path: 'filter[deactivated]' },
    { title: 'a repeated text filter', query: 'filter[text]=a&filter[text]=b', path: 'filter[text]' },
  ])('refuses $title with a German 400', async ({ query, path }) => {
    const res = await api().get(`/api/patients?${query}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path, code: 'invalid', message: LIST_QUERY_MESSAGE }]);
  });

  it('finds by a prefix or an infix of first or last name, any case, every word; % and _ are literal', async () => {
    const p = await created('apotheke', { firstname: 'Wilhelmine', lastname: 'Quastenberg' });
    const find = async (text: string) => (await api().get(`/api/patients?limit=-1&filter[text]=${encodeURIComponent(text)}`).set('x-auth-token', as('apotheke'))).body as { data: PatientDto[]; count: number };
    for (const text of ['Quast', 'quast', 'stenbe', 'BERG', 'wilhelm', 'Wilhelmine Quasten', 'quasten helmi']) {
      const res = await find(text);
      expect({ text, ids: res.data.map((r) => r._id) }).toEqual({ text, ids: [p._id] });
      expect(res.count).toBe(1);
    }
    // The count of a search also comes with a page past the end (no row carries it there).
    const past = await api().get('/api/patients?offset=5&filter[text]=quast').set('x-auth-token', as('apotheke'));
    expect(past.body).toEqual({ data: [], count: 1 });
    expect((await find('Quastenberg Müller')).count).toBe(0);
    expect((await find('%')).count).toBe(0);
    expect((await find('Quasten_erg')).count).toBe(0);
  });

  it('filters by home and living area', async () => {
    const byHome = (await api().get(`/api/patients?limit=-1&filter[home]=${otherHome}`).set('x-auth-token', as('apotheke'))).body.data as PatientDto[];
    expect(byHome.length).toBeGreaterThan(0);
    expect(byHome.every((p) => p.home === otherHome)).toBe(true);
    const byGroup = (await api().get(`/api/patients?limit=-1&filter[homeGroup]=${groupB}`).set('x-auth-token', as('apotheke'))).body.data as PatientDto[];
    expect(byGroup.every((p) => p.homeGroup === groupB && p.homeGroupDetails?.name === 'Wohnbereich B')).toBe(true);
  });

  it('shows a home user only the patients of the own home', async () => {
    const res = await api().get('/api/patients?limit=-1').set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThan(0);
    expect(res.body.data.every((p: PatientDto) => p.home === ownHome)).toBe(true);
    const other = await api().get(`/api/patients?limit=-1&filter[home]=${otherHome}`).set('x-auth-token', as('heim'));
    expect(other.body).toEqual({ data: [], count: 0 });
  });

  it('shows a doctor user no patients until orders exist (the patients it has orders for)', async () => {
    const res = await api().get('/api/patients').set('x-auth-token', as('arzt'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], count: 0 });
  });

  it.each(['fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (name) => {
    const res = await api().get('/api/patients').set('x-auth-token', as(name));
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });

  it('hides deactivated patients unless asked for (filter[deactivated]=1 or all)', async () => {
    const p = await created('apotheke', { lastname: 'Versteckt' });
    await api().delete(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).expect(200);
    const ids = async (q: string) => ((await api().get(`/api/patients?limit=-1&filter[text]=Versteckt${q}`).set('x-auth-token', as('apotheke'))).body.data as PatientDto[]).map((r) => r._id);
    expect(await ids('')).toEqual([]);
    expect(await ids('&filter[deactivated]=0')).toEqual([]);
    expect(await ids('&filter[deactivated]=1')).toEqual([p._id]);
    expect(await ids('&filter[deactivated]=all')).toEqual([p._id]);
  });
});

describe('"neu": seen marks of patients', () => {
  it('marks a patient seen when opened; filter[notSeen] and the dashboard tile count alike', async () => {
    const tile = async (name: DemoUsername) => (await api().get('/api/statistics').set('x-auth-token', as(name))).body.counts.patient as number;
    const notSeen = async (name: DemoUsername) => (await api().get('/api/patients?filter[notSeen]=1&limit=1').set('x-auth-token', as(name))).body.count as number;
    for (const name of ['apotheke', 'heim', 'admin'] as const) expect({ name, tile: await tile(name) }).toEqual({ name, tile: await notSeen(name) });

    const p = await created('admin');
    // Created by the admin: seen for the admin, new for the pharmacy and the home.
    expect(p.seen).toEqual([demo.admin.user._id]);
    const before = await notSeen('apotheke');
    const listed = (await api().get(`/api/patients?filter[text]=${p.lastname}`).set('x-auth-token', as('apotheke'))).body.data[0] as PatientDto;
    expect(listed.seen).toEqual([]);
    const opened = await api().get(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke'));
    expect(opened.body.seen).toEqual([demo.apotheke.user._id]);
    expect(await notSeen('apotheke')).toBe(before - 1);
    expect(await tile('apotheke')).toBe(before - 1);
    expect(await tile('heim')).toBe(await notSeen('heim'));

    expect((await api().put('/api/statistics/patient_read_all').set('x-auth-token', as('heim'))).status).toBe(200);
    expect(await tile('heim')).toBe(0);
    expect(await notSeen('heim')).toBe(0);
  });
});

describe('GET /api/patients/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/patients/${NO_ID}`)).status).toBe(401);
  });

  it('answers the patient with who created and changed it', async () => {
    const p = await created('heim');
    const res = await api().get(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: p._id, createdFrom: { _id: demo.heim.user._id, username: 'heim' }, modifiedFrom: { username: 'heim' }, editable: true, deletable: true });
  });

  it.each([
    { title: 'a patient of another home (home user)', caller: 'heim' as const, target: () => created('apotheke', { home: otherHome, homeGroup: otherGroup }).then((p) => p._id) },
    { title: 'any patient (doctor user without orders)', caller: 'arzt' as const, target: () => created('apotheke').then((p) => p._id) },
    { title: 'an unknown id', caller: 'apotheke' as const, target: async () => NO_ID },
    { title: 'an id that is no uuid', caller: 'apotheke' as const, target: async () => 'abc' },
  ])('answers 404 for $title', async ({ caller, target }) => {
    const res = await api().get(`/api/patients/${await target()}`).set('x-auth-token', as(caller));
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toEqual({ code: 'not_found', message: API_MESSAGES.notFound });
  });
});

describe('POST /api/patients', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/patients').send(newPatient())).status).toBe(401);
  });

  it('creates a patient: dateOfBirth as DD.MM.YYYY, country Deutschland by default, audit row, and answers it', async () => {
    const res = await api().post('/api/patients').set('x-auth-token', as('apotheke')).send(newPatient({ postalCode: '10115', street: 'Lindenallee 5', city: 'Berlin' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ dateOfBirth: '03.04.1941', country: 'Deutschland', home: ownHome, homeGroup: groupA, homepatient: true, deactivated: false, postalCode: '10115' });
    const [audit] = await database.select().from(auditLog).where(and(eq(auditLog.action, 'patient.create'), eq(auditLog.target, res.body._id)));
    expect(audit?.actorId).toBe(demo.apotheke.user._id);
  });

  it('creates a patient without a home (not a home patient)', async () => {
    const res = await api().post('/api/patients').set('x-auth-token', as('apotheke')).send(newPatient({ homepatient: false }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ homepatient: false, home: null, homeGroup: null, homeDetails: null });
  });

  const today = new Date();
  const tomorrow = new Date(today.getTime() + 2 * 24 * 3600 * 1000);
  const german = (d: Date) => `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`;
  const rules = [
    { title: 'last name required', body: { lastname: '' }, path: 'lastname', message: PATIENT_MESSAGES.lastnameRequired },
    { title: 'birth date required', body: { dateOfBirth: '' }, path: 'dateOfBirth', message: PATIENT_MESSAGES.dateOfBirthRequired },
    { title: 'birth date as DD.MM.YYYY', body: { dateOfBirth: '1941-04-03' }, path: 'dateOfBirth', message: PATIENT_MESSAGES.dateOfBirthFormat },
    { title: 'no 31.02.2020', body: { dateOfBirth: '31.02.2020' }, path: 'dateOfBirth', message: PATIENT_MESSAGES.dateOfBirthFormat },
    { title: 'birth date not in the future', body: { dateOfBirth: german(tomorrow) }, path: 'dateOfBirth', message: PATIENT_MESSAGES.dateOfBirthFuture },
    { title: 'a home for a home patient', body: { homepatient: true, home: '', homeGroup: '' }, path: 'home', message: PATIENT_MESSAGES.homeRequired },
    { title: 'an existing home', body: { home: NO_ID, homeGroup: '' }, path: 'home', message: MASTERDATA_API_MESSAGES.homeUnknown },
    { title: 'a living area of the chosen home', body: { homeGroup: OTHER_GROUP }, path: 'homeGroup', message: PATIENT_MESSAGES.homeGroupOtherHome },
    { title: 'postal code digits only', body: { postalCode: '1011a' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'postal code at most 5 digits', body: { postalCode: '101155' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
  ];
  it.each(rules)('refuses: $title', async ({ body, path, message }) => {
    const before = await patientCount();
    const resolved = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === OTHER_GROUP ? otherGroup : v]));
    const res = await api().post('/api/patients').set('x-auth-token', as('apotheke')).send(newPatient(resolved));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message }));
    expect(await patientCount()).toBe(before);
  });

  it.each([
    { title: 'a number as last name', body: { lastname: 42 } },
    { title: 'a string as home-patient flag', body: { homepatient: 'ja' } },
    { title: 'null as first name', body: { firstname: null } },
    { title: 'a home that is no id', body: { home: 'Haus Sonnenschein' } },
    { title: 'an unknown salutation', body: { salutation: 'Divers' } },
    { title: 'an array as birth date', body: { dateOfBirth: ['03.04.1941'] } },
  ])('refuses wrong types in German: $title', async ({ body }) => {
    const before = await patientCount();
    const res = await api().post('/api/patients').set('x-auth-token', as('apotheke')).send(newPatient(body));
    expect(res.status).toBe(400);
    for (const e of res.body.errors) expect(e.message).toMatch(/[äöüÄÖÜß]|Bitte|muss|Ungültig|gehört|Anrede|Mehr als/);
    expect(await patientCount()).toBe(before);
  });

  it('fixes a home user to the own home: preselected when none is sent', async () => {
    const res = await api()
      .post('/api/patients')
      .set('x-auth-token', as('heim'))
      .send({ lastname: 'Heimfest', dateOfBirth: '01.01.1940' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ home: ownHome, homepatient: true });
  });

  it.each([
    { title: 'another home', body: () => ({ home: otherHome, homeGroup: '' }) },
    { title: 'no home at all', body: () => ({ homepatient: false }) },
  ])('refuses a home user a patient of $title (403, nothing saved)', async ({ body }) => {
    const before = await patientCount();
    const res = await api().post('/api/patients').set('x-auth-token', as('heim')).send(newPatient(body()));
    expect(res.status).toBe(403);
    expect(await patientCount()).toBe(before);
  });

  it.each(['arzt', 'fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (name) => {
    const res = await api().post('/api/patients').set('x-auth-token', as(name)).send(newPatient());
    expect(res.status).toBe(403);
  });
});

describe('salutation: accepted as "Herr", "Frau", "" or mr / mrs, answered as "Herr", "Frau" or ""', () => {
  const accepted = ACCEPTED_SALUTATIONS;

  it.each(accepted)('POST saves $given as "$answered" and every read answers it so', async ({ given, answered }) => {
    const res = await api().post('/api/patients').set('x-auth-token', as('apotheke')).send(newPatient({ salutation: given }));
    expect(res.status).toBe(201);
    expect(res.body.salutation).toBe(answered);
    const [row] = await database.select({ salutation: patients.salutation }).from(patients).where(eq(patients.id, res.body._id));
    expect(row!.salutation).toBe(answered);
    expect((await api().get(`/api/patients/${res.body._id}`).set('x-auth-token', as('apotheke'))).body.salutation).toBe(answered);
    const list = await api().get(`/api/patients?filter[text]=${res.body.lastname}`).set('x-auth-token', as('apotheke'));
    expect(list.body.data).toEqual([expect.objectContaining({ _id: res.body._id, salutation: answered })]);
  });

  it.each(accepted)('PUT saves $given as "$answered"', async ({ given, answered }) => {
    const p = await created('apotheke', { salutation: 'Frau' });
    const res = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ salutation: given });
    expect(res.status).toBe(200);
    expect(res.body.salutation).toBe(answered);
  });

  const refused = REFUSED_SALUTATIONS;

  it.each(refused)('POST refuses $title with the German message on the field, nothing saved', async ({ salutation }) => {
    const before = await patientCount();
    const res = await api().post('/api/patients').set('x-auth-token', as('apotheke')).send(newPatient({ salutation }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: 'salutation', message: PATIENT_MESSAGES.salutation }));
    expect(PATIENT_MESSAGES.salutation).toBe('Bitte wählen Sie als Anrede „Herr“, „Frau“ oder „Nicht angegeben“.');
    expect(await patientCount()).toBe(before);
  });

  it.each(refused)('PUT refuses $title and keeps the stored salutation', async ({ salutation }) => {
    const p = await created('apotheke', { salutation: 'Herr' });
    const res = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ salutation });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: 'salutation', message: PATIENT_MESSAGES.salutation }));
    expect((await api().get(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke'))).body.salutation).toBe('Herr');
  });

  it('answers a salutation stored as mr / mrs in the answered form', async () => {
    const p = await created('apotheke', { salutation: '' });
    await database.update(patients).set({ salutation: 'mrs' }).where(eq(patients.id, p._id));
    expect((await api().get(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke'))).body.salutation).toBe('Frau');
  });
});

describe('PUT /api/patients/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/patients/${NO_ID}`).send({ lastname: 'x' })).status).toBe(401);
  });

  it('merges the given fields and keeps the rest', async () => {
    const p = await created('apotheke', { title: 'Dr.', city: 'Berlin' });
    const res = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ firstname: 'Paulina', deceased: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstname: 'Paulina', deceased: true, title: 'Dr.', city: 'Berlin', lastname: p.lastname, dateOfBirth: p.dateOfBirth, homeGroup: groupA });
  });

  it('unticking "home patient" clears home and living area', async () => {
    const p = await created('apotheke');
    const res = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ homepatient: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ homepatient: false, home: null, homeGroup: null });
  });

  it('a new home clears the living area unless one of the new home is given', async () => {
    const p = await created('apotheke');
    const moved = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ home: otherHome });
    expect(moved.body).toMatchObject({ home: otherHome, homeGroup: null });
    const placed = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ homeGroup: otherGroup });
    expect(placed.body).toMatchObject({ home: otherHome, homeGroup: otherGroup });
  });

  it('checks the rules on the patient as saved', async () => {
    const p = await created('apotheke');
    const res = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ dateOfBirth: '31.02.2020', lastname: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'lastname', code: 'invalid', message: PATIENT_MESSAGES.lastnameRequired },
        { path: 'dateOfBirth', code: 'invalid', message: PATIENT_MESSAGES.dateOfBirthFormat },
      ]),
    );
    const [stored] = await database.select().from(patients).where(eq(patients.id, p._id));
    expect(stored!.lastname).toBe(p.lastname);
  });

  it('lets a home user edit the own patients but not move them to another home', async () => {
    const p = await created('heim');
    expect((await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('heim')).send({ homeGroup: groupB })).body.homeGroup).toBe(groupB);
    const res = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('heim')).send({ home: otherHome, homeGroup: '' });
    expect(res.status).toBe(403);
    const [stored] = await database.select().from(patients).where(eq(patients.id, p._id));
    expect(stored!.homeId).toBe(ownHome);
  });

  it('answers 404 to a home user for a patient of another home', async () => {
    const p = await created('apotheke', { home: otherHome, homeGroup: otherGroup });
    const res = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('heim')).send({ firstname: 'Fremd' });
    expect(res.status).toBe(404);
  });

  it.each(['arzt', 'fahrer'] as const)('is forbidden for %s', async (name) => {
    const p = await created('apotheke');
    expect((await api().put(`/api/patients/${p._id}`).set('x-auth-token', as(name)).send({ firstname: 'x' })).status).toBe(403);
  });

  it('refuses edits of a deactivated patient (403) and reactivates it with deactivated=false', async () => {
    const p = await created('apotheke');
    await api().delete(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).expect(200);
    expect((await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ firstname: 'x' })).status).toBe(403);
    const res = await api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ deactivated: false });
    expect(res.status).toBe(200);
    expect(res.body.deactivated).toBe(false);
    const actions = (await database.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, p._id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['patient.create', 'patient.deactivate', 'patient.reactivate']));
  });
});

describe('DELETE /api/patients/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().delete(`/api/patients/${NO_ID}`)).status).toBe(401);
  });

  it('only deactivates: the patient is kept and answered as deactivated; a second time changes nothing', async () => {
    const p = await created('heim');
    const res = await api().delete(`/api/patients/${p._id}`).set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: p._id, deactivated: true, editable: false, deletable: true });
    const [stored] = await database.select().from(patients).where(eq(patients.id, p._id));
    expect(stored!.deactivatedAt).not.toBeNull();
    expect((await api().delete(`/api/patients/${p._id}`).set('x-auth-token', as('heim'))).status).toBe(200);
    // Still readable by id (the details view of a deactivated patient).
    expect((await api().get(`/api/patients/${p._id}`).set('x-auth-token', as('heim'))).body.deactivated).toBe(true);
  });

  it('answers 404 to a home user for a patient of another home, and 403 to the doctor and the driver', async () => {
    const p = await created('apotheke', { home: otherHome, homeGroup: otherGroup });
    expect((await api().delete(`/api/patients/${p._id}`).set('x-auth-token', as('heim'))).status).toBe(404);
    expect((await api().delete(`/api/patients/${p._id}`).set('x-auth-token', as('arzt'))).status).toBe(403);
    expect((await api().delete(`/api/patients/${p._id}`).set('x-auth-token', as('fahrer'))).status).toBe(403);
    const [stored] = await database.select().from(patients).where(eq(patients.id, p._id));
    expect(stored!.deactivatedAt).toBeNull();
  });
});

describe('GET /api/patients/duplicates', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/patients/duplicates?lastname=x&dateOfBirth=01.01.1940')).status).toBe(401);
  });

  it('warns (non-blocking) about a patient with the same names in any case and the same birth date', async () => {
    const p = await created('apotheke', { firstname: 'Hedwig', lastname: 'Doppelmann', dateOfBirth: '12.12.1932' });
    const res = await api().get('/api/patients/duplicates?firstname=hedwig&lastname=DOPPELMANN&dateOfBirth=12.12.1932').set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, message: PATIENT_MESSAGES.duplicate, data: [{ _id: p._id }] });
    // Saving anyway is allowed: the warning never blocks.
    expect((await api().post('/api/patients').set('x-auth-token', as('apotheke')).send(newPatient({ firstname: 'Hedwig', lastname: 'Doppelmann', dateOfBirth: '12.12.1932' }))).status).toBe(201);
    const none = await api().get('/api/patients/duplicates?firstname=Hedwig&lastname=Doppelmann&dateOfBirth=13.12.1932').set('x-auth-token', as('apotheke'));
    expect(none.body).toEqual({ data: [], count: 0, message: null });
    const self = await api().get(`/api/patients/duplicates?firstname=Hedwig&lastname=Doppelmann&dateOfBirth=12.12.1932&exclude=${p._id}`).set('x-auth-token', as('apotheke'));
    expect(self.body.data.map((d: PatientDto) => d._id)).not.toContain(p._id);
  });

  it('answers only the duplicates the caller may see', async () => {
    await created('apotheke', { firstname: 'Otto', lastname: 'Anderswo', dateOfBirth: '02.02.1930', home: otherHome, homeGroup: otherGroup });
    const res = await api().get('/api/patients/duplicates?firstname=Otto&lastname=Anderswo&dateOfBirth=02.02.1930').set('x-auth-token', as('heim'));
    expect(res.body).toEqual({ data: [], count: 0, message: null });
  });

  it.each([
    { title: 'no last name', query: 'dateOfBirth=01.01.1940' },
    { title: 'no birth date', query: 'lastname=Muster' },
    { title: 'an impossible birth date', query: 'lastname=Muster&dateOfBirth=31.02.2020' },
  ])('refuses $title with a German 400', async ({ query }) => {
    const res = await api().get(`/api/patients/duplicates?${query}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(MASTERDATA_API_MESSAGES.duplicateQuery);
  });

  it.each(['arzt', 'fahrer'] as const)('is forbidden for %s', async (name) => {
    expect((await api().get('/api/patients/duplicates?lastname=x&dateOfBirth=01.01.1940').set('x-auth-token', as(name))).status).toBe(403);
  });
});

describe('one unit of work per change: a failing audit row rolls back the earlier writes', () => {
  it('patient creation: no patient without its audit row', async () => {
    const before = await patientCount();
    const res = await whileAuditFails(database, 'patient.create', () => api().post('/api/patients').set('x-auth-token', as('apotheke')).send(newPatient()));
    expect(res.status).toBe(500);
    expect(await patientCount()).toBe(before);
  });

  it('patient edit: the stored patient is unchanged', async () => {
    const p = await created('apotheke');
    const res = await whileAuditFails(database, 'patient.update', () => api().put(`/api/patients/${p._id}`).set('x-auth-token', as('apotheke')).send({ city: 'Halbfertig' }));
    expect(res.status).toBe(500);
    const [stored] = await database.select({ city: patients.city, modifiedAt: patients.modifiedAt }).from(patients).where(eq(patients.id, p._id));
    expect(stored).toEqual({ city: p.city, modifiedAt: new Date(p.modifiedAt) });
    expect((await database.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, p._id))).map((a) => a.action)).toEqual(['patient.create']);
  });
});
