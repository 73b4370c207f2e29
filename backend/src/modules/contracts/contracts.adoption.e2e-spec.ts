import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord, ERROR_CODES } from '@mediport/contracts';
import { CONTRACT_MESSAGES as M, type ContractDto } from '@mediport/contracts/shop';
import { Clock } from '../../core/clock/clock.js';
import { patients, settings, tasks } from '../../db/schema/index.js';
import { type DemoUsername, loginAll, useTestApp } from '../../testing/test-app.js';
import { addContract, addDoctor, addHome, addUser, contractMails, contractRow, databaseOf } from './testing/contract-fixtures.js';

let app: NestExpressApplication;
let demo: Record<DemoUsername, AuthRecord>;
let praxisLeitung: AuthRecord;
let heimLeitung: AuthRecord;
let bergerPatient: string;

const api = () => request(app.getHttpServer());
const as = (who: AuthRecord) => ({
  get: (path: string) => api().get(path).set('x-auth-token', who.token),
  put: (path: string, body: object = {}) => api().put(path).set('x-auth-token', who.token).send(body),
  post: (path: string, body: object = {}) => api().post(path).set('x-auth-token', who.token).send(body),
});

const PRACTICE = '1002_D-10001';
const HOME = '1001_D-10001';

useTestApp(async (booted) => {
  app = booted.app;
  app.get(Clock).set('2031-03-10T10:00:00+01:00');
  demo = await loginAll(app);
  praxisLeitung = await addUser(app, { username: 'praxis.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: demo.arzt.doctor!._id, firstname: 'Paula', lastname: 'Praxis' });
  heimLeitung = await addUser(app, { username: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: demo.heim.home!._id, firstname: 'Helga', lastname: 'Leitung' });
  // A patient of Haus Sonnenschein with an order for Dr. Berger: one of the practice's own patients.
  const database = databaseOf(app);
  const [patient] = await database.select({ id: patients.id }).from(patients).where(eq(patients.homeId, demo.heim.home!._id)).limit(1);
  bergerPatient = patient!.id;
  await database.insert(tasks).values({ type: 1, medicine: 'Ramipril', dose: '1-0-0', patientId: bergerPatient, homeId: demo.heim.home!._id, doctorId: demo.arzt.doctor!._id });
});

const order = () => ({ type: 1, group: 'medicine', medicine: 'Metformin', dose: '1-0-1', amount: 1, patient: bergerPatient, doctor: demo.arzt.doctor!._id, latestDelivery: '' });

async function contract(who: AuthRecord, id: string): Promise<ContractDto> {
  const res = await as(who).get(`/api/contracts/${id}`);
  expect(res.status).toBe(200);
  return res.body as ContractDto;
}

describe('the cost takeover of a practice ("Vertrag übernehmen")', () => {
  let partnerId: string;

  it('locks ordering for the practice while the pharmacy pays', async () => {
    const res = await as(demo.arzt).post('/api/tasks', order());
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: ERROR_CODES.contractRequired, message: API_MESSAGES.contractRequired });
  });

  it.each([
    { title: 'a plain practice user (no contract_adoption_view)', who: () => demo.arzt, status: 403 },
    { title: "another home's manager", who: () => heimLeitung, status: 404 },
    { title: 'the driver', who: () => demo.fahrer, status: 403 },
  ])('is refused for $title', async ({ who, status }) => {
    expect((await as(who()).post(`/api/contracts/${PRACTICE}/adoption`)).status).toBe(status);
  });

  it('lets the practice manager ask; the pharmacy is told by e-mail; a double submit asks once', async () => {
    const body = { idempotencyKey: 'adoption-1' };
    const [first, second] = await Promise.all([as(praxisLeitung).post(`/api/contracts/${PRACTICE}/adoption`, body), as(praxisLeitung).post(`/api/contracts/${PRACTICE}/adoption`, body)]);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body).toMatchObject({ success: true, message: M.requested, contract: { _id: PRACTICE, state: 'adoption_request' } });
    partnerId = first.body.id;
    expect(partnerId).toMatch(/^1002_P[0-9A-F]{8}$/);
    const mails = await contractMails(app);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ['info@apotheke-am-markt.de'], subject: `Anfrage zur Kostenübernahme: Vertrag ${PRACTICE}` });
    expect(mails[0]!.text).toContain('Dr. Anna Berger möchte die Kosten des Vertrags 1002_D-10001 übernehmen (10,00\u00a0€ pro Monat');
    // The practice's new contract waits for its answer, without dates, paid by the practice.
    expect(await contract(praxisLeitung, partnerId)).toMatchObject({ state: 'new', validFrom: null, validTo: null, type: 'ROLE_DOCTOR', assumptionOfCosts: true, ownContract: true, prevContract: PRACTICE, contractRef: PRACTICE, basePrice: 1000 });
    expect((await contract(praxisLeitung, partnerId)).items.map((i) => i._id)).toEqual(['praxis-zugang']);
  });

  it('offers each side its own step and refuses the other', async () => {
    expect((await contract(praxisLeitung, PRACTICE)).actions).toMatchObject({ withdraw: true, accept: false, reject: false, requestAdoption: false });
    expect((await contract(demo.apotheke, PRACTICE)).actions).toMatchObject({ withdraw: false, accept: true, reject: true });
    expect((await contract(demo.apotheke, partnerId)).actions).toMatchObject({ accept: true, reject: true });
    const own = await as(praxisLeitung).put(`/api/contracts/${partnerId}/adoption/accept`);
    expect(own.status).toBe(409);
    expect(own.body.errors[0].message).toBe(`${M.notAccepted} ${M.otherSideAnswers}`);
    const foreign = await as(demo.apotheke).post(`/api/contracts/${PRACTICE}/adoption/withdraw`);
    expect(foreign.status).toBe(409);
    expect(foreign.body.errors[0].message).toBe(`${M.notWithdrawn} ${M.otherSideWithdraws}`);
    const twice = await as(praxisLeitung).post(`/api/contracts/${PRACTICE}/adoption`);
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].message).toBe(`${M.notRequested} ${M.stateNotBooked}`);
    // While the request waits, the contract keeps its options and nothing else changes.
    expect((await as(demo.apotheke).put(`/api/contracts/${PRACTICE}`, { action: 'cancel_contract' })).body.errors[0].message).toBe(`${M.notCanceled} ${M.stateNotBooked}`);
  });

  it('the pharmacy accepts: the practice pays from today and may order at once, with the same session', async () => {
    const before = await as(demo.arzt).get('/api/auth/session');
    expect(before.body.permissions).toContain('task_create_view_own_required_contract');
    const res = await as(demo.apotheke).put(`/api/contracts/${PRACTICE}/adoption/accept`, { idempotencyKey: 'accept-1' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: M.accepted, contract: { _id: partnerId, state: 'booked', validFrom: '10.03.2031', validTo: '09.03.2032', cancellationDeadline: '09.02.2032' } });
    expect((await contract(demo.apotheke, PRACTICE)).state).toBe('adoption');
    expect((await as(demo.admin).get(`/api/contracts/has?doctor=${demo.arzt.doctor!._id}`)).body).toBe(true);
    const after = await as(demo.arzt).get('/api/auth/session');
    expect(after.body.permissions).toContain('task_create_view_own');
    expect(after.body.permissions).not.toContain('task_create_view_own_required_contract');
    expect((await as(demo.arzt).post('/api/tasks', order())).status).toBe(201);
  });

  it('refuses a second answer', async () => {
    for (const path of ['adoption/accept', 'adoption/reject']) {
      const res = await as(demo.apotheke).put(`/api/contracts/${partnerId}/${path}`);
      expect(res.status).toBe(409);
      expect(res.body.errors[0].message).toMatch(/Es liegt keine Anfrage zur Kostenübernahme vor\.$/);
    }
  });

  it('opens the shop of the new contract to the practice, not to the pharmacy', async () => {
    expect((await contract(praxisLeitung, partnerId)).actions).toMatchObject({ shop: true, cancel: true });
    const booked = await as(praxisLeitung).put(`/api/contracts/${partnerId}`, { options: [{ action: 'book', _id: 'fax-benachrichtigung' }] });
    expect(booked.status).toBe(200);
    const pharmacy = await as(demo.apotheke).put(`/api/contracts/${partnerId}`, { options: [{ action: 'book', _id: 'zusatz-nutzer-praxis' }] });
    expect(pharmacy.status).toBe(409);
    expect(pharmacy.body.errors[0].message).toBe(`${M.optionsNotBooked} ${M.notOwnContract}`);
  });
});

describe('rejecting and withdrawing a takeover', () => {
  let doctor: string;
  let manager: AuthRecord;
  let taken: string;

  beforeAll(async () => {
    doctor = await addDoctor(app, 'Zweifel', { debtorId: 'P-77' });
    manager = await addUser(app, { username: 'zweifel.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: doctor });
    taken = await addContract(app, { debtorId: 'D-10001', doctorId: doctor, basePrice: 1000 });
  });

  it('the pharmacy rejects: the contract goes back to the partner and may be asked for again', async () => {
    const asked = await as(manager).post(`/api/contracts/${taken}/adoption`);
    expect(asked.status).toBe(200);
    expect(asked.body.id).toBe(`${taken.split('_')[0]}_P-77`);
    const res = await as(demo.apotheke).put(`/api/contracts/${asked.body.id}/adoption/reject`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: M.rejected, contract: { _id: taken, state: 'booked', contractRef: null } });
    expect(await contractRow(app, asked.body.id)).toBeNull();
    expect((await as(demo.admin).get(`/api/contracts/has?doctor=${doctor}`)).body).toBe(false);
  });

  it('the manager withdraws the request', async () => {
    const asked = await as(manager).post(`/api/contracts/${taken}/adoption`);
    expect(asked.status).toBe(200);
    const res = await as(manager).post(`/api/contracts/${taken}/adoption/withdraw`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: M.withdrawn, contract: { state: 'booked' } });
    expect(await contractRow(app, asked.body.id)).toBeNull();
    const again = await as(manager).post(`/api/contracts/${taken}/adoption/withdraw`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe(`${M.notWithdrawn} ${M.noRequestPending}`);
  });

  it.each([
    { title: 'without login', values: { withLogin: false }, message: `${M.notRequested} ${M.noLogin}` },
    { title: 'in state canceled', values: { state: 'canceled' as const }, message: `${M.notRequested} ${M.stateNotBooked}` },
    { title: 'with a term change pending', values: { nextRuntime: 'month' as const, nextType: 'basic' as const }, message: `${M.notRequested} ${M.changePending}` },
  ])('refuses a contract $title', async ({ values, message }) => {
    const id = await addContract(app, { debtorId: 'D-10001', doctorId: doctor, basePrice: 1000, ...(values as object) });
    const res = await as(manager).post(`/api/contracts/${id}/adoption`);
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toEqual({ code: 'contract_state', message });
  });
});

describe('the pharmacy asks a home to take the costs over', () => {
  it('heim.leitung accepts; the home keeps its rights throughout', async () => {
    const asked = await as(demo.apotheke).post(`/api/contracts/${HOME}/adoption`);
    expect(asked.status).toBe(200);
    expect(asked.body.contract.state).toBe('adoption_request_pharma');
    const mails = await contractMails(app);
    expect(mails.at(-1)).toMatchObject({ to: ['info@haus-sonnenschein.de'] });
    expect(mails.at(-1)!.text).toContain('Apotheke am Markt bittet Haus Sonnenschein, die Kosten des Vertrags 1001_D-10001 zu übernehmen (59,00\u00a0€ pro Monat');
    expect((await contract(heimLeitung, HOME)).actions).toMatchObject({ accept: true, reject: true, withdraw: false });
    expect((await contract(demo.apotheke, HOME)).actions).toMatchObject({ accept: false, withdraw: true });
    // A plain home user sees the request but may not answer it.
    expect((await as(demo.heim).put(`/api/contracts/${asked.body.id}/adoption/accept`)).status).toBe(403);
    const accepted = await as(heimLeitung).put(`/api/contracts/${asked.body.id}/adoption/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.contract).toMatchObject({ state: 'booked', type: 'ROLE_HOME', ownContract: true, product: { runtime: 'month', type: 'basic' }, validFrom: '10.03.2031', validTo: '09.04.2031' });
    expect((await as(demo.heim).get('/api/auth/session')).body.permissions).toContain('task_create_view_own');
  });
});

describe("a request the other party cannot hear of: the spec's reasons", () => {
  let doctor: string;

  beforeAll(async () => {
    doctor = await addDoctor(app, 'Ohneleitung', { email: '' });
  });

  it('missing_manager: the practice has no manager to tell', async () => {
    const id = await addContract(app, { debtorId: 'D-10001', doctorId: doctor, basePrice: 1000 });
    const res = await as(demo.apotheke).post(`/api/contracts/${id}/adoption`);
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toEqual({ code: 'missing_manager', message: M.cannotInform });
    expect((await contractRow(app, id))!.state).toBe('booked');
  });

  it('missing_email: the practice has a manager but no e-mail address', async () => {
    await addUser(app, { username: 'ohne.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: doctor });
    const id = await addContract(app, { debtorId: 'D-10001', doctorId: doctor, basePrice: 1000 });
    const res = await as(demo.apotheke).post(`/api/contracts/${id}/adoption`);
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toEqual({ code: 'missing_email', message: M.cannotInform });
  });

  it('missing_email: the pharmacy has no e-mail address in its settings', async () => {
    const home = await addHome(app, 'Haus Fragend');
    const manager = await addUser(app, { username: 'fragend.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: home });
    const id = await addContract(app, { debtorId: 'D-10001', homeId: home });
    const database = databaseOf(app);
    const [before] = await database.select({ email: settings.email }).from(settings).where(eq(settings.id, 1));
    await database.update(settings).set({ email: '' }).where(eq(settings.id, 1));
    try {
      const res = await as(manager).post(`/api/contracts/${id}/adoption`);
      expect(res.status).toBe(409);
      expect(res.body.errors[0]).toEqual({ code: 'missing_email', message: M.cannotInform });
    } finally {
      await database.update(settings).set({ email: before!.email }).where(eq(settings.id, 1));
    }
  });
});
