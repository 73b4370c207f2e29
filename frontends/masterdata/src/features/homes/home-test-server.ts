// Test helpers of the home screens: an in-memory home API at the network boundary (typed by the
// contracts' ApiMap through fakeApi) and the home routes rendered for a role.
import { API_MESSAGES, HOME_GROUP_IN_USE_CODE, type HomeDto, type HomeGroupDto, type HomeWriteRequest, type Role } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { fail, fakeApi } from '../../../../common/test-utils';
import { demoAuth } from '../../../../common/demo-auth';
import { preloadPages } from '@mediport/ui';
import { renderRoutes } from '../../shared/test-harness';
import { homesRoutes } from '../../routes';

export const HOME_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_ID = '22222222-2222-4222-8222-222222222222';
export const GROUP_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const GROUP_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export const group = (id: string, name: string, home: string, patients = 0): HomeGroupDto => ({ _id: id, name, home, patients });

/** A home as GET /api/homes answers it for an administrator. */
export function makeHome(overrides: Partial<HomeDto> = {}): HomeDto {
  return {
    _id: HOME_ID,
    name: 'Haus Sonnenblick',
    company: 'Sonnenblick gGmbH',
    firstname: 'Maria',
    lastname: 'Lehmann',
    email: 'info@sonnenblick.de',
    fax: '030 1234567',
    phone: '030 1234560',
    street: 'Lindenallee 4',
    postalCode: '10115',
    city: 'Berlin',
    country: 'Deutschland',
    logo: null,
    debtorId: 'K-1001',
    senderName: '',
    senderPhone: '',
    senderFax: '',
    homeGroups: [group(GROUP_A, 'Wohnbereich A', HOME_ID, 3), group(GROUP_B, 'Wohnbereich B', HOME_ID)],
    withLogin: true,
    selfPay: false,
    canSendTasks: true,
    deactivated: false,
    seen: ['u1'],
    editable: true,
    deletable: true,
    senderEditable: true,
    groupsEditable: true,
    createdAt: '2026-01-05T09:00:00.000Z',
    modifiedAt: '2026-01-06T10:30:00.000Z',
    createdFrom: { _id: 'u9', username: 'admin' },
    modifiedFrom: { _id: 'u9', username: 'admin' },
    ...overrides,
  };
}

/** The fields of a JSON or multipart body (a file stays a File). */
export function bodyFields(body: unknown): Record<string, unknown> {
  return body instanceof FormData ? Object.fromEntries(body.entries()) : { ...(body as object) };
}

/** An in-memory home API; every call is recorded in `calls`. */
export function homeServer(initial: HomeDto[] = [makeHome()]) {
  const store = initial.map((h) => ({ ...h, homeGroups: h.homeGroups.map((g) => ({ ...g })) }));
  const find = (id: string) => store.find((h) => h._id === id);
  /** A refusal the next POST or PUT of a home answers with (server field errors). */
  const control: { refuseNextWrite: ReturnType<typeof fail> | null } = { refuseNextWrite: null };
  const refusal = () => {
    const out = control.refuseNextWrite;
    control.refuseNextWrite = null;
    return out;
  };
  const calls = fakeApi({
    'GET /api/homes': ({ url }) => {
      const q = url.searchParams;
      const text = (q.get('filter[text]') ?? '').toLowerCase();
      const deactivated = q.get('filter[deactivated]') ?? '0';
      const hits = store.filter(
        (h) =>
          h.name.toLowerCase().includes(text) &&
          (q.get('filter[notSeen]') !== '1' || h.seen.length === 0) &&
          (deactivated === 'all' || h.deactivated === (deactivated === '1')),
      );
      const offset = Number(q.get('offset') ?? 0);
      return { data: hits.slice(offset, offset + Number(q.get('limit') ?? 25)), count: hits.length };
    },
    'GET /api/homes/:id': ({ params }) => find(params.id!) ?? fail(404, API_MESSAGES.notFound),
    'POST /api/homes': ({ body }) => {
      const refused = refusal();
      if (refused) return refused;
      const created = makeHome({ ...(bodyFields(body) as Partial<HomeDto>), _id: OTHER_ID, homeGroups: [], senderEditable: false });
      store.push(created);
      return created;
    },
    'PUT /api/homes/:id': ({ params, body }) => {
      const home = find(params.id!);
      if (!home) return fail(404, API_MESSAGES.notFound);
      const refused = refusal();
      if (refused) return refused;
      const { deactivated, logo, ...fields } = bodyFields(body) as HomeWriteRequest & { logo?: unknown };
      Object.assign(home, fields);
      if (deactivated === false || deactivated === 'false') Object.assign(home, { deactivated: false, editable: true });
      if (logo !== undefined) home.logo = logo === '_delete' ? null : `/api/homes/${home._id}/logo?v=12345678`;
      return home;
    },
    'DELETE /api/homes/:id': ({ params }) => {
      const home = find(params.id!);
      if (!home) return fail(404, API_MESSAGES.notFound);
      Object.assign(home, { deactivated: true, editable: false });
      return home;
    },
    'POST /api/homes/:id/groups': ({ params, body }) => {
      const home = find(params.id!)!;
      if (home.homeGroups.some((g) => g.name === body.name)) return fail(400, MASTERDATA_API_MESSAGES.homeGroupTaken, 'name');
      const created = group(`cccccccc-cccc-4ccc-8ccc-${String(home.homeGroups.length).padStart(12, '0')}`, body.name, home._id);
      home.homeGroups.push(created);
      return created;
    },
    'DELETE /api/homegroups/:groupId': ({ params }) => {
      const home = store.find((h) => h.homeGroups.some((g) => g._id === params.groupId))!;
      const target = home.homeGroups.find((g) => g._id === params.groupId)!;
      if (target.patients > 0) {
        return fail(409, [{ path: 'homeGroup', code: HOME_GROUP_IN_USE_CODE, message: MASTERDATA_API_MESSAGES.homeGroupInUse }]);
      }
      home.homeGroups = home.homeGroups.filter((g) => g !== target);
      return { success: true, _id: target._id };
    },
    'PUT /api/statistics/home_read_all': () => {
      for (const h of store) h.seen = ['u1'];
      return { kind: 'home', at: '2026-02-01T12:00:00.000Z' };
    },
    // The logo is loaded as a blob with the session token (useAuthedObjectUrl).
    'GET /api/homes/:id/logo': new Blob(['png'], { type: 'image/png' }),
  });
  return { calls, store, control };
}

export type HomeCalls = ReturnType<typeof homeServer>['calls'];

/** Signs in with the roles (the real default matrix) and renders the home screens at `route`. */
export const show = (roles: Role[], route: string) => renderRoutes(homesRoutes, route, demoAuth(roles));

/** Loads the code of the home pages (a spec's beforeAll), so `show` renders them at once. */
export const loadHomePages = () => preloadPages(homesRoutes);
