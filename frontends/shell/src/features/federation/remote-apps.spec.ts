import { manifest as orders } from '../../../../orders/src/nav';
import { manifest as masterdata } from '../../../../masterdata/src/nav';
import { preloadOwnerOf, remoteAppLoader } from './remote-apps';
import { RemoteNavStore } from './remote-nav';

/** A promise whose settling the test decides. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadOwnerOf: the opened page’s remote and its first request start with the shell', () => {
  it('starts the App of the first remote that claims the path, with the requests its manifest declares', async () => {
    const navs = { orders: deferred<unknown>(), masterdata: deferred<unknown>() };
    const nav = new RemoteNavStore(() => ['orders', 'masterdata'], (name) => navs[name as keyof typeof navs].promise);
    nav.start();
    const asked: unknown[] = [];
    preloadOwnerOf({ pathname: '/anforderungen', search: '?status=new&limit=20&sort=-modifiedAt' }, nav, (requests) => asked.push(...requests));
    navs.orders.resolve({ manifest: orders });
    await tick();
    // masterdata has not answered yet; the orders remote's code and list start anyway.
    expect(remoteAppLoader('orders').current.status).not.toBe('idle');
    expect(asked).toEqual([{ path: '/api/tasks', query: { 'filter[status]': 'new', offset: 0, limit: 20, sort: '-modifiedAt' } }]);
    navs.masterdata.resolve({ manifest: masterdata });
    await tick();
    expect(remoteAppLoader('masterdata').current.status).toBe('idle');
    expect(asked).toHaveLength(1);
  });

  it('also starts a remote that answers later with a more specific pattern for the path', async () => {
    const navs = { orders: deferred<unknown>(), special: deferred<unknown>() };
    const nav = new RemoteNavStore(() => ['orders', 'special'], (name) => navs[name as keyof typeof navs].promise);
    nav.start();
    preloadOwnerOf({ pathname: '/anforderungen/import', search: '' }, nav);
    navs.orders.resolve({ manifest: orders });
    await tick();
    expect(remoteAppLoader('orders').current.status).not.toBe('idle');
    navs.special.resolve({ manifest: { name: 'special', area: 'Import', routePrefixes: ['/anforderungen/import'], sections: [], nav: [] } });
    await tick();
    expect(remoteAppLoader('special').current.status).not.toBe('idle');
  });

  it('asks nothing ahead for another page of the remote, nor when a manifest’s prefetch fails', async () => {
    const asked: unknown[] = [];
    const nav = new RemoteNavStore(() => ['orders'], async () => ({ manifest: orders }));
    preloadOwnerOf({ pathname: '/v3/anforderung/neu', search: '' }, nav, (requests) => asked.push(...requests));
    const broken = new RemoteNavStore(() => ['broken'], async () => ({
      manifest: { name: 'broken', area: 'Kaputt', routePrefixes: ['/kaputt'], sections: [], nav: [], prefetch: () => { throw new Error('boom'); } },
    }));
    preloadOwnerOf({ pathname: '/kaputt', search: '' }, broken, (requests) => asked.push(...requests));
    await tick();
    expect(asked).toEqual([]);
    expect(remoteAppLoader('broken').current.status).not.toBe('idle');
  });

  it('starts nothing for a path no remote owns', async () => {
    const nav = new RemoteNavStore(() => ['masterdata'], async () => ({ manifest: masterdata }));
    preloadOwnerOf({ pathname: '/gibt-es-nicht', search: '' }, nav);
    await tick();
    expect(remoteAppLoader('masterdata').current.status).toBe('idle');
  });
});
