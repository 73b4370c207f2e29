import type { RemoteManifest } from '@mediport/contracts';
import { manifest as orders } from '../../../../orders/src/nav';
import { manifest as masterdata } from '../../../../masterdata/src/nav';
import { manifest as admin } from '../../../../admin/src/nav';
import { manifest as profile } from '../../../../profile/src/nav';
import { asManifest, RemoteNavStore, type RemoteNavState } from './remote-nav';
import { ownerOfPath } from './components/remote-route';
import { matchScore } from './route-match';

const PUBLISHED: RemoteManifest[] = [orders, masterdata, admin, profile];
const allLoaded: RemoteNavState = { settled: true, remotes: PUBLISHED.map((manifest) => ({ name: manifest.name, status: 'ok', manifest })) };

describe('route ownership from the published route patterns', () => {
  it.each([
    ['/anforderungen', 'orders'],
    ['/anforderungen/import', 'orders'],
    ['/v3/anforderung/neu', 'orders'],
    ['/v3/abholauftraege', 'orders'],
    ['/abholauftraege', 'orders'],
    ['/patient/42/auftraege', 'orders'],
    ['/patienten', 'masterdata'],
    ['/patient/42', 'masterdata'],
    ['/aerzte', 'masterdata'],
    ['/arzt/3', 'masterdata'],
    ['/v3/arztpraxis', 'masterdata'],
    ['/einrichtungen', 'masterdata'],
    ['/pflegeeinrichtung/7', 'masterdata'],
    ['/v3/medikamente', 'masterdata'],
    ['/v3/nutzer/neu', 'admin'],
    ['/nutzer/5', 'admin'],
    ['/v3/acl', 'admin'],
    ['/v3/termine/1/2/bearbeiten', 'admin'],
    ['/einstellungen', 'admin'],
    ['/profil', 'profile'],
    ['/profil/dokumente/12', 'profile'],
  ])('%s → %s', (path, remote) => {
    expect(ownerOfPath(path, allLoaded)).toEqual({ kind: 'remote', remote });
  });

  it('answers 404 for a path nobody publishes', () => {
    expect(ownerOfPath('/irgendwas', allLoaded)).toEqual({ kind: 'none' });
    expect(ownerOfPath('/profilx', allLoaded)).toEqual({ kind: 'none' });
  });

  it('matches segments, placeholders and open endings', () => {
    expect(matchScore('/profil', '/profil/a')).not.toBeNull();
    expect(matchScore('/profil', '/profile')).toBeNull();
    expect(matchScore('/patient*', '/patienten/1')).not.toBeNull();
    expect(matchScore('/patient/:id/auftraege', '/patient/7/auftraege')!).toBeGreaterThan(matchScore('/patient*', '/patient/7/auftraege')!);
  });

  it('waits while remotes load, then shows the panel of a remote that is down', () => {
    const loading: RemoteNavState = { settled: false, remotes: [{ name: 'orders', status: 'loading' }] };
    expect(ownerOfPath('/anforderungen', loading)).toEqual({ kind: 'pending' });
    const down: RemoteNavState = {
      settled: true,
      remotes: [{ name: 'orders', status: 'down', remembered: null }, ...allLoaded.remotes.slice(1)],
    };
    expect(ownerOfPath('/anforderungen', down)).toEqual({ kind: 'unavailable', remotes: ['orders'] });
    // Paths of the remotes still up are theirs.
    expect(ownerOfPath('/patienten', down)).toEqual({ kind: 'remote', remote: 'masterdata' });
  });

  it('sends a path to the down remote that owned it when last seen', () => {
    const remembered = { area: admin.area, routePrefixes: admin.routePrefixes, sections: admin.sections };
    const state: RemoteNavState = {
      settled: true,
      remotes: [
        { name: 'orders', status: 'down', remembered: null },
        { name: 'admin', status: 'down', remembered },
      ],
    };
    expect(ownerOfPath('/v3/acl', state)).toEqual({ kind: 'unavailable', remotes: ['admin'] });
    expect(ownerOfPath('/irgendwas', state)).toEqual({ kind: 'unavailable', remotes: ['orders', 'admin'] });
  });
});

describe('RemoteNavStore', () => {
  beforeEach(() => localStorage.clear());

  const settled = (store: RemoteNavStore) =>
    new Promise<RemoteNavState>((resolve) => {
      const check = () => {
        const s = store.getState();
        if (s.settled) resolve(s);
      };
      store.subscribe(check);
      check();
    });

  it('loads every remote in parallel and remembers what each published', async () => {
    const asked: string[] = [];
    const store = new RemoteNavStore(
      () => ['orders', 'profile'],
      async (name) => {
        asked.push(name);
        return { default: name === 'orders' ? orders : profile };
      },
    );
    const state = await settled(store);
    expect(asked).toEqual(['orders', 'profile']);
    expect(state.remotes.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(JSON.parse(localStorage.getItem('mediport.remoteNav')!).orders.routePrefixes).toEqual(orders.routePrefixes);
  });

  it('counts a failing, invalid or too slow remote as down, with what it published last time', async () => {
    localStorage.setItem('mediport.remoteNav', JSON.stringify({ admin: { area: admin.area, routePrefixes: admin.routePrefixes, sections: admin.sections } }));
    let answerLate: (value: unknown) => void = () => undefined;
    const store = new RemoteNavStore(
      () => ['orders', 'masterdata', 'admin'],
      (name) => {
        if (name === 'orders') return Promise.reject(new Error('refused'));
        if (name === 'masterdata') return Promise.resolve({ __unavailable: true });
        return new Promise((resolve) => (answerLate = resolve));
      },
      50,
    );
    const state = await settled(store);
    expect(state.remotes).toEqual([
      { name: 'orders', status: 'down', remembered: null },
      { name: 'masterdata', status: 'down', remembered: null },
      { name: 'admin', status: 'down', remembered: expect.objectContaining({ routePrefixes: admin.routePrefixes }) },
    ]);
    // The slow one takes its place when it finally answers.
    answerLate({ default: admin });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().remotes[2]).toMatchObject({ name: 'admin', status: 'ok' });
  });

  it('loads at start only the remotes the user needs; the others on demand or when the rights grow', async () => {
    const asked: string[] = [];
    const manifests = { orders, masterdata, admin, profile };
    let rights = ['profile'];
    const store = new RemoteNavStore(
      () => ['orders', 'masterdata', 'admin', 'profile'],
      async (name) => {
        asked.push(name);
        return { default: manifests[name as keyof typeof manifests] };
      },
      undefined,
      (name) => rights.includes(name),
    );
    const state = await settled(store);
    expect(asked).toEqual(['profile']);
    expect(state.remotes.map((r) => r.status)).toEqual(['skipped', 'skipped', 'skipped', 'ok']);
    // A path of the loaded remote is its own; any other waits for the skipped ones instead of a 404.
    expect(ownerOfPath('/profil', state)).toEqual({ kind: 'remote', remote: 'profile' });
    expect(ownerOfPath('/anforderungen', state)).toEqual({ kind: 'skipped' });

    // Another user with the orders area signs in: only that remote loads.
    rights = ['profile', 'orders'];
    store.refresh();
    expect(store.getState().settled).toBe(false);
    await settled(store);
    expect(asked).toEqual(['profile', 'orders']);

    // A typed address of an area still skipped: the rest load, then the path is routed (or 404).
    store.loadSkipped();
    const all = await settled(store);
    expect(asked.slice(2).sort()).toEqual(['admin', 'masterdata']);
    expect(ownerOfPath('/v3/acl', all)).toEqual({ kind: 'remote', remote: 'admin' });
    expect(ownerOfPath('/irgendwas', all)).toEqual({ kind: 'none' });
  });

  it('accepts only a well-formed manifest of the remote asked for', () => {
    expect(asManifest({ default: orders }, 'orders')).toBe(orders);
    expect(asManifest({ manifest: orders }, 'orders')).toBe(orders);
    expect(asManifest({ default: orders }, 'admin')).toBeNull();
    expect(asManifest({ default: { ...orders, nav: [{ label: 'x' }] } }, 'orders')).toBeNull();
    expect(asManifest(undefined, 'orders')).toBeNull();
  });
});
