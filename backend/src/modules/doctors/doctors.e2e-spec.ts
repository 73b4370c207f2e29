import { hash } from '@node-rs/argon2';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord, type DoctorDto, type DoctorOfficeDto, type Role } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { DOCTOR_MESSAGES, FIELD_MESSAGES, OFFICE_MESSAGES } from '@mediport/validation';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { LIST_QUERY_MESSAGE } from '../../core/http/list-query.js';
import { auditLog, doctorOffices, doctors, sessions, users } from '../../db/schema/index.js';
import { whileAuditFails } from '../../testing/failing-audit.js';
import { type DemoUsername, login, loginAll, useTestApp } from '../../testing/test-app.js';
import { ACCEPTED_SALUTATIONS, REFUSED_SALUTATIONS } from '../../testing/salutation-cases.js';

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());
const NO_ID = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'Zz#Praxis2024!';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** Dr. Anna Berger (the arzt user's doctor) and her practice; the other demo practice. */
let berger: string;
let bergerOffice: string;
let otherOffice: string;
/** A manager of Dr. Berger's practice (doctor_edit_view_own, doctor_office_edit_view_own). */
let praxisLeitung: AuthRecord;
let passwordHash: string;
let seq = 0;

useTestApp(async (booted) => {
  app = booted.app;
  database = app.get<Database>(DB, { strict: false });
  demo = await loginAll(app);
  berger = demo.arzt.doctor!._id;
  const offices = await database.select({ id: doctorOffices.id, name: doctorOffices.name }).from(doctorOffices);
  bergerOffice = offices.find((o) => o.name === 'Praxis Dr. Berger')!.id;
  otherOffice = offices.find((o) => o.name === 'Gemeinschaftspraxis am Markt')!.id;
  passwordHash = await hash(PASSWORD);
  await addUser('praxis.leitung', ['ROLE_DOCTOR', 'ROLE_MANAGER'], berger);
  praxisLeitung = await login(app, 'praxis.leitung', PASSWORD);
});

async function addUser(username: string, roles: Role[], doctorId: string): Promise<string> {
  const [row] = await database.insert(users).values({ username, passwordHash, roles, doctorId }).returning({ id: users.id });
  return row!.id;
}

const as = (name: DemoUsername) => demo[name].token;

function newDoctor(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return { salutation: 'Herr', title: 'Dr.', firstname: 'Konrad', lastname: `Kollege${seq}`, expertise: 'Orthopädie', preferred: 'E-Mail', email: `kollege${seq}@praxis.de`, ...overrides };
}

async function created(caller: string, overrides: Record<string, unknown> = {}): Promise<DoctorDto> {
  const res = await api().post('/api/doctors').set('x-auth-token', caller).send(newDoctor(overrides));
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as DoctorDto;
}

async function count(table: typeof doctors | typeof doctorOffices): Promise<number> {
  const [row] = await database.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table);
  return row!.n;
}

describe('GET /api/doctors', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/doctors')).status).toBe(401);
  });

  it('lists the demo doctors by last name with practice, expertise and login', async () => {
    const res = await api().get('/api/doctors?limit=-1').set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(8);
    const names = (res.body.data as DoctorDto[]).map((d) => d.lastname.toLowerCase());
    expect(names).toEqual([...names].sort());
    const anna = (res.body.data as DoctorDto[]).find((d) => d._id === berger)!;
    expect(anna).toMatchObject({ title: 'Dr.', firstname: 'Anna', expertise: 'Allgemeinmedizin', department: 'Allgemeinmedizin', withLogin: true, office: bergerOffice, officeDetails: { _id: bergerOffice, name: 'Praxis Dr. Berger' } });
    expect((res.body.data as DoctorDto[]).find((d) => d.lastname === 'Richter')).toMatchObject({ withLogin: false, office: null });
  });

  it('sorts by first name, descending with "-"', async () => {
    const res = await api().get('/api/doctors?limit=-1&sort=-firstname').set('x-auth-token', as('apotheke'));
    const names = (res.body.data as DoctorDto[]).map((d) => d.firstname.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect((await api().get('/api/doctors?sort=email').set('x-auth-token', as('apotheke'))).body.errors).toEqual([{ path: 'sort', code: 'invalid', message: LIST_QUERY_MESSAGE }]);
  });

  it('finds by name or expertise (prefix, infix, any case) and by the expertises multi-select', async () => {
    const text = async (t: string) => ((await api().get(`/api/doctors?limit=-1&filter[text]=${encodeURIComponent(t)}`).set('x-auth-token', as('apotheke'))).body.data as DoctorDto[]).map((d) => d.lastname);
    expect(await text('berg')).toContain('Berger');
    expect(await text('anna BERG')).toEqual(['Berger']);
    expect(await text('kardio')).toEqual(['Richter']);
    const multi = async (q: string) => ((await api().get(`/api/doctors?limit=-1&${q}`).set('x-auth-token', as('apotheke'))).body.data as DoctorDto[]).map((d) => d.expertise);
    const two = await multi('filter[expertises]=Neurologie,kardiologie');
    expect(new Set(two)).toEqual(new Set(['Neurologie', 'Kardiologie']));
    expect(await multi('filter[expertises]=Neurologie&filter[expertises]=Kardiologie')).toEqual(two);
  });

  it('shows a doctor user only the own doctor record; the home sees all', async () => {
    const own = await api().get('/api/doctors?limit=-1').set('x-auth-token', as('arzt'));
    expect(own.body.data.map((d: DoctorDto) => d._id)).toEqual([berger]);
    expect(own.body.count).toBe(1);
    const home = await api().get('/api/doctors?limit=-1').set('x-auth-token', as('heim'));
    expect(home.body.count).toBeGreaterThanOrEqual(8);
  });

  it.each(['fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (name) => {
    const res = await api().get('/api/doctors').set('x-auth-token', as(name));
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });

  it('marks "neu" per user: created by oneself is seen, opening marks seen, filter[notSeen] equals the tile', async () => {
    const d = await created(as('apotheke'));
    expect(d.seen).toEqual([demo.apotheke.user._id]);
    const notSeen = async () => (await api().get('/api/doctors?filter[notSeen]=1&limit=1').set('x-auth-token', as('heim'))).body.count as number;
    const tile = async () => (await api().get('/api/statistics').set('x-auth-token', as('admin'))).body.counts.doctor as number;
    const adminNotSeen = async () => (await api().get('/api/doctors?filter[notSeen]=1&limit=1').set('x-auth-token', as('admin'))).body.count as number;
    expect(await tile()).toBe(await adminNotSeen());
    const before = await notSeen();
    expect((await api().get(`/api/doctors/${d._id}`).set('x-auth-token', as('heim'))).body.seen).toEqual([demo.heim.user._id]);
    expect(await notSeen()).toBe(before - 1);
    await api().put('/api/statistics/doctor_read_all').set('x-auth-token', as('admin')).expect(200);
    expect(await tile()).toBe(0);
  });
});

describe('GET /api/doctors/expertises', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/doctors/expertises')).status).toBe(401);
  });

  it('answers the distinct expertises alphabetically, narrowed by filter[text]', async () => {
    await created(as('apotheke'), { expertise: 'allgemeinmedizin' });
    const res = await api().get('/api/doctors/expertises').set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    const lower = (res.body.data as string[]).map((e) => e.toLowerCase());
    expect(lower).toEqual([...new Set(lower)].sort());
    expect(res.body.data).toContain('Allgemeinmedizin');
    expect(res.body.count).toBe(res.body.data.length);
    expect((await api().get('/api/doctors/expertises?filter[text]=logie').set('x-auth-token', as('heim'))).body.data).toEqual(expect.arrayContaining(['Kardiologie', 'Neurologie']));
  });

  it.each(['fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (name) => {
    expect((await api().get('/api/doctors/expertises').set('x-auth-token', as(name))).status).toBe(403);
  });
});

describe('GET /api/doctors/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/doctors/${berger}`)).status).toBe(401);
  });

  it('answers the own record to a doctor user and 404 for any other doctor, unknown or bad ids', async () => {
    expect((await api().get(`/api/doctors/${berger}`).set('x-auth-token', as('arzt'))).status).toBe(200);
    const other = await created(as('apotheke'));
    for (const id of [other._id, NO_ID, 'abc']) {
      const res = await api().get(`/api/doctors/${id}`).set('x-auth-token', as('arzt'));
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
  });

  it('shows who created and changed it', async () => {
    const d = await created(as('heim'));
    const res = await api().get(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke'));
    expect(res.body).toMatchObject({ createdFrom: { username: 'heim' }, modifiedFrom: { username: 'heim' }, createdAt: expect.any(String), modifiedAt: expect.any(String) });
  });
});

describe('POST /api/doctors', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/doctors').send(newDoctor())).status).toBe(401);
  });

  it('creates a doctor (country Deutschland by default) with an audit row', async () => {
    const d = await created(as('apotheke'), { office: otherOffice, postalCode: '14467', fax: '0331 230459', preferred: 'Fax' });
    expect(d).toMatchObject({ country: 'Deutschland', office: otherOffice, preferred: 'Fax', withLogin: false, deactivated: false, createdFrom: { username: 'apotheke' } });
    expect((await database.select().from(auditLog).where(eq(auditLog.target, d._id))).map((a) => a.action)).toEqual(['doctor.create']);
  });

  const rules = [
    { title: 'last name', body: { lastname: ' ' }, path: 'lastname', message: DOCTOR_MESSAGES.lastnameRequired },
    { title: 'e-mail pattern', body: { email: 'praxis@beispiel' }, path: 'email', message: DOCTOR_MESSAGES.email },
    { title: 'contact type', body: { preferred: undefined }, path: 'preferred', message: DOCTOR_MESSAGES.preferredRequired },
    { title: 'fax for Fax', body: { preferred: 'Fax', fax: '' }, path: 'fax', message: DOCTOR_MESSAGES.faxRequired },
    { title: 'e-mail for E-Mail', body: { email: '' }, path: 'email', message: DOCTOR_MESSAGES.emailRequired },
    { title: 'fax with area code', body: { fax: '1234567' }, path: 'fax', message: DOCTOR_MESSAGES.faxAreaCode },
    { title: 'postal code digits, max 5', body: { postalCode: '123456' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'E-Mail-Notification only with login', body: { preferred: 'E-Mail-Notification' }, path: 'preferred', message: DOCTOR_MESSAGES.preferredNeedsLogin },
    { title: 'Fax-Notification only with login', body: { preferred: 'Fax-Notification', fax: '030 1234567' }, path: 'preferred', message: DOCTOR_MESSAGES.preferredNeedsLogin },
    { title: 'NONE only with login', body: { preferred: 'NONE' }, path: 'preferred', message: DOCTOR_MESSAGES.preferredNeedsLogin },
    { title: 'an unknown contact type', body: { preferred: 'Brief' }, path: 'preferred', message: DOCTOR_MESSAGES.preferredRequired },
    { title: 'an existing practice', body: { office: NO_ID }, path: 'office', message: MASTERDATA_API_MESSAGES.officeUnknown },
  ];
  it.each(rules)('refuses: $title', async ({ body, path, message }) => {
    const before = await count(doctors);
    const res = await api().post('/api/doctors').set('x-auth-token', as('apotheke')).send(newDoctor(body));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message }));
    expect(await count(doctors)).toBe(before);
  });

  it.each([
    { title: 'a number as last name', body: { lastname: 7 } },
    { title: 'an object as e-mail', body: { email: { a: 1 } } },
    { title: 'null as title', body: { title: null } },
    { title: 'a practice that is no id', body: { office: 'Praxis' } },
  ])('refuses wrong types in German: $title', async ({ body }) => {
    const res = await api().post('/api/doctors').set('x-auth-token', as('apotheke')).send(newDoctor(body));
    expect(res.status).toBe(400);
    expect(res.body.errors.every((e: { message: string }) => !/must|should|string/i.test(e.message))).toBe(true);
  });

  it('lets only administrators and the pharmacy pick the practice (403 for the home)', async () => {
    const before = await count(doctors);
    const res = await api().post('/api/doctors').set('x-auth-token', as('heim')).send(newDoctor({ office: bergerOffice }));
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([{ path: 'office', code: 'forbidden', message: MASTERDATA_API_MESSAGES.officeAdminOrPharmacy }]);
    expect(await count(doctors)).toBe(before);
    expect((await api().post('/api/doctors').set('x-auth-token', as('heim')).send(newDoctor())).status).toBe(201);
  });

  it('lets only administrators set the Kundennummer', async () => {
    const refused = await api().post('/api/doctors').set('x-auth-token', as('apotheke')).send(newDoctor({ debtorId: 'K-1' }));
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ path: 'debtorId', code: 'forbidden', message: MASTERDATA_API_MESSAGES.debtorIdAdminOnly }]);
    expect((await created(as('admin'), { debtorId: 'K-1' })).debtorId).toBe('K-1');
  });

  it.each(['arzt', 'fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (name) => {
    expect((await api().post('/api/doctors').set('x-auth-token', as(name)).send(newDoctor())).status).toBe(403);
  });
});

describe('salutation: accepted as "Herr", "Frau", "" or mr / mrs, answered as "Herr", "Frau" or ""', () => {
  const accepted = ACCEPTED_SALUTATIONS;

  it.each(accepted)('POST saves $given as "$answered" and every read answers it so', async ({ given, answered }) => {
    const d = await created(as('apotheke'), { salutation: given });
    expect(d.salutation).toBe(answered);
    const [row] = await database.select({ salutation: doctors.salutation }).from(doctors).where(eq(doctors.id, d._id));
    expect(row!.salutation).toBe(answered);
    expect((await api().get(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke'))).body.salutation).toBe(answered);
    const list = await api().get(`/api/doctors?filter[text]=${d.lastname}`).set('x-auth-token', as('apotheke'));
    expect(list.body.data).toEqual([expect.objectContaining({ _id: d._id, salutation: answered })]);
  });

  it.each(accepted)('PUT saves $given as "$answered"', async ({ given, answered }) => {
    const d = await created(as('apotheke'), { salutation: 'Frau' });
    const res = await api().put(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke')).send({ salutation: given });
    expect(res.status).toBe(200);
    expect(res.body.salutation).toBe(answered);
  });

  const refused = REFUSED_SALUTATIONS;

  it.each(refused)('POST refuses $title with the German message on the field, nothing saved', async ({ salutation }) => {
    const before = await count(doctors);
    const res = await api().post('/api/doctors').set('x-auth-token', as('apotheke')).send(newDoctor({ salutation }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: 'salutation', message: DOCTOR_MESSAGES.salutation }));
    expect(DOCTOR_MESSAGES.salutation).toBe('Bitte wählen Sie als Anrede „Herr“, „Frau“ oder „Nicht angegeben“.');
    expect(await count(doctors)).toBe(before);
  });

  it.each(refused)('PUT refuses $title and keeps the stored salutation', async ({ salutation }) => {
    const d = await created(as('apotheke'), { salutation: 'Frau' });
    const res = await api().put(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke')).send({ salutation });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path: 'salutation', message: DOCTOR_MESSAGES.salutation }));
    expect((await api().get(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke'))).body.salutation).toBe('Frau');
  });

  it('answers the demo doctors and a practice’s doctors in the answered form', async () => {
    const berger = await api().get(`/api/doctors/${demo.arzt.doctor!._id}`).set('x-auth-token', as('apotheke'));
    expect(berger.body).toMatchObject({ lastname: 'Berger', salutation: 'Frau' });
    const office = await api().get(`/api/doctors/offices/${bergerOffice}`).set('x-auth-token', as('apotheke'));
    expect(office.body.doctors).toContainEqual(expect.objectContaining({ lastname: 'Berger', salutation: 'Frau' }));
  });

  it('answers a salutation stored as mr / mrs in the answered form', async () => {
    const d = await created(as('apotheke'), { salutation: '' });
    await database.update(doctors).set({ salutation: 'mr' }).where(eq(doctors.id, d._id));
    expect((await api().get(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke'))).body.salutation).toBe('Herr');
  });
});

describe('PUT /api/doctors/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/doctors/${berger}`).send({})).status).toBe(401);
  });

  it('merges the fields into the stored doctor and checks the result', async () => {
    const d = await created(as('apotheke'));
    const res = await api().put(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke')).send({ city: 'Potsdam', department: 'Chirurgie' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ city: 'Potsdam', expertise: 'Chirurgie', lastname: d.lastname, email: d.email });
    const bad = await api().put(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke')).send({ preferred: 'Fax' });
    expect(bad.body.errors).toEqual([{ path: 'fax', code: 'invalid', message: DOCTOR_MESSAGES.faxRequired }]);
  });

  it('offers E-Mail-Notification, Fax-Notification and NONE for a doctor with login', async () => {
    for (const preferred of ['NONE', 'E-Mail-Notification', 'E-Mail']) {
      const res = await api().put(`/api/doctors/${berger}`).set('x-auth-token', as('admin')).send({ preferred });
      expect({ preferred, status: res.status }).toEqual({ preferred, status: 200 });
    }
  });

  it('lets a practice manager edit the own doctor record, but not the practice or the Kundennummer', async () => {
    const ok = await api().put(`/api/doctors/${berger}`).set('x-auth-token', praxisLeitung.token).send({ phone: '030 2200111', office: bergerOffice, debtorId: '' });
    expect(ok.status).toBe(200);
    expect(ok.body.phone).toBe('030 2200111');
    const office = await api().put(`/api/doctors/${berger}`).set('x-auth-token', praxisLeitung.token).send({ office: otherOffice });
    expect(office.status).toBe(403);
    expect(office.body.errors[0]).toMatchObject({ path: 'office', message: MASTERDATA_API_MESSAGES.officeAdminOrPharmacy });
    const debtor = await api().put(`/api/doctors/${berger}`).set('x-auth-token', praxisLeitung.token).send({ debtorId: 'K-9' });
    expect(debtor.status).toBe(403);
    const [stored] = await database.select().from(doctors).where(eq(doctors.id, berger));
    expect({ office: stored!.officeId, debtorId: stored!.debtorId }).toEqual({ office: bergerOffice, debtorId: '' });
  });

  it('answers a practice manager 404 for another doctor, the plain doctor user 403 for the own record', async () => {
    const other = await created(as('apotheke'));
    expect((await api().put(`/api/doctors/${other._id}`).set('x-auth-token', praxisLeitung.token).send({ city: 'X' })).status).toBe(404);
    expect((await api().put(`/api/doctors/${berger}`).set('x-auth-token', as('arzt')).send({ city: 'X' })).status).toBe(403);
    expect((await api().put(`/api/doctors/${other._id}`).set('x-auth-token', as('heim')).send({ city: 'X' })).status).toBe(403);
  });
});

describe('DELETE /api/doctors/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().delete(`/api/doctors/${NO_ID}`)).status).toBe(401);
  });

  it('deactivates: kept, hidden from the list, its users signed out; reactivated with deactivated=false', async () => {
    const d = await created(as('apotheke'), { lastname: 'Ruhestand' });
    await addUser('praxis.ruhestand', ['ROLE_DOCTOR'], d._id);
    const session = await login(app, 'praxis.ruhestand', PASSWORD);
    const res = await api().delete(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deactivated: true, editable: false, deletable: true });
    expect((await api().get('/api/auth/session').set('x-auth-token', session.token)).status).toBe(401);
    const list = async (q = '') => ((await api().get(`/api/doctors?limit=-1&filter[text]=Ruhestand${q}`).set('x-auth-token', as('apotheke'))).body.data as DoctorDto[]).map((x) => x._id);
    expect(await list()).toEqual([]);
    expect(await list('&filter[deactivated]=1')).toEqual([d._id]);
    expect((await api().put(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke')).send({ city: 'X' })).status).toBe(403);
    expect((await api().put(`/api/doctors/${d._id}`).set('x-auth-token', as('heim')).send({ deactivated: false })).status).toBe(403);
    const back = await api().put(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke')).send({ deactivated: false });
    expect(back.body.deactivated).toBe(false);
    expect(await list()).toEqual([d._id]);
  });

  it.each(['heim', 'arzt', 'fahrer'] as const)('is forbidden for %s', async (name) => {
    const d = await created(as('apotheke'));
    expect((await api().delete(`/api/doctors/${d._id}`).set('x-auth-token', as(name))).status).toBe(403);
    const [stored] = await database.select().from(doctors).where(eq(doctors.id, d._id));
    expect(stored!.deactivatedAt).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

function newOffice(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return { name: `Praxis Nummer ${seq}`, street: 'Hauptweg 1', zip: '10115', city: 'Berlin', preferred: 'phone', phone: '030 100200', ...overrides };
}

describe('GET /api/doctors/offices', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/doctors/offices')).status).toBe(401);
  });

  it('lists the practices with their doctors (limit up to 99999)', async () => {
    const res = await api().get('/api/doctors/offices?limit=99999').set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    const berg = (res.body.data as DoctorOfficeDto[]).find((o) => o._id === bergerOffice)!;
    expect(berg).toMatchObject({ name: 'Praxis Dr. Berger', contact_type: 'mail', preferred: 'mail', image: null });
    expect(berg.doctors.map((d) => d.lastname)).toEqual(expect.arrayContaining(['Berger', 'Krüger']));
    expect(res.body.count).toBe(res.body.data.length);
  });

  it('shows a doctor user only the own practice', async () => {
    const res = await api().get('/api/doctors/offices?limit=-1').set('x-auth-token', as('arzt'));
    expect(res.body.data.map((o: DoctorOfficeDto) => o._id)).toEqual([bergerOffice]);
    expect((await api().get(`/api/doctors/offices/${otherOffice}`).set('x-auth-token', as('arzt'))).status).toBe(404);
    expect((await api().get(`/api/doctors/offices/${bergerOffice}`).set('x-auth-token', as('arzt'))).status).toBe(200);
  });

  it.each(['heim', 'fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (name) => {
    expect((await api().get('/api/doctors/offices').set('x-auth-token', as(name))).status).toBe(403);
  });
});

describe('POST /api/doctors/offices', () => {
  it('requires sign-in', async () => {
    expect((await api().post('/api/doctors/offices').send(newOffice())).status).toBe(401);
  });

  it('creates a practice with its doctors; the contact type travels as preferred', async () => {
    const d = await created(as('apotheke'));
    const res = await api().post('/api/doctors/offices').set('x-auth-token', as('apotheke')).send(newOffice({ preferred: 'fax', fax: '030 100201', doctors: [d._id] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contact_type: 'fax', preferred: 'fax', doctors: [{ _id: d._id }], createdFrom: { username: 'apotheke' } });
    expect((await api().get(`/api/doctors/${d._id}`).set('x-auth-token', as('apotheke'))).body.office).toBe(res.body._id);
  });

  const rules = [
    { title: 'name', body: { name: '' }, path: 'name', message: OFFICE_MESSAGES.name },
    { title: 'street', body: { street: '' }, path: 'street', message: OFFICE_MESSAGES.street },
    { title: 'zip', body: { zip: '' }, path: 'zip', message: OFFICE_MESSAGES.zip },
    { title: 'zip digits', body: { zip: '1011x' }, path: 'zip', message: FIELD_MESSAGES.postalCode },
    { title: 'city', body: { city: '' }, path: 'city', message: OFFICE_MESSAGES.city },
    { title: 'phone by default', body: { preferred: undefined, phone: '' }, path: 'phone', message: OFFICE_MESSAGES.phoneRequired },
    { title: 'mail for mail', body: { preferred: 'mail' }, path: 'mail', message: OFFICE_MESSAGES.mailRequired },
    { title: 'fax for fax', body: { contact_type: 'fax', preferred: undefined }, path: 'fax', message: OFFICE_MESSAGES.faxRequired },
    { title: 'mail pattern', body: { mail: 'praxis@' }, path: 'mail', message: OFFICE_MESSAGES.mail },
    { title: 'existing doctors', body: { doctors: [NO_ID] }, path: 'doctors', message: MASTERDATA_API_MESSAGES.officeDoctorUnknown },
  ];
  it.each(rules)('refuses: $title', async ({ body, path, message }) => {
    const before = await count(doctorOffices);
    const res = await api().post('/api/doctors/offices').set('x-auth-token', as('apotheke')).send(newOffice(body));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ path, message }));
    expect(await count(doctorOffices)).toBe(before);
  });

  it('takes an image as multipart and serves it', async () => {
    const form = newOffice();
    let req = api().post('/api/doctors/offices').set('x-auth-token', as('admin'));
    for (const [k, v] of Object.entries(form)) req = req.field(k, String(v));
    const res = await req.attach('image', PNG, { filename: 'praxis.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.image).toMatch(new RegExp(`^/api/doctors/offices/${res.body._id}/image\\?v=`));
    const img = await api().get(`/api/doctors/offices/${res.body._id}/image`).set('x-auth-token', as('admin'));
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    { title: 'a PDF as image', file: Buffer.from('%PDF-1.4\n%%EOF\n'), status: 415, message: UPLOAD_MESSAGES.image },
    { title: 'text named .png', file: Buffer.from('kein Bild'), status: 415, message: UPLOAD_MESSAGES.image },
    { title: 'an image over 2 MB', file: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), status: 413, message: UPLOAD_MESSAGES.tooLarge },
  ])('refuses $title and saves nothing', async ({ file, status, message }) => {
    const before = await count(doctorOffices);
    let req = api().post('/api/doctors/offices').set('x-auth-token', as('admin'));
    for (const [k, v] of Object.entries(newOffice())) req = req.field(k, String(v));
    const res = await req.attach('image', file, { filename: 'bild.png', contentType: 'image/png' });
    expect(res.status).toBe(status);
    expect(res.body.errors[0].message).toBe(message);
    expect(await count(doctorOffices)).toBe(before);
  });

  it.each(['heim', 'arzt', 'fahrer'] as const)('is forbidden for %s', async (name) => {
    expect((await api().post('/api/doctors/offices').set('x-auth-token', as(name)).send(newOffice())).status).toBe(403);
  });
});

describe('PUT /api/doctors/offices/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().put(`/api/doctors/offices/${bergerOffice}`).send({})).status).toBe(401);
  });

  it('lets a practice manager edit the own practice (not another one, not its doctors)', async () => {
    const ok = await api().put(`/api/doctors/offices/${bergerOffice}`).set('x-auth-token', praxisLeitung.token).send({ phone: '030 2200100' });
    expect(ok.status).toBe(200);
    expect(ok.body.phone).toBe('030 2200100');
    expect((await api().put(`/api/doctors/offices/${otherOffice}`).set('x-auth-token', praxisLeitung.token).send({ phone: '1' })).status).toBe(404);
    const doctorsChange = await api().put(`/api/doctors/offices/${bergerOffice}`).set('x-auth-token', praxisLeitung.token).send({ doctors: [berger] });
    expect(doctorsChange.status).toBe(403);
    expect((await api().put(`/api/doctors/offices/${bergerOffice}`).set('x-auth-token', as('arzt')).send({ phone: '1' })).status).toBe(403);
  });

  it('replaces the doctors when given, and removes the image with image=_delete', async () => {
    const [a, b] = [await created(as('apotheke')), await created(as('apotheke'))];
    let req = api().post('/api/doctors/offices').set('x-auth-token', as('apotheke'));
    for (const [k, v] of Object.entries(newOffice())) req = req.field(k, String(v));
    const office = (await req.field('doctors[]', a._id).attach('image', PNG, { filename: 'p.png', contentType: 'image/png' })).body as DoctorOfficeDto;
    expect(office.doctors.map((d) => d._id)).toEqual([a._id]);
    const res = await api().put(`/api/doctors/offices/${office._id}`).set('x-auth-token', as('apotheke')).send({ doctors: [b._id], image: '_delete' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ image: null, doctors: [{ _id: b._id }] });
    expect((await api().get(`/api/doctors/${a._id}`).set('x-auth-token', as('apotheke'))).body.office).toBeNull();
    expect((await api().get(`/api/doctors/offices/${office._id}/image`).set('x-auth-token', as('apotheke'))).status).toBe(404);
  });
});

describe('DELETE /api/doctors/offices/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().delete(`/api/doctors/offices/${NO_ID}`)).status).toBe(401);
  });

  it('deletes the practice; its doctors stay without a practice', async () => {
    const d = await created(as('apotheke'));
    const office = (await api().post('/api/doctors/offices').set('x-auth-token', as('apotheke')).send(newOffice({ doctors: [d._id] }))).body as DoctorOfficeDto;
    const res = await api().delete(`/api/doctors/offices/${office._id}`).set('x-auth-token', as('apotheke'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, _id: office._id });
    const [stored] = await database.select().from(doctors).where(eq(doctors.id, d._id));
    expect(stored!.officeId).toBeNull();
    expect((await api().get(`/api/doctors/offices/${office._id}`).set('x-auth-token', as('apotheke'))).status).toBe(404);
  });

  it('is forbidden for the practice manager, the doctor and the home', async () => {
    expect((await api().delete(`/api/doctors/offices/${bergerOffice}`).set('x-auth-token', praxisLeitung.token)).status).toBe(403);
    expect((await api().delete(`/api/doctors/offices/${bergerOffice}`).set('x-auth-token', as('arzt'))).status).toBe(403);
    expect((await api().delete(`/api/doctors/offices/${bergerOffice}`).set('x-auth-token', as('heim'))).status).toBe(403);
    expect((await database.select().from(doctorOffices).where(eq(doctorOffices.id, bergerOffice))).length).toBe(1);
  });
});

describe("a deactivated doctor's users cannot sign in until it is reactivated", () => {
  it('refuses new sign-ins like a wrong password and ends open sessions; reactivation lets them in again', async () => {
    const [doctor] = await database
      .insert(doctors)
      .values({ title: 'Dr.', firstname: 'Sina', lastname: 'Sperre', email: 'praxis@dr-sperre.de' })
      .returning({ id: doctors.id });
    await database.insert(users).values({ username: 'sperre.arzt', passwordHash: await hash(PASSWORD), roles: ['ROLE_DOCTOR'], doctorId: doctor!.id });
    const before = await login(app, 'sperre.arzt', PASSWORD);

    expect((await api().delete(`/api/doctors/${doctor!.id}`).set('x-auth-token', demo.admin.token)).status).toBe(200);
    const refused = await api().post('/api/auth').send({ username: 'sperre.arzt', password: PASSWORD });
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].message).toBe(API_MESSAGES.badCredentials);
    expect((await api().get('/api/auth/session').set('x-auth-token', before.token)).status).toBe(401);

    expect((await api().put(`/api/doctors/${doctor!.id}`).set('x-auth-token', demo.admin.token).send({ deactivated: false })).status).toBe(200);
    expect((await api().post('/api/auth').send({ username: 'sperre.arzt', password: PASSWORD })).status).toBe(200);
  });
});

describe('one unit of work per change: a failing audit row rolls back the earlier writes', () => {
  it('doctor creation: no doctor without its audit row', async () => {
    const before = await count(doctors);
    const body = newDoctor();
    const res = await whileAuditFails(database, 'doctor.create', () => api().post('/api/doctors').set('x-auth-token', as('apotheke')).send(body));
    expect(res.status).toBe(500);
    expect(await count(doctors)).toBe(before);
    expect(await database.select().from(doctors).where(eq(doctors.lastname, body.lastname))).toEqual([]);
  });

  it('doctor deactivation: the doctor stays active and its users stay signed in', async () => {
    const d = await created(as('apotheke'));
    const userId = await addUser('arzt.rueckabwicklung', ['ROLE_DOCTOR'], d._id);
    const session = await login(app, 'arzt.rueckabwicklung', PASSWORD);
    const res = await whileAuditFails(database, 'doctor.deactivate', () => api().delete(`/api/doctors/${d._id}`).set('x-auth-token', as('admin')));
    expect(res.status).toBe(500);
    const [stored] = await database.select({ deactivatedAt: doctors.deactivatedAt }).from(doctors).where(eq(doctors.id, d._id));
    expect(stored!.deactivatedAt).toBeNull();
    expect((await database.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, userId))).map((r) => r.revokedAt)).toEqual([null]);
    expect((await api().get('/api/auth/session').set('x-auth-token', session.token)).status).toBe(200);
  });

  it('practice delete: the practice stays and keeps its doctors', async () => {
    const d = await created(as('apotheke'));
    const office = (await api().post('/api/doctors/offices').set('x-auth-token', as('apotheke')).send(newOffice({ doctors: [d._id] }))).body as DoctorOfficeDto;
    const res = await whileAuditFails(database, 'doctor_office.delete', () => api().delete(`/api/doctors/offices/${office._id}`).set('x-auth-token', as('apotheke')));
    expect(res.status).toBe(500);
    expect((await database.select().from(doctorOffices).where(eq(doctorOffices.id, office._id))).length).toBe(1);
    const [stored] = await database.select({ officeId: doctors.officeId }).from(doctors).where(eq(doctors.id, d._id));
    expect(stored!.officeId).toBe(office._id);
    expect((await database.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, office._id))).map((a) => a.action)).toEqual(['doctor_office.create']);
  });
});
