import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord, type MeetingDto } from '@mediport/contracts';
import { meetingPhase } from '@mediport/contracts/meetings';
import { MEETING_MESSAGES, MEETING_SYSTEMS } from '@mediport/validation';
import { AuditService } from '../../core/audit/audit.service.js';
import { loginAll, type DemoUsername, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { MEETING_URL_MESSAGE } from './dto/meeting-update.dto.js';
import { MeetingsRepository } from './meetings.repository.js';

let db: TestDatabase;
let app: NestExpressApplication;
let users: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());

const VALID = { date: '24.12.2030', time: '09:30', system: 'Zoom', url: 'https://zoom.us/j/1', info: 'Bitte pünktlich' };

useTestApp(async (booted) => {
  ({ app, db } = booted);
  users = await loginAll(app);
});

async function list(token: string, query = ''): Promise<{ data: MeetingDto[]; count: number }> {
  const res = await api().get(`/api/meetings${query}`).set('x-auth-token', token);
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /api/meetings', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/meetings')).status).toBe(401);
  });

  it.each(['admin', 'apotheke'] as const)('lists all three demo meetings (planning, upcoming, ended) for %s', async (username) => {
    const body = await list(users[username].token);
    expect(body.count).toBe(3);
    const phases = body.data.map((m) => meetingPhase(m, Date.now())).sort();
    expect(phases).toEqual(['ended', 'planning', 'upcoming']);
    // Planned meetings (no date) lead, then newest first.
    expect(body.data[0]).toMatchObject({ date: null, time: null, startsAt: null });
    expect(body.data[1]!.date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  it.each([
    { username: 'heim', titles: ['Einführung in das Medikationsportal', 'Rezeptanforderungen per Fax und E-Mail'] },
    { username: 'arzt', titles: ['Verträge und Abrechnung'] },
  ] as const)("lists only the own party's meetings for $username (a meeting is for its party, the pharmacy and admins)", async ({ username, titles }) => {
    const body = await list(users[username].token);
    expect(body.data.map((m) => m.title).sort()).toEqual([...titles].sort());
    expect(body.count).toBe(titles.length);
    const all = await list(users.admin.token);
    for (const other of all.data.filter((m) => !(titles as readonly string[]).includes(m.title))) {
      expect((await api().get(`/api/meetings/${other._id}`).set('x-auth-token', users[username].token)).status).toBe(404);
      expect((await api().get(`/api/meetings/${other.contractId}/${other.optionId}`).set('x-auth-token', users[username].token)).status).toBe(404);
    }
  });

  it.each(['fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (username) => {
    const res = await api().get('/api/meetings').set('x-auth-token', users[username].token);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });

  it('pages with offset and limit, sorts and filters by text', async () => {
    const page = await list(users.admin.token, '?offset=1&limit=1');
    expect(page).toMatchObject({ count: 3 });
    expect(page.data).toHaveLength(1);
    const asc = await list(users.admin.token, '?sort=title');
    expect(asc.data.map((m) => m.title)).toEqual([...asc.data.map((m) => m.title)].sort((a, b) => a.localeCompare(b)));
    const found = await list(users.admin.token, `?filter[text]=${encodeURIComponent('rezept')}`);
    expect(found.count).toBe(1);
    expect(found.data[0]!.title).toBe('Rezeptanforderungen per Fax und E-Mail');
    expect((await list(users.admin.token, '?limit=-1')).data).toHaveLength(3);
  });

  it.each([
    { title: 'negative offset', query: '?offset=-1' },
    { title: 'text limit', query: '?limit=abc' },
    { title: 'unknown sort', query: '?sort=password' },
  ])('rejects $title with 400', async ({ query }) => {
    const res = await api().get(`/api/meetings${query}`).set('x-auth-token', users.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(API_MESSAGES.invalidInput);
  });
});

describe('GET /api/meetings/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/meetings/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('answers one meeting by its _id; 404 for an unknown or malformed id', async () => {
    const [first] = (await list(users.heim.token)).data;
    const res = await api().get(`/api/meetings/${first!._id}`).set('x-auth-token', users.heim.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await api().get(`/api/meetings/${id}`).set('x-auth-token', users.heim.token)).status).toBe(404);
    }
  });

  it.each(['fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (username) => {
    expect((await api().get('/api/meetings/00000000-0000-4000-8000-000000000000').set('x-auth-token', users[username].token)).status).toBe(403);
  });
});

describe('GET /api/meetings/{contractId}/{option}', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/meetings/1001/webinar-rezepte')).status).toBe(401);
  });

  it('answers the meeting of a contract option; 404 for an unknown one', async () => {
    const res = await api().get('/api/meetings/1001/webinar-rezepte').set('x-auth-token', users.heim.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contractId: '1001', optionId: 'webinar-rezepte', system: 'Zoom', time: '14:00' });
    expect((await api().get('/api/meetings/1001/nope').set('x-auth-token', users.arzt.token)).status).toBe(404);
  });

  it.each(['fahrer', 'buchhaltung'] as const)('is forbidden for %s', async (username) => {
    expect((await api().get('/api/meetings/1001/webinar-rezepte').set('x-auth-token', users[username].token)).status).toBe(403);
  });
});

describe('PUT /api/meetings/{contractId}/{option}', () => {
  const path = '/api/meetings/1001/webinar-einfuehrung';

  it('requires sign-in', async () => {
    expect((await api().put(path).send(VALID)).status).toBe(401);
  });

  it.each(['apotheke', 'heim', 'arzt', 'fahrer', 'buchhaltung'] as const)('is forbidden for %s (no meeting_edit_view)', async (username) => {
    const res = await api().put(path).set('x-auth-token', users[username].token).send(VALID);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });

  it.each([
    { title: 'no date', body: { ...VALID, date: '' }, path: 'date' },
    { title: 'missing date', body: { time: VALID.time, system: VALID.system }, path: 'date' },
    { title: 'no time', body: { ...VALID, time: '' }, path: 'time' },
    { title: 'no system', body: { ...VALID, system: '' }, path: 'system' },
    { title: 'an unknown system', body: { ...VALID, system: 'Telefon' }, path: 'system' },
    { title: 'a date as a number', body: { ...VALID, date: 20301224 }, path: 'date' },
  ])('rejects $title with 400 "Bitte füllen Sie alle Felder aus."', async ({ body, path: field }) => {
    const res = await api().put(path).set('x-auth-token', users.admin.token).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: field, message: MEETING_MESSAGES.incomplete, code: 'invalid' });
  });

  it.each([
    { title: 'a day that does not exist (31.02.2026)', body: { ...VALID, date: '31.02.2026' }, path: 'date', message: 'Den 31.02.2026 gibt es nicht. Bitte geben Sie ein gültiges Datum ein.' },
    { title: 'a 29 February outside a leap year', body: { ...VALID, date: '29.02.2027' }, path: 'date', message: MEETING_MESSAGES.dateImpossible('29.02.2027') },
    { title: 'a date in ISO form', body: { ...VALID, date: '2030-12-24' }, path: 'date', message: 'Bitte geben Sie das Datum im Format TT.MM.JJJJ ein.' },
    { title: 'the time 25:00', body: { ...VALID, time: '25:00' }, path: 'time', message: 'Die Uhrzeit 25:00 gibt es nicht. Bitte geben Sie eine Uhrzeit zwischen 00:00 und 23:59 ein.' },
    { title: 'a time with a dot', body: { ...VALID, time: '9.30' }, path: 'time', message: 'Bitte geben Sie die Uhrzeit im Format HH:MM ein.' },
  ])('rejects $title with 400 and its own message, as the form does', async ({ body, path: field, message }) => {
    const res = await api().put(path).set('x-auth-token', users.admin.token).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: field, message, code: 'invalid' }]);
  });

  it('stores a date and time typed without leading zeros in their full form', async () => {
    const res = await api().put(path).set('x-auth-token', users.admin.token).send({ ...VALID, date: '1.2.2031', time: '9:05' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: '01.02.2031', time: '09:05' });
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'zoom.us/j/1'])('refuses the link %s', async (url) => {
    const res = await api().put(path).set('x-auth-token', users.admin.token).send({ ...VALID, url });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'url', message: MEETING_URL_MESSAGE, code: 'invalid' });
  });

  it('answers 404 for an unknown contract option', async () => {
    expect((await api().put('/api/meetings/9999/none').set('x-auth-token', users.admin.token).send(VALID)).status).toBe(404);
  });

  it.each(MEETING_SYSTEMS.map((system) => ({ system })))('saves a planned meeting with $system, which then has a start', async ({ system }) => {
    const res = await api().put(path).set('x-auth-token', users.admin.token).send({ ...VALID, system });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: '24.12.2030', time: '09:30', system, url: 'https://zoom.us/j/1', info: 'Bitte pünktlich' });
    // 09:30 in Berlin in winter is 08:30 UTC.
    expect(res.body.startsAt).toBe('2030-12-24T08:30:00.000Z');
    expect(meetingPhase(res.body, Date.now())).toBe('upcoming');
    const [row] = await app.get(AuditService, { strict: false }).find({ action: 'meeting.update' });
    expect(row).toMatchObject({ actorId: users.admin.user._id, target: res.body._id });
  });
});

describe('MeetingsRepository.upcoming', () => {
  it('returns running and upcoming meetings with a date, earliest first, never ended or planned ones', async () => {
    const repo = app.get(MeetingsRepository, { strict: false });
    const rows = await repo.upcoming(10, undefined);
    expect(rows.map((r) => r.optionId)).toEqual(['webinar-rezepte', 'webinar-einfuehrung']);
    expect(await repo.upcoming(1, undefined)).toHaveLength(1);
  });
});
