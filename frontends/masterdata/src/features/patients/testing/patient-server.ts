// Test helpers of the patient screens: an in-memory patient API at the network boundary (typed by
// the contracts' ApiMap through fakeApi), sample homes and patients, and sign-in records.
import { type AuthRecord, type HomeDto, type PatientDto, type Role, type TaskDto } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { PATIENT_MESSAGES, personSalutation } from '@mediport/validation';
import { fail, fakeApi, type RecordedCall } from '../../../../../common/test-utils';
import { demoAuth } from '../../../../../common/demo-auth';
import { group, makeHome } from '../../homes/home-test-server';

export const HOME_A = '11111111-1111-4111-8111-111111111111';
export const HOME_B = '22222222-2222-4222-8222-222222222222';
export const GROUP_A1 = 'a1a1a1a1-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
export const GROUP_A2 = 'a2a2a2a2-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
export const GROUP_B1 = 'b1b1b1b1-bbbb-4bbb-8bbb-bbbbbbbbbbb1';
export const P1 = '0000000a-0000-4000-8000-000000000001';
export const P2 = '0000000a-0000-4000-8000-000000000002';
export const P3 = '0000000a-0000-4000-8000-000000000003';
export const UNKNOWN = '0000000a-0000-4000-8000-00000000dead';

/** A home of the lookup with its living areas (the home screens' fixture). */
const home = (_id: string, name: string, groups: [string, string][]): HomeDto =>
  makeHome({ _id, name, homeGroups: groups.map(([id, n]) => group(id, n, _id)), senderEditable: false, groupsEditable: false });

export const HOMES: HomeDto[] = [
  home(HOME_A, 'Haus Sonnenblick', [
    [GROUP_A1, 'Wohnbereich Rosen'],
    [GROUP_A2, 'Wohnbereich Tulpen'],
  ]),
  home(HOME_B, 'Seniorenresidenz Am Park', [[GROUP_B1, 'Parkflügel']]),
];

const homeOf = (id: string | null) => HOMES.find((h) => h._id === id);

/** A patient as GET /api/patients answers it for an administrator. */
export function makePatient(overrides: Partial<PatientDto> = {}): PatientDto {
  const p: PatientDto = {
    _id: P1,
    salutation: 'Frau',
    title: '',
    firstname: 'Anna',
    lastname: 'Müller',
    dateOfBirth: '12.03.1941',
    street: 'Gartenweg 3',
    postalCode: '10115',
    city: 'Berlin',
    country: 'Deutschland',
    homepatient: true,
    deceased: false,
    home: HOME_A,
    homeGroup: GROUP_A1,
    homeDetails: null,
    homeGroupDetails: null,
    deactivated: false,
    seen: ['u1'],
    editable: true,
    deletable: true,
    createdAt: '2026-02-01T08:15:00.000Z',
    modifiedAt: '2026-02-03T09:30:00.000Z',
    createdFrom: { _id: 'u9', username: 'admin' },
    modifiedFrom: { _id: 'u8', username: 'pflege' },
    ...overrides,
  };
  return withDetails(p);
}

/** Fills the home and living-area names as the server does. */
function withDetails(p: PatientDto): PatientDto {
  const h = homeOf(p.home);
  const g = h?.homeGroups.find((x) => x._id === p.homeGroup);
  return { ...p, homepatient: p.home !== null, homeDetails: h ? { _id: h._id, name: h.name } : null, homeGroupDetails: g ? { _id: g._id, name: g.name, home: g.home } : null };
}

export const PATIENTS: PatientDto[] = [
  makePatient(),
  makePatient({ _id: P2, salutation: 'Herr', firstname: 'Bernd', lastname: 'Schulz', dateOfBirth: '01.07.1938', home: HOME_B, homeGroup: GROUP_B1, seen: [] }),
  makePatient({ _id: P3, salutation: '', firstname: 'Clara', lastname: 'Weber', dateOfBirth: '24.12.1950', home: null, homeGroup: null, deactivated: true, editable: false }),
];

/** Signs in with the real default matrix; a home user belongs to Haus Sonnenblick. */
export function authOf(roles: Role[]): AuthRecord {
  const auth = demoAuth(roles);
  return roles.includes('ROLE_HOME') ? { ...auth, home: { _id: HOME_A, name: 'Haus Sonnenblick' } } : auth;
}

/**
 * An in-memory patient API; every call is recorded in `calls`. `homes`: what GET /api/homes answers
 * the caller; `activeHomes`: the homes a save may name (others are refused at the field "home");
 * `tasks`: the orders GET /api/tasks pages through ("Letzte Aufträge").
 */
export function patientServer(
  initial: PatientDto[] = PATIENTS,
  { homes = HOMES, activeHomes = HOMES, tasks = [] }: { homes?: HomeDto[]; activeHomes?: HomeDto[]; tasks?: TaskDto[] } = {},
) {
  const store = initial.map((p) => ({ ...p }));
  const find = (id: string) => store.find((p) => p._id === id);
  let created = 0;
  const calls = fakeApi({
    'GET /api/patients': ({ url }) => {
      const q = url.searchParams;
      const words = (q.get('filter[text]') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const deactivated = q.get('filter[deactivated]') ?? '0';
      const hits = store.filter(
        (p) =>
          words.every((w) => `${p.firstname} ${p.lastname}`.toLowerCase().includes(w)) &&
          (!q.get('filter[home]') || p.home === q.get('filter[home]')) &&
          (!q.get('filter[homeGroup]') || p.homeGroup === q.get('filter[homeGroup]')) &&
          (q.get('filter[notSeen]') !== '1' || p.seen.length === 0) &&
          (deactivated === 'all' || p.deactivated === (deactivated === '1')),
      );
      const offset = Number(q.get('offset') ?? 0);
      return { data: hits.slice(offset, offset + Number(q.get('limit') ?? 25)), count: hits.length };
    },
    'GET /api/patients/duplicates': ({ url }) => {
      const q = url.searchParams;
      const same = (a: string, b: string | null) => a.trim().toLowerCase() === (b ?? '').trim().toLowerCase();
      const data = store.filter(
        (p) => p._id !== q.get('exclude') && same(p.firstname, q.get('firstname')) && same(p.lastname, q.get('lastname')) && p.dateOfBirth === q.get('dateOfBirth'),
      );
      return { data, count: data.length, message: data.length ? PATIENT_MESSAGES.duplicate : null };
    },
    'GET /api/patients/:id': ({ params }) => {
      const p = find(params.id!);
      if (!p) return fail(404, 'Nicht gefunden.');
      p.seen = ['u1'];
      return p;
    },
    'POST /api/patients': ({ body }) => {
      if (body.home && !activeHomes.some((h) => h._id === body.home)) return fail(400, MASTERDATA_API_MESSAGES.homeUnknown, 'home');
      created += 1;
      const p = makePatient({ ...body, salutation: personSalutation(body.salutation ?? '') ?? '', _id: `0000000b-0000-4000-8000-00000000000${created}`, home: body.home || null, homeGroup: body.homeGroup || null, seen: ['u1'] });
      store.push(p);
      return p;
    },
    'PUT /api/patients/:id': ({ params, body }) => {
      const p = find(params.id!);
      if (!p) return fail(404, 'Nicht gefunden.');
      const { deactivated, home, homeGroup, salutation, ...fields } = body;
      Object.assign(p, fields);
      if (salutation !== undefined) p.salutation = personSalutation(salutation) ?? '';
      if (home !== undefined) p.home = home || null;
      if (homeGroup !== undefined) p.homeGroup = homeGroup || null;
      if (deactivated !== undefined) p.deactivated = deactivated;
      p.editable = !p.deactivated;
      Object.assign(p, withDetails(p));
      return p;
    },
    'DELETE /api/patients/:id': ({ params }) => {
      const p = find(params.id!);
      if (!p) return fail(404, 'Nicht gefunden.');
      p.deactivated = true;
      p.editable = false;
      return p;
    },
    'GET /api/homes': { data: homes, count: homes.length },
    // "Letzte Aufträge": the patient's orders, one page.
    'GET /api/tasks': ({ url }) => {
      const q = url.searchParams;
      const hits = tasks.filter((t) => t.patient === q.get('filter[patient]'));
      const offset = Number(q.get('offset') ?? 0);
      return { data: hits.slice(offset, offset + Number(q.get('limit') ?? 50)), count: hits.length };
    },
    'PUT /api/statistics/patient_read_all': () => {
      for (const p of store) p.seen = ['u1'];
      return { kind: 'patient', at: '2026-03-01T10:00:00.000Z' };
    },
  });
  return { calls, store };
}

export type PatientCalls = RecordedCall[];

/** The query of the last call to `path`. */
export function lastQuery(calls: PatientCalls, method: string, path: string): Record<string, string> {
  const call = calls.filter((c) => c.method === method && new URL(c.url, 'http://localhost').pathname === path).at(-1);
  return call ? Object.fromEntries(new URL(call.url, 'http://localhost').searchParams) : {};
}

/** Calls with this method and path. */
export const callsTo = (calls: PatientCalls, method: string, path: string) => calls.filter((c) => c.method === method && new URL(c.url, 'http://localhost').pathname === path);
