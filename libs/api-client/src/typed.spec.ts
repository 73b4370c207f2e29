import { demoAuth } from '../../../frontends/common/demo-auth';
import { fail, fakeApi } from '../../../frontends/common/test-utils';
import { setAuth } from './auth-store';
import { ApiError } from './api-error';
import { configureErrorHandler } from './error-handler';
import { callApi, routePath } from './typed';

describe('callApi', () => {
  beforeEach(() => {
    localStorage.clear();
    setAuth(demoAuth(['ROLE_ADMIN']));
    configureErrorHandler({ notify: () => undefined, navigate: () => undefined });
  });

  it("sends the route's method, path parameters and body, and answers the parsed JSON", async () => {
    const calls = fakeApi({ 'PUT /api/meetings/:contractId/:option': ({ params, body }) => ({ ...MEETING, contractId: params.contractId!, optionId: params.option!, date: body.date }) });
    const answer = await callApi('PUT /api/meetings/:contractId/:option', { params: { contractId: 'c1', option: 'o 1' }, body: { date: '01.02.2030', time: '10:00', system: 'Zoom' } });
    expect(answer).toEqual({ ...MEETING, contractId: 'c1', optionId: 'o 1', date: '01.02.2030' });
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['PUT', '/api/meetings/c1/o%201', { date: '01.02.2030', time: '10:00', system: 'Zoom' }]]);
  });

  it("reads a file route's answer as a Blob", async () => {
    fakeApi({ 'GET /api/tasks/:id/print': new Blob(['<html></html>'], { type: 'text/html' }) });
    const sheet = await callApi('GET /api/tasks/:id/print', { params: { id: 't1' } });
    expect(sheet).toBeInstanceOf(Blob);
    expect(sheet.type).toBe('text/html');
  });

  it('reads JSON from a file route that answers JSON', async () => {
    fakeApi({ 'GET /api/users/:id/profile/documents/:name': { name: 'Vertrag', mimeType: 'application/pdf', data: 'JVBERi0=' } });
    expect(await callApi('GET /api/users/:id/profile/documents/:name', { params: { id: 'u1', name: 'Vertrag' } })).toEqual({ name: 'Vertrag', mimeType: 'application/pdf', data: 'JVBERi0=' });
  });

  it('rejects with the error answer', async () => {
    fakeApi({ 'GET /api/acl': () => fail(403, 'Nicht erlaubt') });
    const error = await callApi('GET /api/acl', { handleErrors: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).errors[0]!.message]).toEqual([403, 'Nicht erlaubt']);
  });

  it('refuses a route whose path parameter is not given', () => {
    expect(() => routePath('GET /api/users/:id', {})).toThrow('missing route parameter id for GET /api/users/:id');
  });
});

const MEETING = {
  _id: 'm1',
  contractId: '',
  optionId: '',
  company: 'Heim',
  title: 'Webinar',
  type: 'webinar',
  date: null,
  time: null,
  system: null,
  url: '',
  info: '',
  description: '',
  bookedAt: '2030-01-01T00:00:00.000Z',
  startsAt: null,
  modifiedAt: '2030-01-01T00:00:00.000Z',
};
