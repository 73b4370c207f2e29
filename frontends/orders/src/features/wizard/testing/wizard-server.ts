// Test helpers of the order wizard: an in-memory API at the network boundary (typed by the
// contracts' ApiMap through fakeApi) with patients, homes, doctors, orders and the order rules of
// libs/validation (as the server runs them), plus sign-in records with the real default matrix.
import { TASK_MESSAGES, type AuthRecord, type PastMedicineDto, type Role, type TaskDto } from '@mediport/contracts';
import { berlinToday, checkOrder, PATIENT_MESSAGES, personSalutation } from '@mediport/validation';
import { fail, fakeApi, type FakeApiRoutes, type RecordedCall } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { aDoctor, aTask } from '../../list/testing/task-fixtures';
// The patients and homes of the master-data screens' tests (Anna Müller in Haus Sonnenblick, Wohnbereich Rosen).
import { GROUP_A1, HOME_A, HOMES, makePatient, P1, P2 } from '../../../../../masterdata/src/features/patients/testing/patient-server';

export const P_ANNA = P1;
/** A patient without a living area (type 3 is refused for him). */
export const P_BERND = P2;
export const D_BERG = 'd0000000-0000-4000-8000-000000000001';
export const D_OWN = 'd0000000-0000-4000-8000-000000000002';
export const T_OLD = 't0000000-0000-4000-8000-000000000001';

const HOME_A_REF = { _id: HOME_A, name: 'Haus Sonnenblick' };

/** A sent salutation in the form the server saves it ('mr' → 'Herr'); nothing when none was sent. */
const saved = (salutation: string | undefined) => (salutation === undefined ? {} : { salutation: personSalutation(salutation) ?? '' });
export const PATIENTS = [
  makePatient({ _id: P_ANNA, homeDetails: HOME_A_REF, homeGroupDetails: { _id: GROUP_A1, name: 'Wohnbereich Rosen', home: HOME_A } }),
  makePatient({ _id: P_BERND, firstname: 'Bernd', lastname: 'Schulz', dateOfBirth: '01.07.1938', homeGroup: null, homeDetails: HOME_A_REF }),
];

export const DOCTORS = [aDoctor({ _id: D_BERG, firstname: 'Anna', lastname: 'Berg', city: 'Berlin' })];

/** An order of Anna Müller's, finished, by Dr. Berg. */
export function makeTask(overrides: Partial<TaskDto> = {}): TaskDto {
  return aTask({
    _id: T_OLD,
    status: 'finished',
    medicine: 'Ibuprofen 400',
    dose: '1-0-1',
    patient: P_ANNA,
    doctor: D_BERG,
    home: HOME_A,
    latestDelivery: '01.02.2026',
    patientDetails: { _id: P_ANNA, firstname: 'Anna', lastname: 'Müller', dateOfBirth: '12.03.1941' },
    homeDetails: { _id: HOME_A, name: 'Haus Sonnenblick' },
    doctorDetails: { _id: D_BERG, title: 'Dr.', firstname: 'Anna', lastname: 'Berg', email: 'berg@praxis.de', fax: '' },
    createdAt: '2026-01-20T10:00:00.000Z',
    ...overrides,
  });
}

export const PAST_MEDICINES: PastMedicineDto[] = [
  { medicine: 'Ibuprofen 400', dose: '1-0-1', group: 'medicine', type: 2, amount: 3, doctor: { _id: D_BERG, title: 'Dr.', firstname: 'Anna', lastname: 'Berg' }, orders: 3, lastOrderedAt: '2026-01-20T10:00:00.000Z' },
  { medicine: 'Pantoprazol 20', dose: '1-0-0', group: 'medicine', type: 1, amount: 1, doctor: null, orders: 1, lastOrderedAt: '2025-12-01T10:00:00.000Z' },
];

/** Signs in with the real default matrix; a home user belongs to Haus Sonnenblick, a doctor user to Dr. Berg's own practice. */
export function authOf(roles: Role[], opts: { hasContract?: boolean } = {}): AuthRecord {
  const auth = demoAuth(roles, opts);
  if (roles.includes('ROLE_HOME')) return { ...auth, home: { _id: HOME_A, name: 'Haus Sonnenblick' } };
  if (roles.includes('ROLE_DOCTOR')) return { ...auth, doctor: { _id: D_OWN, title: 'Dr.', firstname: 'Olaf', lastname: 'Eigen', email: 'eigen@praxis.de' } };
  return auth;
}

/**
 * The in-memory API of the wizard. POST/PUT /api/tasks run `checkOrder` of libs/validation and
 * the patient/doctor checks as the server does; `routes` overrides single answers.
 */
export function wizardServer({ tasks = [makeTask()], routes = {} }: { tasks?: TaskDto[]; routes?: FakeApiRoutes } = {}) {
  const patients = PATIENTS.map((p) => ({ ...p }));
  const doctors = DOCTORS.map((d) => ({ ...d }));
  const store = tasks.map((t) => ({ ...t }));
  let n = 0;
  const nextId = (prefix: string) => `${prefix}0000000-0000-4000-8000-00000000010${++n}`;

  const write = (body: Partial<TaskDto>, base?: TaskDto) => {
    const t = { ...(base ?? makeTask({ _id: nextId('e'), status: 'new', latestDelivery: '', createdAt: '2026-03-01T10:00:00.000Z' })), ...body };
    const patient = patients.find((p) => p._id === t.patient);
    const { errors } = checkOrder({ ...t, patientHasHomeGroup: patient ? !!patient.homeGroup : undefined }, { today: berlinToday(), checkPast: !base || body.latestDelivery !== base.latestDelivery });
    if (!patient) errors.push({ path: 'patient', message: TASK_MESSAGES.patientUnknown });
    if (t.doctor && !doctors.some((d) => d._id === t.doctor) && t.doctor !== D_OWN) errors.push({ path: 'doctor', message: TASK_MESSAGES.doctorUnknown });
    return { t, errors };
  };

  const calls = fakeApi({
    'GET /api/patients': ({ url }) => {
      const words = (url.searchParams.get('filter[text]') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const hits = patients.filter((p) => words.every((w) => `${p.firstname} ${p.lastname}`.toLowerCase().includes(w)));
      return { data: hits, count: hits.length };
    },
    'GET /api/patients/duplicates': ({ url }) => {
      const q = url.searchParams;
      const data = patients.filter((p) => p.lastname.toLowerCase() === q.get('lastname')?.toLowerCase() && p.firstname.toLowerCase() === q.get('firstname')?.toLowerCase() && p.dateOfBirth === q.get('dateOfBirth'));
      return { data, count: data.length, message: data.length ? PATIENT_MESSAGES.duplicate : null };
    },
    'GET /api/patients/:id': ({ params }) => patients.find((p) => p._id === params.id) ?? fail(404, 'Nicht gefunden.'),
    'POST /api/patients': ({ body: { salutation, ...body } }) => {
      const p = makePatient({ ...body, _id: nextId('b'), ...saved(salutation), home: body.home || null, homeGroup: body.homeGroup || null });
      patients.push(p);
      return p;
    },
    'GET /api/patients/:id/medicine': ({ params }) => (params.id === P_ANNA ? { data: PAST_MEDICINES, count: PAST_MEDICINES.length } : { data: [], count: 0 }),
    'GET /api/homes': { data: HOMES, count: HOMES.length },
    'GET /api/doctors': ({ url }) => {
      const text = (url.searchParams.get('filter[text]') ?? '').toLowerCase();
      const hits = doctors.filter((d) => `${d.firstname} ${d.lastname}`.toLowerCase().includes(text));
      return { data: hits, count: hits.length };
    },
    'POST /api/doctors': ({ body: { salutation, ...body } }) => {
      if (!body.lastname) return fail(400, 'Nachname ist erforderlich', 'lastname');
      const d = aDoctor({ ...body, _id: nextId('d'), ...saved(salutation) });
      doctors.push(d);
      return d;
    },
    'GET /api/tasks/medicine': { data: ['Ibuprofen 400', 'Insulin'], count: 2 },
    'GET /api/tasks/dosage': { data: ['1-0-1', '0-0-1'], count: 2 },
    'GET /api/tasks': ({ url }) => {
      const hits = store.filter((t) => t.patient === url.searchParams.get('filter[patient]'));
      return { data: hits, count: hits.length };
    },
    'GET /api/tasks/:id': ({ params }) => store.find((t) => t._id === params.id) ?? fail(404, 'Nicht gefunden.'),
    'POST /api/tasks': ({ body }) => {
      const { t, errors } = write(body as Partial<TaskDto>);
      if (errors.length) return fail(400, errors[0]!.message, errors[0]!.path);
      store.push(t);
      return t;
    },
    'PUT /api/tasks/:id': ({ params, body }) => {
      const base = store.find((t) => t._id === params.id);
      if (!base) return fail(404, 'Nicht gefunden.');
      const { t, errors } = write(body as Partial<TaskDto>, base);
      if (errors.length) return fail(400, errors[0]!.message, errors[0]!.path);
      Object.assign(base, t);
      return base;
    },
    ...routes,
  });
  return { calls, store, patients, doctors };
}

/** Calls with this method and path. */
export const callsTo = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && new URL(c.url, 'http://localhost').pathname === path);
