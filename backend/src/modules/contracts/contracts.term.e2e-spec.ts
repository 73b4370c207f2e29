/**
 * A walk through terms with the application's clock: option periods, the cancellation deadline
 * (its day and the day after), the end of a cancelled contract (rights locked on the day after),
 * renewals on the day after the end, and a term change taking effect with the next term (the
 * ended term kept in the contract's term history).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { CONTRACT_MESSAGES as M, type ContractDto } from '@mediport/contracts/shop';
import { Clock } from '../../core/clock/clock.js';
import { contractTerms } from '../../db/schema/index.js';
import { login, useTestApp } from '../../testing/test-app.js';
import { ContractsService } from './contracts.service.js';
import { addContract, addHome, addUser, contractRow, databaseOf, FIXTURE_PASSWORD } from './testing/contract-fixtures.js';

let app: NestExpressApplication;
let clock: Clock;

const api = () => request(app.getHttpServer());
const get = (who: AuthRecord, id: string) => api().get(`/api/contracts/${id}`).set('x-auth-token', who.token);
const put = (who: AuthRecord, id: string, body: object) => api().put(`/api/contracts/${id}`).set('x-auth-token', who.token).send(body);

/** Noon in Germany on `day` (YYYY-MM-DD), or the given Berlin time. */
const at = (day: string, time = '12:00') => clock.set(`${day}T${time}:00${Number(day.slice(5, 7)) >= 4 && Number(day.slice(5, 7)) <= 10 ? '+02:00' : '+01:00'}`);

/** A care home paying its own yearly contract from 1 January 2031, with its manager and a plain user. */
async function party(name: string, runtime: 'year' | 'month' = 'year') {
  const home = await addHome(app, name);
  const slug = name.toLowerCase().replace(/\W+/g, '');
  return {
    home,
    manager: await addUser(app, { username: `${slug}.leitung`, roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: home }),
    user: await addUser(app, { username: `${slug}.pflege`, roles: ['ROLE_HOME'], homeId: home }),
    contract: await addContract(app, { debtorId: `H-${slug}`, type: 'ROLE_HOME', homeId: home, runtime, validTo: runtime === 'year' ? '2031-12-31' : '2031-01-31' }),
  };
}

async function contract(who: AuthRecord, id: string): Promise<ContractDto> {
  const res = await get(who, id);
  expect(res.status).toBe(200);
  return res.body as ContractDto;
}

/** Whether ordering is unlocked for a fresh sign-in of the user (its session as the server builds it now). */
async function mayOrder(username: string): Promise<boolean> {
  const record = await login(app, username, FIXTURE_PASSWORD);
  if (record.permissions.includes('task_create_view_own')) return true;
  expect(record.permissions).toContain('task_create_view_own_required_contract');
  return false;
}

let early: Awaited<ReturnType<typeof party>>;
let late: Awaited<ReturnType<typeof party>>;
let steady: Awaited<ReturnType<typeof party>>;

useTestApp(async (booted) => {
  app = booted.app;
  clock = app.get(Clock);
  at('2031-03-10', '10:00');
  early = await party('Haus Frühling');
  late = await party('Haus Spätherbst');
  steady = await party('Haus Beständig');
});

describe('a term with the clock', () => {
  it('starts with the year: term, deadline one month before the end', async () => {
    expect(await contract(early.user, early.contract)).toMatchObject({ state: 'booked', validFrom: '01.01.2031', validTo: '31.12.2031', cancellationDeadline: '30.11.2031' });
    expect(await mayOrder(early.user.user.username)).toBe(true);
  });

  it('ends a cancelled monthly option with its period; until then it can be taken back', async () => {
    at('2031-03-10');
    expect((await put(early.manager, early.contract, { options: [{ action: 'book', _id: 'fax-versand' }] })).status).toBe(200);
    at('2031-05-20');
    const canceled = await put(early.manager, early.contract, { options: [{ action: 'cancel', _id: 'fax-versand' }] });
    expect(canceled.body.contract.items.find((i: { _id: string }) => i._id === 'fax-versand').validTo).toBe('09.06.2031');
    at('2031-06-09');
    expect((await contract(early.manager, early.contract)).items.map((i) => i._id)).toContain('fax-versand');
    at('2031-06-10');
    const after = await contract(early.manager, early.contract);
    expect(after.items.map((i) => i._id)).not.toContain('fax-versand');
    expect(after.optionPrice).toBe(0);
    const revoke = await put(early.manager, early.contract, { options: [{ action: 'revoke', _id: 'fax-versand' }] });
    expect(revoke.status).toBe(400);
    expect(revoke.body.errors[0].message).toBe(`${M.optionNotRevoked} ${M.unknownOption}`);
  });

  it('on the day of the deadline, a cancellation ends the contract with this term', async () => {
    at('2031-11-30', '23:30');
    const res = await put(early.manager, early.contract, { action: 'cancel_contract' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${M.canceled} ${M.endsOn('31.12.2031')}`);
  });

  it('on the day after the deadline, only with the next term', async () => {
    at('2031-12-01', '00:10');
    expect((await contract(late.manager, late.contract)).cancellationDeadline).toBe('30.11.2031');
    const res = await put(late.manager, late.contract, { action: 'cancel_contract' });
    expect(res.body.message).toBe(`${M.canceled} ${M.endsOn('31.12.2032')}`);
  });

  it('keeps the rights until the last day of a cancelled contract', async () => {
    at('2031-12-31', '23:59');
    expect(await mayOrder(early.user.user.username)).toBe(true);
  });

  it('on the day after the end: renewal of the running contract, rights gone for the ended one (same session, next request)', async () => {
    at('2032-01-01', '00:00');
    // The lazy evaluation alone: the open session of the early home's user loses ordering.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const session = await api().get('/api/auth/session').set('x-auth-token', early.user.token);
    expect(session.body.permissions).toContain('task_create_view_own_required_contract');
    expect(await mayOrder(early.user.user.username)).toBe(false);
    expect((await api().get(`/api/contracts/has?home=${early.home}`).set('x-auth-token', early.manager.token)).body).toBe(false);
    // The nightly pass renews the running contract and leaves the cancelled ones alone.
    await app.get(ContractsService).nightly();
    expect(await contract(steady.user, steady.contract)).toMatchObject({ state: 'booked', validFrom: '01.01.2032', validTo: '31.12.2032', cancellationDeadline: '30.11.2032' });
    expect(await contract(early.manager, early.contract)).toMatchObject({ state: 'canceled', validTo: '31.12.2031' });
    // Cancelled after the deadline: one more term, in force to its end.
    expect(await contract(late.manager, late.contract)).toMatchObject({ state: 'canceled', validTo: '31.12.2032' });
    expect(await mayOrder(late.user.user.username)).toBe(true);
  });

  it('applies a term change from the next term on, read lazily on the day after the end', async () => {
    at('2032-03-01');
    const changed = await put(steady.manager, steady.contract, { action: 'runtime_change', product: { runtime: 'month', type: 'premium' } });
    expect(changed.status).toBe(200);
    at('2032-12-31', '23:59');
    expect(await contract(steady.manager, steady.contract)).toMatchObject({ product: { runtime: 'year', type: 'basic' }, validTo: '31.12.2032', basePrice: 5900 });
    at('2033-01-01', '00:00');
    const renewed = await contract(steady.manager, steady.contract);
    expect(renewed).toMatchObject({ product: { runtime: 'month', type: 'premium' }, runtime: 'month', validFrom: '01.01.2033', validTo: '31.01.2033', basePrice: 8900, nextContract: null });
    at('2033-02-01');
    expect(await contract(steady.manager, steady.contract)).toMatchObject({ validFrom: '01.02.2033', validTo: '28.02.2033' });
  });

  it('keeps the ended term in the term history at the renewal that applied the change; a plain renewal keeps none', async () => {
    const row = await contractRow(app, steady.contract);
    const terms = await databaseOf(app).select().from(contractTerms).where(eq(contractTerms.contractId, row!.id)).orderBy(asc(contractTerms.validFrom));
    // From the contract's start (renewed in place on 1 January 2032 without a change) to the day before the monthly term.
    expect(terms.map(({ runtime, productType, basePrice, validFrom, validTo }) => ({ runtime, productType, basePrice, validFrom, validTo }))).toEqual([
      { runtime: 'year', productType: 'basic', basePrice: 5900, validFrom: '2031-01-01', validTo: '2032-12-31' },
    ]);
    // The monthly renewal on 1 February (no change pending) added nothing either.
    expect(row).toMatchObject({ runtime: 'month', productType: 'premium', basePrice: 8900, startedOn: '2033-01-01', validFrom: '2033-02-01' });
  });

  it('cancels a monthly contract past its deadline to the end of the next month', async () => {
    at('2033-02-15');
    const res = await put(steady.manager, steady.contract, { action: 'cancel_contract' });
    expect(res.body.message).toBe(`${M.canceled} ${M.endsOn('31.03.2033')}`);
  });

  it('the cancelled contract after the deadline has ended with its extra term', async () => {
    at('2033-03-01');
    await app.get(ContractsService).nightly();
    expect(await mayOrder(late.user.user.username)).toBe(false);
  });
});
