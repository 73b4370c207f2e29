import { ActiveSessionCache, type SessionInvalidation } from './active-session-cache.js';
import type { ActiveSessionRow } from './sessions.repository.js';

function row(sessionId: string, userId: string): ActiveSessionRow {
  return {
    sessionId,
    masqueradeOf: null,
    lastSeenAt: new Date(),
    userId,
    username: userId,
    roles: ['ROLE_ADMIN'],
    homeId: null,
    doctorId: null,
    oncePassword: false,
    status: '',
    aclVersion: 1,
    hasContract: false,
    assignmentActive: true,
  };
}

/** A load that counts its calls and answers `value`. */
function loader(value: ActiveSessionRow | null) {
  const load = jest.fn(async () => value);
  return load;
}

describe('ActiveSessionCache', () => {
  it('reuses a row within its lifetime and reads again after it', async () => {
    const cache = new ActiveSessionCache(40);
    const load = loader(row('s1', 'u1'));
    await cache.read('s1', load);
    await cache.read('s1', load);
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.read('s1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each<{ title: string; invalidation: SessionInvalidation; s1: number; s2: number }>([
    { title: 'the ended session', invalidation: { kind: 'sessionsEnded', target: { sessionIds: ['s1'] } }, s1: 2, s2: 1 },
    { title: 'every session of the user whose sessions ended', invalidation: { kind: 'sessionsEnded', target: { userId: 'u1' } }, s1: 2, s2: 2 },
    { title: 'every session of a changed user', invalidation: { kind: 'userChanged', userId: 'u1' }, s1: 2, s2: 2 },
    { title: 'every session of a user changed without an event', invalidation: { kind: 'userForgotten', userId: 'u1' }, s1: 2, s2: 2 },
    { title: 'everything on a matrix change', invalidation: { kind: 'matrixChanged' }, s1: 2, s2: 2 },
    { title: 'everything on a flush', invalidation: { kind: 'flush' }, s1: 2, s2: 2 },
  ])('forgets $title', async ({ invalidation, s1, s2 }) => {
    const cache = new ActiveSessionCache(60_000);
    const load1 = loader(row('s1', 'u1'));
    const load2 = loader(row('s2', 'u1'));
    const other = loader(row('s3', 'u2'));
    await Promise.all([cache.read('s1', load1), cache.read('s2', load2), cache.read('s3', other)]);
    cache.apply(invalidation);
    await Promise.all([cache.read('s1', load1), cache.read('s2', load2), cache.read('s3', other)]);
    expect([load1.mock.calls.length, load2.mock.calls.length]).toEqual([s1, s2]);
    expect(other).toHaveBeenCalledTimes(invalidation.kind === 'matrixChanged' || invalidation.kind === 'flush' ? 2 : 1);
  });

  it('does not keep a row read while an invalidation came in (it may be older than the change)', async () => {
    const cache = new ActiveSessionCache(60_000);
    let finish!: (value: ActiveSessionRow) => void;
    const slow = jest.fn(() => new Promise<ActiveSessionRow>((resolve) => (finish = resolve)));
    const reading = cache.read('s1', slow);
    cache.apply({ kind: 'sessionsEnded', target: { sessionIds: ['s1'] } });
    finish(row('s1', 'u1'));
    expect(await reading).toMatchObject({ sessionId: 's1' });
    const fresh = loader(null);
    expect(await cache.read('s1', fresh)).toBeNull();
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('remembers no missing session', async () => {
    const cache = new ActiveSessionCache(60_000);
    const load = loader(null);
    await cache.read('s1', load);
    await cache.read('s1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
