// Test support of the doctor and practice screens: records shaped like the API's, a small
// in-memory API at the network boundary (the typed fake network) and the app rendered at a route.
import type { DoctorDto, DoctorOfficeDto, Role } from '@mediport/contracts';
import { setAuth } from '@mediport/api-client';
import { fail, fakeApi, renderApp, type FakeApiRoutes, type RecordedCall } from '../../../../common/test-utils';
import { demoAuth } from '../../../../common/demo-auth';
import App from '../../App';
import { ToastBridge } from '../../shared/test-harness';

export const ID = {
  berg: '11111111-1111-4111-8111-111111111111',
  cohn: '22222222-2222-4222-8222-222222222222',
  wolf: '33333333-3333-4333-8333-333333333333',
  praxisMitte: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  praxisNord: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
} as const;

const AUDIT = {
  createdAt: '2026-03-02T09:15:00.000Z',
  modifiedAt: '2026-03-05T14:30:00.000Z',
  createdFrom: { _id: 'u-admin', username: 'admin' },
  modifiedFrom: { _id: 'u-pharma', username: 'apotheke' },
};

export function doctorDto(overrides: Partial<DoctorDto> = {}): DoctorDto {
  const expertise = overrides.expertise ?? 'Allgemeinmedizin';
  return {
    _id: ID.berg,
    salutation: 'Frau',
    title: 'Dr.',
    firstname: 'Anna',
    lastname: 'Berg',
    expertise,
    department: expertise,
    street: 'Hauptstraße 1',
    postalCode: '10115',
    city: 'Berlin',
    country: 'Deutschland',
    office: ID.praxisMitte,
    officeDetails: { _id: ID.praxisMitte, name: 'Praxis Mitte' },
    email: 'berg@praxis-mitte.de',
    fax: '030 1234567',
    phone: '',
    preferred: 'Fax',
    debtorId: 'K-100',
    withLogin: false,
    deactivated: false,
    seen: ['u1'],
    editable: true,
    deletable: true,
    ...AUDIT,
    ...overrides,
  };
}

export const DOCTORS: DoctorDto[] = [
  doctorDto(),
  doctorDto({
    _id: ID.cohn,
    salutation: 'Herr',
    title: '',
    firstname: 'Ben',
    lastname: 'Cohn',
    expertise: 'Kardiologie',
    department: 'Kardiologie',
    office: null,
    officeDetails: null,
    email: 'cohn@example.de',
    fax: '',
    preferred: 'E-Mail',
    debtorId: '',
    seen: [],
  }),
  doctorDto({ _id: ID.wolf, title: '', firstname: 'Clara', lastname: 'Wolf', expertise: 'Neurologie', department: 'Neurologie', deactivated: true, editable: false }),
];

export function officeDto(overrides: Partial<DoctorOfficeDto> = {}): DoctorOfficeDto {
  const contact = overrides.contact_type ?? 'phone';
  return {
    _id: ID.praxisMitte,
    name: 'Praxis Mitte',
    street: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    image: null,
    contact_type: contact,
    preferred: contact,
    phone: '030 111222',
    mail: 'info@praxis-mitte.de',
    fax: '030 111223',
    doctors: [{ _id: ID.berg, salutation: 'Frau', title: 'Dr.', firstname: 'Anna', lastname: 'Berg', expertise: 'Allgemeinmedizin', deactivated: false }],
    editable: true,
    deletable: true,
    ...AUDIT,
    ...overrides,
  };
}

export const OFFICES: DoctorOfficeDto[] = [
  officeDto(),
  officeDto({ _id: ID.praxisNord, name: 'Praxis Nord', street: 'Nordweg 5', zip: '20095', city: 'Hamburg', contact_type: 'fax', preferred: 'fax', doctors: [], deletable: false }),
];

const NOT_FOUND = 'Der Datensatz wurde nicht gefunden.';

export const EXPERTISES = ['Allgemeinmedizin', 'Kardiologie', 'Neurologie'];

/**
 * The doctors and practices API in memory: lists with the filters the screens send, the records,
 * writes that answer the stored record. `routes` replaces single answers (e.g. a server refusal).
 */
export function doctorServer({ doctors = DOCTORS, offices = OFFICES, routes = {} }: { doctors?: DoctorDto[]; offices?: DoctorOfficeDto[]; routes?: FakeApiRoutes } = {}) {
  const store = doctors.map((d) => ({ ...d }));
  const officeStore = offices.map((o) => ({ ...o }));
  const calls = fakeApi({
    'GET /api/doctors': ({ url }) => {
      const q = url.searchParams;
      const text = (q.get('filter[text]') ?? '').toLowerCase();
      const expertises = (q.get('filter[expertises]') ?? '').split(',').filter(Boolean);
      const deactivated = q.get('filter[deactivated]') ?? '0';
      const hits = store.filter(
        (d) =>
          `${d.firstname} ${d.lastname}`.toLowerCase().includes(text) &&
          (!expertises.length || expertises.includes(d.expertise)) &&
          (q.get('filter[notSeen]') !== '1' || d.seen.length === 0) &&
          (deactivated === 'all' || d.deactivated === (deactivated === '1')),
      );
      const limit = Number(q.get('limit') ?? 25);
      const offset = Number(q.get('offset') ?? 0);
      return { data: limit === -1 ? hits : hits.slice(offset, offset + limit), count: hits.length };
    },
    'GET /api/doctors/expertises': { data: EXPERTISES, count: EXPERTISES.length },
    'GET /api/doctors/:id': ({ params }) => store.find((d) => d._id === params.id) ?? fail(404, NOT_FOUND),
    'POST /api/doctors': ({ body }) => {
      const created = doctorDto({ ...body, _id: '44444444-4444-4444-8444-444444444444', officeDetails: null, seen: ['u1'] } as Partial<DoctorDto>);
      store.push(created);
      return created;
    },
    'PUT /api/doctors/:id': ({ params, body }) => {
      const d = store.find((x) => x._id === params.id)!;
      Object.assign(d, body);
      if (body.deactivated === false) d.editable = true;
      return d;
    },
    'DELETE /api/doctors/:id': ({ params }) => {
      const d = store.find((x) => x._id === params.id)!;
      Object.assign(d, { deactivated: true, editable: false });
      return d;
    },
    'PUT /api/statistics/doctor_read_all': () => {
      for (const d of store) d.seen = ['u1'];
      return { kind: 'doctor', at: '2026-03-06T10:00:00.000Z' };
    },
    'GET /api/doctors/offices': ({ url }) => {
      const text = (url.searchParams.get('filter[text]') ?? '').toLowerCase();
      const hits = officeStore.filter((o) => o.name.toLowerCase().includes(text));
      return { data: hits, count: hits.length };
    },
    'GET /api/doctors/offices/:id': ({ params }) => officeStore.find((o) => o._id === params.id) ?? fail(404, NOT_FOUND),
    'POST /api/doctors/offices': ({ body }) => {
      const fields = body instanceof FormData ? (Object.fromEntries(body) as Record<string, string>) : body;
      const created = officeDto({ _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', name: String(fields.name), doctors: [] });
      officeStore.push(created);
      return created;
    },
    'PUT /api/doctors/offices/:id': ({ params }) => officeStore.find((o) => o._id === params.id)!,
    'DELETE /api/doctors/offices/:id': ({ params }) => {
      officeStore.splice(
        officeStore.findIndex((o) => o._id === params.id),
        1,
      );
      return { success: true, _id: params.id };
    },
    ...routes,
  });
  return { calls, store, officeStore };
}

/** Signs in with `roles` (the default rights matrix) and renders the masterdata remote at `route`. */
export function show(roles: Role[], route: string) {
  setAuth(demoAuth(roles));
  return renderApp(
    <>
      <ToastBridge />
      <App />
    </>,
    { route },
  );
}

/** The query of the last call to `path` (e.g. '/api/doctors'). */
export function lastQuery(calls: RecordedCall[], path: string): Record<string, string> {
  const call = calls.filter((c) => c.method === 'GET' && new URL(c.url, 'http://localhost').pathname === path).at(-1);
  return call ? Object.fromEntries(new URL(call.url, 'http://localhost').searchParams) : {};
}

/** The calls with this method and path. */
export const callsTo = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && new URL(c.url, 'http://localhost').pathname === path);

/** Clears every cookie (the questions' suppression cookies). */
export function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

/**
 * Answers the practices' image requests (GET …/image, fetched with the session token) on top of
 * the fake API, which speaks JSON only; every other request goes on to the fake API.
 */
export function answerImages() {
  const api = globalThis.fetch;
  const images: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!new URL(url, 'http://localhost').pathname.endsWith('/image')) return api(input, init);
    images.push(url);
    return { ok: true, status: 200, blob: async () => new Blob(['png'], { type: 'image/png' }) } as unknown as Response;
  }) as typeof fetch;
  URL.createObjectURL = () => 'blob:office-image';
  URL.revokeObjectURL = () => undefined;
  return images;
}
