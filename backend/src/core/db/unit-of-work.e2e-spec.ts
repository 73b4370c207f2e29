/**
 * The ambient transaction (UnitOfWork): the writes of several repositories, each owning its own
 * tables, commit or roll back together; a nested run joins; announcements wait for the commit.
 * Runs on PostgreSQL and on the embedded PGlite (one connection: every query inside `run` must use
 * the transaction, or it would wait for itself).
 */
import { randomBytes } from 'node:crypto';
import { AsyncResource } from 'node:async_hooks';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { AuditService } from '../audit/audit.service.js';
import { type SessionEvent, SessionEvents } from '../auth/session-events.js';
import { SessionService } from '../auth/session.service.js';
import { sessions, users } from '../../db/schema/index.js';
import { SeenRepository } from '../../modules/statistics/seen.repository.js';
import { UsersRepository } from '../../modules/users/users.repository.js';
import { UsersService } from '../../modules/users/users.service.js';
import { bootApp, createTestDatabase, login, type TestDatabase } from '../../testing/test-app.js';
import type { Database } from './database.js';
import { DB } from './db.module.js';
import { UnitOfWork } from './unit-of-work.js';

const STRONG = 'Sonne#Mond2024!';
const NO_ID = '00000000-0000-4000-8000-000000000000';

describe.each([
  { driver: 'PostgreSQL (or PGlite when no server answers)', forcePglite: false },
  { driver: 'PGlite', forcePglite: true },
])('UnitOfWork on $driver', ({ forcePglite }) => {
  let db: TestDatabase;
  let app: NestExpressApplication;
  let unitOfWork: UnitOfWork;
  let audit: AuditService;
  let seen: SeenRepository;
  let usersRepo: UsersRepository;
  let database: Database;
  let admin: AuthRecord;
  let events: SessionEvent[];

  beforeAll(async () => {
    db = await createTestDatabase({ forcePglite });
    app = await bootApp(db);
    unitOfWork = app.get(UnitOfWork);
    audit = app.get(AuditService);
    seen = app.get(SeenRepository, { strict: false });
    usersRepo = app.get(UsersRepository, { strict: false });
    database = app.get<Database>(DB);
    admin = await login(app, 'admin');
    events = [];
    app.get(SessionEvents).subscribe((event) => events.push(event));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const tag = () => `uow.${randomBytes(4).toString('hex')}`;
  const auditTargets = async (action: string) => (await audit.find({ action })).map((row) => row.target);

  /** A fresh driver account with a signed-in session. */
  async function newUser(): Promise<AuthRecord> {
    const username = tag();
    const res = await request(app.getHttpServer())
      .post('/api/users')
      .set('x-auth-token', admin.token)
      .send({ username, roles: ['ROLE_DRIVER'], password: STRONG, password_confirm: STRONG, firstname: 'Uwe', lastname: 'Unit' });
    expect(res.status).toBe(201);
    return login(app, username, STRONG);
  }

  const sessionStatus = (token: string) => request(app.getHttpServer()).get('/api/auth/session').set('x-auth-token', token).then((r) => r.status);

  it('commits the writes of several repositories together', async () => {
    const action = tag();
    const user = await newUser();
    await unitOfWork.run(async () => {
      await audit.record({ actorId: admin.user._id, action, target: user.user._id });
      await seen.mark('user', admin.user._id, [user.user._id]);
      // Reads inside the unit see its own uncommitted writes.
      expect(await auditTargets(action)).toEqual([user.user._id]);
    });
    expect(await auditTargets(action)).toEqual([user.user._id]);
    expect(await seen.marked('user', admin.user._id, [user.user._id])).toEqual(new Set([user.user._id]));
  });

  it('rolls back the first write when the second fails (unique violation)', async () => {
    const action = tag();
    const failing = unitOfWork.run(async () => {
      await audit.record({ actorId: admin.user._id, action, target: 'first' });
      // "admin" exists: the unique index on lower(username) refuses the second write.
      await usersRepo.create({ username: 'ADMIN', passwordHash: 'x', roles: [], createdBy: null, modifiedBy: null }, []);
    });
    await expect(failing).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23505' }) });
    expect(await auditTargets(action)).toEqual([]);
  });

  it('rolls back when the work throws after writing', async () => {
    const action = tag();
    await expect(
      unitOfWork.run(async () => {
        await audit.record({ actorId: admin.user._id, action, target: 'first' });
        throw new Error('second step failed');
      }),
    ).rejects.toThrow('second step failed');
    expect(await auditTargets(action)).toEqual([]);
  });

  it('runs statements put together from rendered SQL (the user list) inside the transaction: they see its writes', async () => {
    const username = tag();
    const listed = () =>
      usersRepo.list({
        query: { offset: 0, limit: 5, sort: { field: 'username', desc: false }, filter: { text: username } },
        viewerId: admin.user._id,
        scope: undefined,
      });
    await expect(
      unitOfWork.run(async () => {
        await usersRepo.create({ username, passwordHash: 'x', roles: [], createdBy: admin.user._id, modifiedBy: null }, []);
        // On PGlite a query outside the transaction would wait for it; on PostgreSQL it would miss the new row.
        const { rows, count } = await listed();
        expect(count).toBe(1);
        expect(rows.map((r) => [r.user.username, r.createdFrom?.username, r.modifiedFrom, r.homeGroups])).toEqual([[username, 'admin', null, []]]);
        expect(rows[0]!.user.createdAt).toBeInstanceOf(Date);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await listed()).count).toBe(0);
  });

  it('keeps sessions alive and tells no socket when revoking them is rolled back (service level)', async () => {
    const user = await newUser();
    events.length = 0;
    const sessionService = app.get(SessionService);
    const failing = unitOfWork.run(async () => {
      await sessionService.revokeAllForUser(user.user._id);
      // The audit row names an actor that does not exist: the foreign key refuses it.
      await audit.record({ actorId: NO_ID, action: tag(), target: user.user._id });
    });
    await expect(failing).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    expect(events).toEqual([]);
    expect(await sessionStatus(user.token)).toBe(200);
    const [row] = await database.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.userId, user.user._id));
    expect(row!.revokedAt).toBeNull();
  });

  it('deactivates a user in one unit of work: status, sessions and audit row; sockets are told after the commit', async () => {
    const user = await newUser();
    events.length = 0;
    await app.get(UsersService).deactivate(admin.user._id, user.user._id);
    expect(events).toEqual([{ kind: 'sessionsEnded', target: expect.objectContaining({ userId: user.user._id, sessionIds: [expect.any(String)] }) }]);
    expect(await sessionStatus(user.token)).toBe(401);
    const [stored] = await database.select({ status: users.status }).from(users).where(eq(users.id, user.user._id));
    expect(stored!.status).toBe('removed');
    expect(await auditTargets('user.deactivate')).toContain(user.user._id);
  });

  it('joins the outer transaction in a nested run: a later failure rolls back the inner writes too', async () => {
    const action = tag();
    await expect(
      unitOfWork.run(async () => {
        await audit.record({ actorId: admin.user._id, action, target: 'outer' });
        await unitOfWork.run(async () => {
          expect(unitOfWork.active).toBe(true);
          await audit.record({ actorId: admin.user._id, action, target: 'inner' });
        });
        // The inner run did not commit on its own: both rows are still only inside this transaction.
        expect((await auditTargets(action)).sort()).toEqual(['inner', 'outer']);
        throw new Error('outer fails after the nested run');
      }),
    ).rejects.toThrow('outer fails');
    expect(await auditTargets(action)).toEqual([]);
  });

  it('runs afterCommit callbacks only after a commit, and at once outside a unit of work', async () => {
    const calls: string[] = [];
    await unitOfWork.run(async () => {
      unitOfWork.afterCommit(() => calls.push('outer'));
      await unitOfWork.run(async () => unitOfWork.afterCommit(() => calls.push('nested')));
      await audit.record({ actorId: admin.user._id, action: tag() });
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(['outer', 'nested']);

    await expect(
      unitOfWork.run(async () => {
        unitOfWork.afterCommit(() => calls.push('rolled back'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(calls).toEqual(['outer', 'nested']);

    expect(unitOfWork.active).toBe(false);
    unitOfWork.afterCommit(() => calls.push('no unit'));
    expect(calls).toEqual(['outer', 'nested', 'no unit']);
  });

  it('work that outlives its unit (a timer started inside) uses the base database, not the ended transaction', async () => {
    const action = tag();
    let late: Promise<void> | undefined;
    await unitOfWork.run(async () => {
      late = new Promise<void>((resolve, reject) => setTimeout(() => audit.record({ actorId: admin.user._id, action, target: 'late' }).then(resolve, reject), 20));
    });
    await late;
    expect(await auditTargets(action)).toEqual(['late']);
  });

  it('isolates the open transaction from other requests until it commits', async () => {
    const action = tag();
    // A function bound outside the unit of work runs in the caller's (transaction-free) context.
    const outside = AsyncResource.bind(<T>(fn: () => Promise<T>) => fn());
    let seenOutside: Promise<(string | null)[]> | undefined;
    await unitOfWork.run(async () => {
      await audit.record({ actorId: admin.user._id, action, target: 'row' });
      // PostgreSQL: another connection does not see the uncommitted row. PGlite (one connection):
      // the outside query waits for the commit, so it is only awaited after `run`.
      seenOutside = outside(() => auditTargets(action));
      if (db.url) expect(await seenOutside).toEqual([]);
    });
    if (!db.url) expect(await seenOutside).toEqual(['row']);
  });
});
