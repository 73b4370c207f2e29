import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { CONTRACT_MESSAGES as M, type ContractDto, type ContractListResponse } from '@mediport/contracts/shop';
import { Clock } from '../../core/clock/clock.js';
import { type DemoUsername, loginAll, useTestApp } from '../../testing/test-app.js';
import { addContract, addDoctor, addHome, addUser, contractRow } from './testing/contract-fixtures.js';

let app: NestExpressApplication;
let demo: Record<DemoUsername, AuthRecord>;
let heimLeitung: AuthRecord;
let praxisLeitung: AuthRecord;
/** A care home that pays its own contract, with its manager and a plain user. */
let eigen: { home: string; manager: AuthRecord; user: AuthRecord; contract: string };
let otherHome: string;
let otherDoctor: string;

const api = () => request(app.getHttpServer());
const as = (who: AuthRecord) => ({
  get: (path: string) => api().get(path).set('x-auth-token', who.token),
  put: (path: string, body: object = {}) => api().put(path).set('x-auth-token', who.token).send(body),
  post: (path: string, body: object = {}) => api().post(path).set('x-auth-token', who.token).send(body),
});

// 10 March 2031 in Germany: every fixture's yearly term runs from 1 January to 31 December 2031.
const NOW = '2031-03-10T10:00:00+01:00';

useTestApp(async (booted) => {
  app = booted.app;
  app.get(Clock).set(NOW);
  demo = await loginAll(app);
  heimLeitung = await addUser(app, { username: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: demo.heim.home!._id, firstname: 'Helga', lastname: 'Leitung' });
  praxisLeitung = await addUser(app, { username: 'praxis.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: demo.arzt.doctor!._id, firstname: 'Paula', lastname: 'Praxis' });
  const home = await addHome(app, 'Haus Eigenständig', { debtorId: 'E-2001' });
  eigen = {
    home,
    manager: await addUser(app, { username: 'eigen.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: home }),
    user: await addUser(app, { username: 'eigen.pflege', roles: ['ROLE_HOME'], homeId: home }),
    contract: await addContract(app, { debtorId: 'E-2001', type: 'ROLE_HOME', homeId: home, items: [{ key: 'portal-zugang', interval: '1 month', price: 0, required: true }] }),
  };
  otherHome = await addHome(app, 'Haus Anderswo');
  otherDoctor = await addDoctor(app, 'Anders');
});

async function contractsOf(who: AuthRecord): Promise<ContractDto[]> {
  const res = await as(who).get('/api/contracts?limit=-1');
  expect(res.status).toBe(200);
  return (res.body as ContractListResponse).data;
}

describe('GET /api/contracts', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/contracts')).status).toBe(401);
  });

  it('lists every contract to the pharmacy, with the products they may book', async () => {
    const res = await as(demo.apotheke).get('/api/contracts?limit=-1');
    expect(res.status).toBe(200);
    const body = res.body as ContractListResponse;
    const ids = body.data.map((c) => c._id);
    expect(ids).toEqual(expect.arrayContaining(['1000_D-10001', '1001_D-10001', '1002_D-10001', eigen.contract]));
    expect(body.count).toBe(body.data.length);
    expect(body.possibleOptions.map((p) => p.name)).toEqual(expect.arrayContaining(['webinar-einfuehrung', 'fax-versand', 'webinar-abrechnung']));
    const own = body.data.find((c) => c._id === '1000_D-10001')!;
    expect(own).toMatchObject({ version: 3, type: 'ROLE_PHARMA', state: 'booked', ownContract: true, home: null, doctor: null, catalogue: 'office', product: { runtime: 'year', type: 'premium' }, units: 3, basePrice: 26700 });
    expect(own.invoice).toEqual({ sub: { base: 26700 } });
    expect(own.items.map((i) => i._id)).toEqual(expect.arrayContaining(['portal-zugang', 'schulung-vor-ort', 'support-telefon', 'zusatz-nutzer']));
    expect(own.optionPrice).toBe(0 + 34900 + 2900 + 500);
    expect(own.actions).toMatchObject({ shop: true, runtimeChange: true, cancel: true, requestAdoption: false });
  });

  it('shows the demo home its booked contract, paid by the pharmacy; only its manager may act', async () => {
    const [plain] = await contractsOf(demo.heim);
    expect(plain).toMatchObject({ _id: '1001_D-10001', state: 'booked', home: demo.heim.home!._id, partnerName: 'Haus Sonnenschein', ownContract: false, withLogin: true, basePrice: 5900, managers: ['Helga Leitung'] });
    expect(Object.values(plain!.actions).every((a) => !a)).toBe(true);
    const [managed] = await contractsOf(heimLeitung);
    expect(managed!.actions).toMatchObject({ requestAdoption: true, shop: false, cancel: false });
  });

  it("shows the demo practice its contract with login, the practice's manager and the takeover offer to the manager only", async () => {
    const [plain] = await contractsOf(demo.arzt);
    expect(plain).toMatchObject({ _id: '1002_D-10001', doctor: demo.arzt.doctor!._id, partnerName: 'Dr. Anna Berger', catalogue: 'doctor', basePrice: 1000, ownContract: false, managers: ['Paula Praxis'] });
    expect(plain!.actions.requestAdoption).toBe(false);
    const [managed] = await contractsOf(praxisLeitung);
    expect(managed!.actions.requestAdoption).toBe(true);
  });

  it.each([
    { title: 'the driver', who: 'fahrer' as const },
    { title: 'accounting', who: 'buchhaltung' as const },
  ])('is forbidden for $title (no contract_list_view)', async ({ who }) => {
    expect((await as(demo[who]).get('/api/contracts')).status).toBe(403);
  });

  it('shows a home user only the own home', async () => {
    expect((await contractsOf(eigen.user)).map((c) => c._id)).toEqual([eigen.contract]);
  });

  it.each(['?filter[state]=gekündigt', '?sort=price', '?limit=abc'])('refuses the bad query %s with 400', async (query) => {
    expect((await as(demo.apotheke).get(`/api/contracts${query}`)).status).toBe(400);
  });

  it('finds a contract by its number or the paying company (filter[text])', async () => {
    const res = await as(demo.apotheke).get('/api/contracts?filter[text]=1001_D');
    expect(res.body.data.map((c: ContractDto) => c._id)).toEqual(['1001_D-10001']);
    expect((await as(demo.apotheke).get('/api/contracts?filter[text]=E-2001')).body.count).toBe(1);
  });

  it('filters by state', async () => {
    const res = await as(demo.apotheke).get('/api/contracts?filter[state]=canceled');
    expect(res.body.data.every((c: ContractDto) => c.state === 'canceled')).toBe(true);
  });
});

describe('GET /api/contracts/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/contracts/1001_D-10001')).status).toBe(401);
  });

  it('answers the contract with its options', async () => {
    const res = await as(eigen.manager).get(`/api/contracts/${eigen.contract}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: eigen.contract, validFrom: '01.01.2031', validTo: '31.12.2031', cancellationDeadline: '30.11.2031', ownContract: true, type: 'ROLE_HOME' });
    expect(res.body.items).toEqual([expect.objectContaining({ _id: 'portal-zugang', required: true, interval: '1 month', price: 0, validTo: null })]);
  });

  it.each([
    { title: "another home's contract", who: () => demo.heim, id: () => eigen.contract },
    { title: "the pharmacy's own contract", who: () => demo.heim, id: () => '1000_D-10001' },
    { title: "a home's contract for a practice", who: () => demo.arzt, id: () => '1001_D-10001' },
    { title: 'an unknown contract', who: () => demo.apotheke, id: () => '999999_D-10001' },
    { title: 'a malformed id', who: () => demo.apotheke, id: () => 'abc' },
    { title: 'a path trick', who: () => demo.apotheke, id: () => '..%2F..%2Fsettings' },
    { title: 'an id with a slash in the debtor', who: () => demo.apotheke, id: () => '1001_D%2F1' },
  ])('answers 404 for $title', async ({ who, id }) => {
    const res = await as(who()).get(`/api/contracts/${id()}`);
    expect(res.status).toBe(404);
  });
});

describe('GET /api/contracts/find and /has', () => {
  it('find answers the home’s contract, 404 for a home without one and for a foreign home', async () => {
    expect((await as(demo.heim).get(`/api/contracts/find?home=${demo.heim.home!._id}`)).body).toMatchObject({ _id: '1001_D-10001' });
    const none = await as(demo.apotheke).get(`/api/contracts/find?home=${otherHome}`);
    expect(none.status).toBe(404);
    expect(none.body.errors[0]).toEqual({ code: 'not_found', message: M.noContract });
    expect((await as(demo.heim).get(`/api/contracts/find?home=${eigen.home}`)).status).toBe(404);
    expect((await as(demo.heim).get('/api/contracts/find?home=x')).status).toBe(400);
  });

  it('has: a care home’s booked contract counts whoever pays; a practice needs one it pays itself', async () => {
    expect((await as(demo.admin).get(`/api/contracts/has?home=${demo.heim.home!._id}`)).body).toBe(true);
    expect((await as(demo.admin).get(`/api/contracts/has?home=${otherHome}`)).body).toBe(false);
    expect((await as(demo.admin).get(`/api/contracts/has?doctor=${demo.arzt.doctor!._id}`)).body).toBe(false);
    expect((await as(demo.admin).get(`/api/contracts/has?doctor=${otherDoctor}`)).body).toBe(false);
  });

  it('has: a home or practice user may ask for the own only', async () => {
    expect((await as(demo.heim).get(`/api/contracts/has?home=${demo.heim.home!._id}`)).body).toBe(true);
    expect((await as(demo.arzt).get(`/api/contracts/has?doctor=${demo.arzt.doctor!._id}`)).body).toBe(false);
    expect((await as(demo.heim).get(`/api/contracts/has?home=${otherHome}`)).status).toBe(404);
    expect((await as(demo.arzt).get(`/api/contracts/has?doctor=${otherDoctor}`)).status).toBe(404);
    expect((await as(demo.fahrer).get(`/api/contracts/has?home=${otherHome}`)).status).toBe(403);
  });

  it.each(['', '?home=abc', `?home=${'0'.repeat(8)}-0000-4000-8000-000000000000&doctor=${'0'.repeat(8)}-0000-4000-8000-000000000000`])('has refuses the query "%s" with 400', async (query) => {
    expect((await as(demo.admin).get(`/api/contracts/has${query}`)).status).toBe(400);
  });
});

describe('GET /api/products/office and /doctor', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/products/office')).status).toBe(401);
  });

  it('answers the shop of each catalogue in cents', async () => {
    const office = (await as(demo.heim).get('/api/products/office')).body as { name: string; price: number; interval: string; required: boolean; catalogue: string }[];
    expect(office.every((p) => p.catalogue === 'office' && Number.isInteger(p.price))).toBe(true);
    expect(office.find((p) => p.name === 'webinar-einfuehrung')).toMatchObject({ price: 9900, interval: 'once', required: false });
    expect(office.find((p) => p.name === 'portal-zugang')).toMatchObject({ required: true });
    const doctor = (await as(demo.arzt).get('/api/products/doctor')).body as { name: string; catalogue: string }[];
    expect(doctor.map((p) => p.name)).toEqual(['praxis-zugang', 'webinar-abrechnung', 'fax-benachrichtigung', 'backup-archiv-praxis', 'zusatz-nutzer-praxis']);
    expect((await as(demo.fahrer).get('/api/products/office')).status).toBe(403);
  });
});

describe('PUT /api/contracts/{id}: options', () => {
  const put = (who: AuthRecord, id: string, body: object) => as(who).put(`/api/contracts/${id}`, body);

  it('requires sign-in', async () => {
    expect((await api().put(`/api/contracts/${eigen.contract}`).send({ action: 'cancel_contract' })).status).toBe(401);
  });

  it('books options from the shop; a webinar becomes a planned meeting of the party', async () => {
    const res = await put(eigen.manager, eigen.contract, { options: [{ action: 'book', _id: 'fax-versand' }, { action: 'book', _id: 'zusatz-nutzer' }, { action: 'book', _id: 'zusatz-nutzer' }, { action: 'book', _id: 'webinar-einfuehrung' }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: M.optionsBooked });
    const items = (res.body.contract as ContractDto).items;
    expect(items.map((i) => i._id)).toEqual(expect.arrayContaining(['fax-versand', 'zusatz-nutzer', 'zusatz-nutzer-2', 'webinar-einfuehrung']));
    expect(items.find((i) => i._id === 'fax-versand')).toMatchObject({ interval: '1 month', price: 1900, bookedAt: '2031-03-10T09:00:00.000Z' });
    expect(res.body.contract.optionPrice).toBe(1900 + 500 + 500 + 9900);
    const meetings = (await as(demo.apotheke).get('/api/meetings?limit=-1')).body.data as { contractId: string; optionId: string; date: string | null }[];
    expect(meetings).toContainEqual(expect.objectContaining({ contractId: eigen.contract.split('_')[0], optionId: 'webinar-einfuehrung', date: null }));
  });

  it.each([
    { title: 'a once-only option booked already', body: { options: [{ action: 'book', _id: 'webinar-einfuehrung' }] }, status: 409, message: `${M.optionsNotBooked} ${M.onceBooked}` },
    { title: 'a once-only option twice in the cart', body: { options: [{ action: 'book', _id: 'webinar-rezepte' }, { action: 'book', _id: 'webinar-rezepte' }] }, status: 409, message: `${M.optionsNotBooked} ${M.onceBooked}` },
    { title: 'an unknown option', body: { options: [{ action: 'book', _id: 'gratis-alles' }] }, status: 400, message: `${M.optionsNotBooked} ${M.unknownProduct}` },
    { title: "a practice's option on a home's contract", body: { options: [{ action: 'book', _id: 'webinar-abrechnung' }] }, status: 400, message: `${M.optionsNotBooked} ${M.wrongCatalogue}` },
    { title: 'a required option', body: { options: [{ action: 'book', _id: 'portal-zugang' }] }, status: 400, message: `${M.optionsNotBooked} ${M.requiredOption}` },
    { title: 'an id with a path', body: { options: [{ action: 'book', _id: '../fax-versand' }] }, status: 400, message: M.unknownProduct },
    { title: 'an empty cart', body: { options: [] }, status: 400, message: M.noOptions },
    { title: 'book and cancel at once', body: { options: [{ action: 'book', _id: 'fax-versand' }, { action: 'cancel', _id: 'fax-versand' }] }, status: 400, message: M.mixedActions },
    { title: 'an unknown option action', body: { options: [{ action: 'verschenken', _id: 'fax-versand' }] }, status: 400, message: M.unknownAction },
    { title: 'a price sent along (ignored fields are no way in)', body: { options: [{ action: 'book', _id: 'gratis', price: -100 }] }, status: 400, message: `${M.optionsNotBooked} ${M.unknownProduct}` },
  ])('refuses $title, nothing half-booked', async ({ body, status, message }) => {
    const before = (await as(eigen.manager).get(`/api/contracts/${eigen.contract}`)).body.items.length;
    const res = await put(eigen.manager, eigen.contract, body);
    expect(res.status).toBe(status);
    expect(res.body.errors[0].message).toBe(message);
    expect((await as(eigen.manager).get(`/api/contracts/${eigen.contract}`)).body.items.length).toBe(before);
  });

  it('cancels an option to the end of its period and takes the cancellation back', async () => {
    const canceled = await put(eigen.manager, eigen.contract, { options: [{ action: 'cancel', _id: 'fax-versand' }] });
    expect(canceled.status).toBe(200);
    expect(canceled.body.message).toBe(M.optionCanceled);
    // Booked on 10 March: its monthly period runs to 9 April.
    expect(canceled.body.contract.items.find((i: { _id: string }) => i._id === 'fax-versand').validTo).toBe('09.04.2031');
    const again = await put(eigen.manager, eigen.contract, { options: [{ action: 'cancel', _id: 'fax-versand' }] });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe(`${M.optionsNotCanceled} ${M.alreadyCanceled}`);
    const revoked = await put(eigen.manager, eigen.contract, { options: [{ action: 'revoke', _id: 'fax-versand' }] });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(M.optionRevoked);
    expect(revoked.body.contract.items.find((i: { _id: string }) => i._id === 'fax-versand').validTo).toBeNull();
  });

  it.each([
    { title: 'a required option', _id: 'portal-zugang', action: 'cancel', status: 409, message: `${M.optionsNotCanceled} ${M.requiredOption}` },
    { title: 'a once-only option', _id: 'webinar-einfuehrung', action: 'cancel', status: 409, message: `${M.optionsNotCanceled} ${M.onceNotCancelable}` },
    { title: 'an option not booked', _id: 'backup-archiv', action: 'cancel', status: 400, message: `${M.optionsNotCanceled} ${M.unknownOption}` },
    { title: 'the revocation of a running option', _id: 'fax-versand', action: 'revoke', status: 409, message: `${M.optionNotRevoked} ${M.notCanceledOption}` },
  ])('refuses to cancel or revoke $title', async ({ _id, action, status, message }) => {
    const res = await put(eigen.manager, eigen.contract, { options: [{ action, _id }] });
    expect(res.status).toBe(status);
    expect(res.body.errors[0].message).toBe(message);
  });

  it("refuses the archive option on the pharmacy's own contract, which has no archives", async () => {
    const res = await put(demo.apotheke, '1000_D-10001', { options: [{ action: 'book', _id: 'backup-archiv' }] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'options.0._id', message: `${M.optionsNotBooked} ${M.wrongCatalogue}` });
    const own = (await contractsOf(demo.apotheke)).find((c) => c._id === '1000_D-10001')!;
    expect(own.items.map((i) => i._id)).not.toContain('backup-archiv');
  });

  it('keeps the shop closed to whoever does not pay the contract', async () => {
    // The home's manager may edit the home's contracts, but the pharmacy pays this one.
    const res = await put(heimLeitung, '1001_D-10001', { options: [{ action: 'book', _id: 'fax-versand' }] });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toEqual({ code: 'contract_state', message: `${M.optionsNotBooked} ${M.notOwnContract}` });
  });

  it.each([
    { title: 'a plain home user (no contract_edit_view)', who: () => eigen.user, id: () => eigen.contract, status: 403 },
    { title: "another home's manager", who: () => heimLeitung, id: () => eigen.contract, status: 404 },
    { title: "a practice's manager on a home's contract", who: () => praxisLeitung, id: () => eigen.contract, status: 404 },
    { title: 'the plain pharmacy staff… as demo pharmacy manager on a foreign unknown id', who: () => demo.apotheke, id: () => '1_X', status: 404 },
  ])('is refused for $title', async ({ who, id, status }) => {
    expect((await put(who(), id(), { options: [{ action: 'book', _id: 'fax-versand' }] })).status).toBe(status);
  });

  it('books once for a repeated idempotency key', async () => {
    const body = { options: [{ action: 'book', _id: 'support-telefon' }], idempotencyKey: 'checkout-4711' };
    const [first, second] = await Promise.all([put(eigen.manager, eigen.contract, body), put(eigen.manager, eigen.contract, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    const items = (await as(eigen.manager).get(`/api/contracts/${eigen.contract}`)).body.items as { product: string }[];
    expect(items.filter((i) => i.product === 'support-telefon')).toHaveLength(1);
    expect((await put(eigen.manager, eigen.contract, { ...body, idempotencyKey: 'böse key' })).status).toBe(400);
  });
});

describe('PUT /api/contracts/{id}: term change, revert, cancellation', () => {
  let id: string;
  const put = (body: object, who = eigen.manager) => as(who).put(`/api/contracts/${id}`, body);

  beforeAll(async () => {
    id = await addContract(app, { debtorId: 'E-2001', type: 'ROLE_HOME', homeId: eigen.home });
  });

  it.each([
    { title: 'a runtime outside month/year', body: { action: 'runtime_change', product: { runtime: 'week', type: 'basic' } }, path: 'product.runtime', message: M.runtime },
    { title: 'an unknown package', body: { action: 'runtime_change', product: { runtime: 'month', type: 'gold' } }, path: 'product.type', message: M.packageType },
    { title: 'Unlimited on a care home’s contract', body: { action: 'runtime_change', product: { runtime: 'year', type: 'unlimited' } }, path: 'product.type', message: `${M.runtimeNotChanged} ${M.packageNotOffered}` },
    { title: 'no product', body: { action: 'runtime_change' }, path: 'product', message: M.runtime },
    { title: 'an unknown action', body: { action: 'delete_contract' }, path: 'action', message: M.unknownAction },
    { title: 'an unknown change', body: { change: { contract: 'booked' } }, path: 'change.contract', message: M.unknownAction },
    { title: 'no action at all', body: {}, path: 'action', message: M.unknownAction },
    { title: 'two actions', body: { action: 'cancel_contract', change: { contract: 'canceled' } }, path: 'action', message: M.unknownAction },
  ])('refuses $title with 400', async ({ body, path, message }) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path, code: 'invalid', message });
  });

  it('refuses the same product and reverting nothing', async () => {
    const same = await put({ action: 'runtime_change', product: { runtime: 'year', type: 'basic' } });
    expect(same.status).toBe(409);
    expect(same.body.errors[0].message).toBe(`${M.runtimeNotChanged} ${M.sameProduct}`);
    const revert = await put({ action: 'revert_contract' });
    expect(revert.status).toBe(409);
    expect(revert.body.errors[0].message).toBe(`${M.notReverted} ${M.noChangePending}`);
  });

  it('changes the term for the next term; while pending, no options and no cancellation', async () => {
    const res = await put({ action: 'runtime_change', product: { runtime: 'month', type: 'premium' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.runtimeChanged);
    expect(res.body.contract.nextContract).toEqual({ product: { runtime: 'month', type: 'premium' }, validFrom: '01.01.2032', validTo: '31.01.2032', basePrice: 8900 });
    expect(res.body.contract.actions).toMatchObject({ shop: false, cancel: false, runtimeChange: false, revert: true });
    for (const [body, message] of [
      [{ options: [{ action: 'book', _id: 'fax-versand' }] }, `${M.optionsNotBooked} ${M.changePending}`],
      [{ action: 'cancel_contract' }, `${M.notCanceled} ${M.changePending}`],
      [{ action: 'runtime_change', product: { runtime: 'year', type: 'premium' } }, `${M.runtimeNotChanged} ${M.changePending}`],
    ] as const) {
      const refused = await put(body);
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].message).toBe(message);
    }
    const reverted = await put({ action: 'revert_contract' });
    expect(reverted.status).toBe(200);
    expect(reverted.body.message).toBe(M.reverted);
    expect(reverted.body.contract.nextContract).toBeNull();
  });

  it('cancels to the end of the term before the deadline; then the shop is closed and nothing more to cancel', async () => {
    const res = await put({ change: { contract: 'canceled' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${M.canceled} ${M.endsOn('31.12.2031')}`);
    expect(res.body.contract).toMatchObject({ state: 'canceled', validTo: '31.12.2031', cancellationDeadline: null });
    expect((await contractRow(app, id))!.canceledAt).not.toBeNull();
    const again = await put({ action: 'cancel_contract' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe(`${M.notCanceled} ${M.stateNotBooked}`);
    const book = await put({ options: [{ action: 'book', _id: 'fax-versand' }] });
    expect(book.body.errors[0].message).toBe(`${M.optionsNotBooked} ${M.stateNotBooked}`);
  });

  it('keeps the contract of the pharmacy to the pharmacy: a home manager cannot cancel it', async () => {
    const res = await as(heimLeitung).put('/api/contracts/1001_D-10001', { action: 'cancel_contract' });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].message).toBe(`${M.notCanceled} ${M.notOwnContract}`);
  });
});
