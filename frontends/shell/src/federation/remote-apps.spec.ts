import { manifest as orders } from '../../../orders/src/nav';
import { manifest as masterdata } from '../../../masterdata/src/nav';
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

describe('preloadOwnerOf: the opened page’s remote starts loading with the shell', () => {
  it('starts the owner’s App once every remote published its navigation, and no other remote’s', async () => {
    const navs = { orders: deferred<unknown>(), masterdata: deferred<unknown>() };
    const nav = new RemoteNavStore(() => ['orders', 'masterdata'], (name) => navs[name as keyof typeof navs].promise);
    nav.start();
    preloadOwnerOf('/anforderungen', nav);
    navs.orders.resolve({ manifest: orders });
    await Promise.resolve();
    await Promise.resolve();
    // masterdata has not answered yet: a more specific pattern of it could still own the path.
    expect(remoteAppLoader('orders').current.status).toBe('idle');
    navs.masterdata.resolve({ manifest: masterdata });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Loading has begun (in this test there is no federation host, so the load itself fails quietly).
    expect(remoteAppLoader('orders').current.status).not.toBe('idle');
    expect(remoteAppLoader('masterdata').current.status).toBe('idle');
  });

  it('starts nothing for a path no remote owns', async () => {
    const nav = new RemoteNavStore(() => ['masterdata'], async () => ({ manifest: masterdata }));
    preloadOwnerOf('/gibt-es-nicht', nav);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(remoteAppLoader('masterdata').current.status).toBe('idle');
  });
});
