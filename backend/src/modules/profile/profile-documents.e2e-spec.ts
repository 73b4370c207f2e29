import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { AuditService } from '../../core/audit/audit.service.js';
import { loginAll, type DemoUsername, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { buildTextPdf, DEMO_DOCUMENT_NAME } from './profile.seed.js';

let db: TestDatabase;
let app: NestExpressApplication;
let users: Record<DemoUsername, AuthRecord>;
const api = () => request(app.getHttpServer());
const NOBODY = '00000000-0000-4000-8000-000000000000';
const docs = (userId: string) => `/api/users/${userId}/profile/documents`;
const doc = (userId: string, name: string) => `${docs(userId)}/${encodeURIComponent(name)}`;
const pdf = buildTextPdf('Vereinbarung', ['Zeile eins', 'Zeile zwei']);

useTestApp(async (booted) => {
  ({ app, db } = booted);
  users = await loginAll(app);
});

const as = (name: DemoUsername) => users[name].token;
const id = (name: DemoUsername) => users[name].user._id;

describe('GET /api/users/:id/profile/documents', () => {
  it('requires sign-in', async () => {
    expect((await api().get(docs(NOBODY))).status).toBe(401);
  });

  it('lists the demo terms for the home user (seeded at boot with the demo flag)', async () => {
    const res = await api().get(docs(id('heim'))).set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name: DEMO_DOCUMENT_NAME, title: DEMO_DOCUMENT_NAME, decision: '', decidedAt: null })]);
    expect(res.body[0].size).toBeGreaterThan(500);
  });

  it('answers an empty list for a user without documents', async () => {
    const res = await api().get(docs(id('fahrer'))).set('x-auth-token', as('fahrer'));
    expect(res.body).toEqual([]);
  });

  it.each([
    // 404 where the user is not the caller's to see at all; 403 where the caller sees the user (apotheke lists all users) but may not read their documents.
    { title: 'arzt reading the home user’s documents', caller: 'arzt' as const, target: 'heim' as const, status: 404 },
    { title: 'apotheke reading the home user’s documents', caller: 'apotheke' as const, target: 'heim' as const, status: 403 },
    { title: 'fahrer reading the admin’s documents', caller: 'fahrer' as const, target: 'admin' as const, status: 404 },
  ])('refuses $title', async ({ caller, target, status }) => {
    expect((await api().get(docs(id(target))).set('x-auth-token', as(caller))).status).toBe(status);
  });

  it('lets the admin (profile_document_manage_view) read another user’s list; an unknown user is 404', async () => {
    expect((await api().get(docs(id('heim'))).set('x-auth-token', as('admin'))).status).toBe(200);
    expect((await api().get(docs(NOBODY)).set('x-auth-token', as('admin'))).status).toBe(404);
    expect((await api().get(docs('kein-id')).set('x-auth-token', as('admin'))).status).toBe(404);
  });
});

describe('GET /api/users/:id/profile/documents/:name', () => {
  it('requires sign-in', async () => {
    expect((await api().get(doc(NOBODY, 'a.pdf'))).status).toBe(401);
  });

  it('answers the PDF as base64 JSON by default', async () => {
    const res = await api().get(doc(id('heim'), DEMO_DOCUMENT_NAME)).set('x-auth-token', as('heim'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: DEMO_DOCUMENT_NAME, mimeType: 'application/pdf' });
    const bytes = Buffer.from(res.body.data, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('Nutzungsbedingungen Medikationsportal');
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('answers the raw PDF with noBase64=1 as a download', async () => {
    const res = await api().get(`${doc(id('heim'), DEMO_DOCUMENT_NAME)}?noBase64=1`).set('x-auth-token', as('heim')).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Nutzungsbedingungen.pdf"');
    expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('rejects an invalid noBase64 value with 400', async () => {
    expect((await api().get(`${doc(id('heim'), DEMO_DOCUMENT_NAME)}?noBase64=ja`).set('x-auth-token', as('heim'))).status).toBe(400);
  });

  it.each([
    { title: 'an unknown name of the own user', caller: 'heim' as const, target: 'heim' as const, name: 'fehlt.pdf', status: 404 },
    { title: 'another user’s document', caller: 'arzt' as const, target: 'heim' as const, name: DEMO_DOCUMENT_NAME, status: 404 },
    { title: 'a document of another user under the own id', caller: 'arzt' as const, target: 'arzt' as const, name: DEMO_DOCUMENT_NAME, status: 404 },
  ])('answers $status for $title', async ({ caller, target, name, status }) => {
    expect((await api().get(doc(id(target), name)).set('x-auth-token', as(caller))).status).toBe(status);
  });
});

describe('POST /api/users/:id/profile/documents', () => {
  it('requires sign-in', async () => {
    expect((await api().post(docs(NOBODY)).attach('file', pdf, 'a.pdf')).status).toBe(401);
  });

  it.each(['apotheke', 'heim', 'arzt', 'fahrer', 'buchhaltung'] as const)('refuses %s (no profile_document_manage_view)', async (caller) => {
    const res = await api().post(docs(id('arzt'))).set('x-auth-token', as(caller)).field('name', 'Vertrag.pdf').attach('file', pdf, 'v.pdf');
    expect(res.status).toBe(403);
  });

  it('lets the admin place a PDF that the user then sees, audited', async () => {
    const res = await api().post(docs(id('arzt'))).set('x-auth-token', as('admin')).field('name', 'Auftragsverarbeitung.pdf').attach('file', pdf, 'avv.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Auftragsverarbeitung.pdf', decision: '', size: pdf.length });
    const list = await api().get(docs(id('arzt'))).set('x-auth-token', as('arzt'));
    expect(list.body.map((d: { name: string }) => d.name)).toEqual(['Auftragsverarbeitung.pdf']);
    const audit = await app.get(AuditService, { strict: false }).find({ action: 'profile.document_place' });
    expect(audit[0]).toMatchObject({ actorId: id('admin'), target: id('arzt') });
  });

  it('takes the file name when no name is given', async () => {
    const res = await api().post(docs(id('fahrer'))).set('x-auth-token', as('admin')).attach('file', pdf, 'Tourenplan.pdf');
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Tourenplan.pdf');
  });

  it.each([
    { title: 'a PNG', data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), status: 415, message: 'Bitte laden Sie ein PDF-Dokument hoch.' },
    { title: 'text declared as PDF', data: Buffer.from('kein pdf'), status: 415, message: 'Bitte laden Sie ein PDF-Dokument hoch.' },
  ])('refuses $title with $status', async ({ data, status, message }) => {
    const res = await api().post(docs(id('arzt'))).set('x-auth-token', as('admin')).field('name', 'x.pdf').attach('file', data, { filename: 'x.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(status);
    expect(res.body.errors[0]).toMatchObject({ path: 'file', message });
  });

  it('answers 413 for a PDF over 20 MB', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(20 * 1024 * 1024 + 1)]);
    const res = await api().post(docs(id('arzt'))).set('x-auth-token', as('admin')).field('name', 'gross.pdf').attach('file', big, 'gross.pdf');
    expect(res.status).toBe(413);
  });

  it.each([
    { title: 'a missing file', name: 'a.pdf', file: false, path: 'file' },
    { title: 'a name with a slash', name: '../etc/passwd', file: true, path: 'name' },
    { title: 'a name with a brace prefix', name: '{accepted}a.pdf', file: true, path: 'name' },
  ])('answers 400 for $title', async ({ name, file, path }) => {
    let req = api().post(docs(id('arzt'))).set('x-auth-token', as('admin')).field('name', name);
    if (file) req = req.attach('file', pdf, 'a.pdf');
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(path);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await api().post(docs(NOBODY)).set('x-auth-token', as('admin')).attach('file', pdf, 'a.pdf')).status).toBe(404);
  });
});

describe('PUT /api/users/:id/profile/documents/:name', () => {
  beforeAll(async () => {
    await api().post(docs(id('arzt'))).set('x-auth-token', as('admin')).field('name', 'Datenschutz.pdf').attach('file', pdf, 'd.pdf');
  });

  it('requires sign-in', async () => {
    expect((await api().put(doc(NOBODY, 'a.pdf')).send({ name: '{accepted}a.pdf' })).status).toBe(401);
  });

  it('stores acceptance with the {accepted} prefix; the document stays readable under both names', async () => {
    const res = await api().put(doc(id('arzt'), 'Datenschutz.pdf')).set('x-auth-token', as('arzt')).send({ name: '{accepted}Datenschutz.pdf' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: '{accepted}Datenschutz.pdf', title: 'Datenschutz.pdf', decision: 'accepted' });
    expect(res.body.decidedAt).toEqual(expect.any(String));
    const list = await api().get(docs(id('arzt'))).set('x-auth-token', as('arzt'));
    expect(list.body.map((d: { name: string }) => d.name)).toContain('{accepted}Datenschutz.pdf');
    expect((await api().get(doc(id('arzt'), '{accepted}Datenschutz.pdf')).set('x-auth-token', as('arzt'))).status).toBe(200);
  });

  it('stores rejection with the {reject} prefix (a later choice replaces the earlier)', async () => {
    const res = await api().put(doc(id('arzt'), '{accepted}Datenschutz.pdf')).set('x-auth-token', as('arzt')).send({ name: '{reject}Datenschutz.pdf' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('{reject}Datenschutz.pdf');
  });

  it('resets the decision when the admin places a new version under the same name', async () => {
    await api().post(docs(id('arzt'))).set('x-auth-token', as('admin')).field('name', 'Datenschutz.pdf').attach('file', pdf, 'd2.pdf');
    const list = await api().get(docs(id('arzt'))).set('x-auth-token', as('arzt'));
    expect(list.body.filter((d: { title: string }) => d.title === 'Datenschutz.pdf')).toEqual([expect.objectContaining({ name: 'Datenschutz.pdf', decision: '' })]);
  });

  it.each([
    { title: 'no prefix', body: { name: 'Datenschutz.pdf' }, message: 'Bitte wählen Sie Akzeptieren oder Ablehnen.' },
    { title: 'an unknown prefix', body: { name: '{maybe}Datenschutz.pdf' }, message: 'Bitte wählen Sie Akzeptieren oder Ablehnen.' },
    { title: 'another document’s name', body: { name: '{accepted}Anderes.pdf' }, message: 'Der Name passt nicht zum Dokument.' },
    { title: 'a missing name', body: {}, message: 'Bitte wählen Sie Akzeptieren oder Ablehnen.' },
  ])('answers 400 for $title', async ({ body, message }) => {
    const res = await api().put(doc(id('arzt'), 'Datenschutz.pdf')).set('x-auth-token', as('arzt')).send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'name', message });
  });

  it.each([
    { title: 'the admin deciding for the doctor user', caller: 'admin' as const, status: 403 },
    { title: 'the home user deciding for the doctor user', caller: 'heim' as const, status: 404 },
  ])('refuses $title', async ({ caller, status }) => {
    const res = await api().put(doc(id('arzt'), 'Datenschutz.pdf')).set('x-auth-token', as(caller)).send({ name: '{accepted}Datenschutz.pdf' });
    expect(res.status).toBe(status);
  });

  it('answers 404 for an unknown document', async () => {
    const res = await api().put(doc(id('arzt'), 'fehlt.pdf')).set('x-auth-token', as('arzt')).send({ name: '{accepted}fehlt.pdf' });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /api/users/:id/profile/documents/:name', () => {
  it('requires sign-in', async () => {
    expect((await api().delete(doc(NOBODY, 'a.pdf'))).status).toBe(401);
  });

  it.each(['apotheke', 'heim', 'arzt', 'fahrer', 'buchhaltung'] as const)('refuses %s', async (caller) => {
    expect((await api().delete(doc(id('heim'), DEMO_DOCUMENT_NAME)).set('x-auth-token', as(caller))).status).toBe(403);
  });

  it('lets the admin remove a document; the user no longer sees it', async () => {
    await api().post(docs(id('buchhaltung'))).set('x-auth-token', as('admin')).field('name', 'Weg.pdf').attach('file', pdf, 'w.pdf');
    expect((await api().delete(doc(id('buchhaltung'), 'Weg.pdf')).set('x-auth-token', as('admin'))).status).toBe(204);
    expect((await api().get(docs(id('buchhaltung'))).set('x-auth-token', as('admin'))).body).toEqual([]);
    expect((await api().delete(doc(id('buchhaltung'), 'Weg.pdf')).set('x-auth-token', as('admin'))).status).toBe(404);
  });
});
