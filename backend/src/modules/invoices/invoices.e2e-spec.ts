import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { AuthRecord } from '@mediport/contracts';
import { INVOICE_MESSAGES, type InvoiceDto, type InvoiceListResponse } from '@mediport/contracts/invoices';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { pdfText } from '../../core/pdf/testing/pdf-text.js';
import { auditLog, doctors, homes, invoicePositions, invoices } from '../../db/schema/index.js';
import { type DemoUsername, loginAll, useTestApp } from '../../testing/test-app.js';
import { addUser } from '../contracts/testing/contract-fixtures.js';
import { binary } from '../../testing/binary.js';
import { addInvoice, invoiceRow } from './testing/invoice-fixtures.js';

let app: NestExpressApplication;
let database: Database;
let demo: Record<DemoUsername, AuthRecord>;
const users: Record<string, AuthRecord> = {};
const ids = { home: '', doctor: '', otherHome: '', otherDoctor: '' };
/** Invoices to the demo home, the demo doctor, another home, another doctor and the pharmacy. */
const inv = { home: { id: '', number: '', path: '' }, doctor: { id: '', number: '', path: '' }, otherHome: { id: '', number: '', path: '' }, otherDoctor: { id: '', number: '', path: '' }, pharma: { id: '', number: '', path: '' } };

const api = () => request(app.getHttpServer());
const token = (name: string) => (users[name] ?? demo[name as DemoUsername])!.token;
const get = (name: string, path: string) => api().get(path).set('x-auth-token', token(name));
const put = (name: string, body: unknown) => api().put('/api/invoices').set('x-auth-token', token(name)).send(body as object);

useTestApp(async (booted) => {
  app = booted.app;
  database = app.get<Database>(DB, { strict: false });
  demo = await loginAll(app);
  ids.home = demo.heim.home!._id;
  ids.doctor = demo.arzt.doctor!._id;
  ids.otherHome = (await database.insert(homes).values({ name: 'Haus Fremd', email: 'info@fremd.de' }).returning({ id: homes.id }))[0]!.id;
  ids.otherDoctor = (await database.insert(doctors).values({ lastname: 'Fremd', email: 'praxis@fremd.de' }).returning({ id: doctors.id }))[0]!.id;
  users['heim.leitung'] = await addUser(app, { username: 'heim.leitung', roles: ['ROLE_HOME', 'ROLE_MANAGER'], homeId: ids.home });
  users['praxis.leitung'] = await addUser(app, { username: 'praxis.leitung', roles: ['ROLE_DOCTOR', 'ROLE_MANAGER'], doctorId: ids.doctor });
  users['heim.buchhalter'] = await addUser(app, { username: 'heim.buchhalter', roles: ['ROLE_HOME', 'ROLE_ACCOUNTING'], homeId: ids.home });
  users['arzt.buchhalter'] = await addUser(app, { username: 'arzt.buchhalter', roles: ['ROLE_DOCTOR', 'ROLE_ACCOUNTING'], doctorId: ids.doctor });
  inv.home = await addInvoice(app, { home: ids.home, name: 'Haus Sonnenschein' });
  inv.doctor = await addInvoice(app, { doctor: ids.doctor, name: 'Dr. Anna Berger' });
  inv.otherHome = await addInvoice(app, { home: ids.otherHome, name: 'Haus Fremd' });
  inv.otherDoctor = await addInvoice(app, { doctor: ids.otherDoctor, name: 'Dr. Fremd' });
  inv.pharma = await addInvoice(app, { name: 'Apotheke am Markt', parties: [{ name: 'Haus Sonnenschein', amount: 5900, home: ids.home }, { name: 'Dr. Anna Berger', amount: 1000, doctor: ids.doctor }] });
});

async function allIds(name: string): Promise<string[]> {
  const res = await get(name, '/api/invoices?limit=-1');
  expect(res.status).toBe(200);
  return (res.body as InvoiceListResponse).data.map((i) => i._id);
}

describe('GET /api/invoices', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/invoices')).status).toBe(401);
    expect((await api().get('/api/invoice/list')).status).toBe(401);
  });

  it('shows accounting the demo invoices of the pharmacy, a home and a practice, newest number first, with the spec’s fields and status texts', async () => {
    const res = await get('buchhaltung', '/api/invoices?limit=-1&filter[text]=RE-20');
    expect(res.status).toBe(200);
    const body = res.body as InvoiceListResponse;
    const demoInvoices = body.data.filter((i) => !i.number.startsWith('RE-2099'));
    expect(new Set(demoInvoices.map((i) => i.role))).toEqual(new Set(['pharma', 'homes', 'doctors']));
    expect(new Set(demoInvoices.map((i) => i.statusText))).toEqual(new Set(['bezahlt', 'zu bezahlen']));
    const numbers = body.data.map((i) => i.number);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const one = demoInvoices.find((i) => i.role === 'homes')!;
    expect(one).toMatchObject({ name: 'Seniorenresidenz Am Stadtpark', debtor: 'K-20001', withLogin: true, path: `${one.number}.pdf`, creditNote: false, cancels: null, canceledBy: null });
    expect(one.price).toBe(one.net + one.vat);
    expect(one.vat).toBe(Math.round(one.net * 0.19));
    expect(one.invoiceDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  const cases = [
    { title: 'accounting alone sees every invoice', who: 'buchhaltung', sees: ['home', 'doctor', 'otherHome', 'otherDoctor', 'pharma'] },
    { title: 'an administrator sees every invoice', who: 'admin', sees: ['home', 'doctor', 'otherHome', 'otherDoctor', 'pharma'] },
    { title: 'a pharmacy manager sees every invoice', who: 'apotheke', sees: ['home', 'doctor', 'otherHome', 'otherDoctor', 'pharma'] },
    { title: 'accounting with Heim sees only that home’s invoices', who: 'heim.buchhalter', sees: ['home'] },
    { title: 'accounting with Arzt sees only that doctor’s invoices', who: 'arzt.buchhalter', sees: ['doctor'] },
    { title: 'a home manager sees the own home’s invoices', who: 'heim.leitung', sees: ['home'] },
    { title: 'a practice manager sees the own doctor’s invoices', who: 'praxis.leitung', sees: ['doctor'] },
  ] as const;

  it.each(cases)('$title', async ({ who, sees }) => {
    const visible = await allIds(who);
    for (const key of Object.keys(inv) as (keyof typeof inv)[]) {
      expect({ invoice: key, visible: visible.includes(inv[key].id) }).toEqual({ invoice: key, visible: (sees as readonly string[]).includes(key) });
    }
    // The same list under its older path.
    const legacy = await get(who, '/api/invoice/list?limit=-1');
    expect(legacy.body.data.map((i: InvoiceDto) => i._id)).toEqual(visible);
  });

  it.each(['heim', 'arzt', 'fahrer'] as const)('refuses %s (no invoice right)', async (who) => {
    expect((await get(who, '/api/invoices')).status).toBe(403);
  });

  it('pages, filters and counts; type=1 carries each invoice’s proof list', async () => {
    const page = await get('buchhaltung', '/api/invoices?limit=2&offset=1&filter[text]=RE-2099');
    expect(page.body.count).toBeGreaterThanOrEqual(5);
    expect(page.body.data).toHaveLength(2);
    expect((await get('buchhaltung', '/api/invoices?filter[role]=doctors&filter[text]=RE-2099&limit=-1')).body.data.map((i: InvoiceDto) => i._id).sort()).toEqual([inv.doctor.id, inv.otherDoctor.id].sort());
    expect((await get('buchhaltung', `/api/invoices?filter[home]=${ids.home}&limit=-1`)).body.data.map((i: InvoiceDto) => i._id)).toEqual([inv.home.id]);
    const withProofs = await get('buchhaltung', `/api/invoices?type=1&filter[text]=${inv.pharma.number}`);
    expect(withProofs.body.data).toHaveLength(1);
    expect(withProofs.body.data[0].proofs).toEqual([
      { invoice: inv.pharma.id, debtor: 'FX-P', role: 'homes', withLogin: true, name: 'Haus Sonnenschein', price: 5900, modifiedAt: '2099-01-01T09:00:00.000Z' },
      { invoice: inv.pharma.id, debtor: 'FX-P', role: 'doctors', withLogin: true, name: 'Dr. Anna Berger', price: 1000, modifiedAt: '2099-01-01T09:00:00.000Z' },
    ]);
    expect((await get('buchhaltung', '/api/invoices?limit=1')).body.data[0].proofs).toBeUndefined();
  });

  const bad = [
    { title: 'a negative offset', query: 'offset=-1' },
    { title: 'an unknown sort key', query: 'sort=debtorKey' },
    { title: 'an unknown status', query: 'filter[status]=deleted' },
    { title: 'a malformed month', query: 'filter[month]=2026-13' },
    { title: 'a type other than 0 or 1', query: 'type=7' },
    { title: 'a malformed home id', query: 'filter[home]=../1' },
  ];
  it.each(bad)('answers $title with 400 and a German message', async ({ query }) => {
    const res = await get('buchhaltung', `/api/invoices?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/[Uu]ngültig|Monat|Parameter/);
  });
});

describe('GET /api/invoices/proof', () => {
  it('requires sign-in', async () => {
    expect((await api().get('/api/invoices/proof')).status).toBe(401);
  });

  it('answers one invoice’s proof rows, and 404 for an invoice outside the caller’s reach', async () => {
    const own = await get('heim.buchhalter', `/api/invoices/proof?id=${inv.home.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ count: 1, data: [expect.objectContaining({ invoice: inv.home.id, name: 'Haus Sonnenschein', role: 'homes', price: 5900 })] });
    expect((await get('heim.buchhalter', `/api/invoices/proof?id=${inv.otherHome.id}`)).status).toBe(404);
    expect((await get('heim.buchhalter', `/api/invoices/proof?id=${inv.pharma.id}`)).status).toBe(404);
    expect((await get('heim.buchhalter', '/api/invoices/proof?id=nicht-da')).status).toBe(404);
  });

  it('without an id: the proof rows of every invoice the caller sees, paged', async () => {
    const mine = await get('heim.buchhalter', '/api/invoices/proof?limit=-1');
    expect(mine.body.data.map((p: { invoice: string }) => p.invoice)).toEqual([inv.home.id]);
    const named = await get('buchhaltung', '/api/invoices/proof?limit=-1&filter[text]=Anna%20Berger');
    expect(named.body.data.map((p: { invoice: string; name: string }) => [p.invoice, p.name])).toEqual(expect.arrayContaining([[inv.doctor.id, 'Dr. Anna Berger'], [inv.pharma.id, 'Dr. Anna Berger']]));
    expect(named.body.data.every((p: { name: string }) => p.name.includes('Anna Berger'))).toBe(true);
    const all = await get('buchhaltung', '/api/invoices/proof?limit=2');
    expect(all.body.data).toHaveLength(2);
    expect(all.body.count).toBeGreaterThan(5);
  });
});

describe('GET /api/invoices/download/{id}', () => {
  it('requires sign-in', async () => {
    expect((await api().get(`/api/invoices/download/${inv.home.id}`)).status).toBe(401);
  });

  it('prints the invoice on its first download, answers the PDF and makes an unread invoice open', async () => {
    const target = await addInvoice(app, { home: ids.home, name: 'Haus Sonnenschein', parties: [{ name: 'Haus Sonnenschein', amount: 5900, home: ids.home }] });
    expect((await invoiceRow(app, target.id))!.status).toBe('unread');
    const res = await binary(get('heim.buchhalter', `/api/invoices/download/${target.id}?path=${encodeURIComponent(target.path)}`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(target.path);
    const text = (await pdfText(res.body as Buffer)).text.replace(/\s+/g, ' ');
    for (const expected of ['Rechnung', target.number, 'Haus Sonnenschein', 'Apotheke am Markt', '59,00 €', '11,21 €', '70,21 €', 'Bitte überweisen Sie', 'Nachweis']) expect(text).toContain(expected);
    const row = (await invoiceRow(app, target.id))!;
    expect(row).toMatchObject({ status: 'open', downloadedBy: users['heim.buchhalter']!.user._id });
    expect(row.fileId).not.toBeNull();
    // A second download keeps the stored file and the status.
    const again = await binary(get('buchhaltung', `/api/invoices/download/${target.id}`));
    expect(again.status).toBe(200);
    expect((await invoiceRow(app, target.id))!.fileId).toBe(row.fileId);
    const audit = await database.select().from(auditLog).where(eq(auditLog.target, target.id));
    expect(audit.map((a) => a.action)).toEqual(['invoice.open']);
  });

  it('leaves a paid invoice paid', async () => {
    const paid = await addInvoice(app, { status: 'paid' });
    expect((await binary(get('buchhaltung', `/api/invoices/download/${paid.id}`))).status).toBe(200);
    expect((await invoiceRow(app, paid.id))!.status).toBe('paid');
  });

  const tricks = [
    { title: 'a path up the tree', path: () => '../../etc/passwd' },
    { title: 'an encoded path up the tree', path: () => '..%2F..%2Fetc%2Fpasswd' },
    { title: 'an absolute path', path: () => '/etc/passwd' },
    { title: 'another invoice’s file', path: () => inv.doctor.path },
    { title: 'its own name with a directory before it', path: () => `x/../${inv.home.path}` },
  ];
  it.each(tricks)('answers 404 for $title, and the invoice stays unread', async ({ path }) => {
    const target = await addInvoice(app, { home: ids.home });
    const res = await get('buchhaltung', `/api/invoices/download/${target.id}?path=${encodeURIComponent(path())}`);
    expect(res.status).toBe(404);
    expect(res.body.errors[0].message).toBeTruthy();
    expect((await invoiceRow(app, target.id))!.status).toBe('unread');
  });

  it('answers a path with a NUL character with 400 and a German message, and the invoice stays unread', async () => {
    const target = await addInvoice(app, { home: ids.home });
    const res = await get('buchhaltung', `/api/invoices/download/${target.id}?path=${encodeURIComponent(`${target.path}\u0000`)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBeTruthy();
    expect((await invoiceRow(app, target.id))!.status).toBe('unread');
  });

  it('answers 404 for another home’s invoice, an unknown and a malformed id', async () => {
    expect((await get('heim.buchhalter', `/api/invoices/download/${inv.otherHome.id}`)).status).toBe(404);
    expect((await get('heim.leitung', `/api/invoices/download/${inv.pharma.id}`)).status).toBe(404);
    expect((await get('buchhaltung', '/api/invoices/download/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('buchhaltung', '/api/invoices/download/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await invoiceRow(app, inv.otherHome.id))!.status).toBe('unread');
  });

  it('refuses callers without the download right', async () => {
    expect((await get('heim', `/api/invoices/download/${inv.home.id}`)).status).toBe(403);
    expect((await get('fahrer', `/api/invoices/download/${inv.home.id}`)).status).toBe(403);
  });
});

describe('PUT /api/invoices', () => {
  it('requires sign-in', async () => {
    expect((await api().put('/api/invoices').send({ id: inv.home.id, action: 'change_status', data: 'paid' })).status).toBe(401);
  });

  it('change_status: paid, then open again, with the spec’s texts and an audit row each', async () => {
    const target = await addInvoice(app, { home: ids.home });
    const paid = await put('buchhaltung', { id: target.id, path: target.path, action: 'change_status', data: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ success: true, _id: target.id, status: 'paid', message: INVOICE_MESSAGES.markedPaid });
    expect((await invoiceRow(app, target.id))!).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    const listed = await get('buchhaltung', `/api/invoices?filter[text]=${target.number}`);
    expect(listed.body.data[0]).toMatchObject({ status: 'paid', statusText: 'bezahlt' });
    const open = await put('buchhaltung', { id: target.id, action: 'change_status', data: 'open' });
    expect(open.body).toMatchObject({ status: 'open', message: INVOICE_MESSAGES.markedOpen });
    expect((await invoiceRow(app, target.id))!).toMatchObject({ status: 'open', paidAt: null });
    expect((await get('buchhaltung', `/api/invoices?filter[text]=${target.number}`)).body.data[0].statusText).toBe('zu bezahlen');
    const audit = await database.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, target.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['invoice.paid', 'invoice.reopen']);
  });

  it('accounting with Heim toggles its home’s invoices; another home’s is 404 and stays as it was', async () => {
    const own = await addInvoice(app, { home: ids.home });
    expect((await put('heim.buchhalter', { id: own.id, action: 'change_status', data: 'paid' })).status).toBe(200);
    const foreign = await addInvoice(app, { home: ids.otherHome });
    const res = await put('heim.buchhalter', { id: foreign.id, action: 'change_status', data: 'paid' });
    expect(res.status).toBe(404);
    expect((await invoiceRow(app, foreign.id))!.status).toBe('unread');
  });

  it.each(['heim.leitung', 'apotheke'])('%s may see but not toggle an invoice (403, unchanged)', async (who) => {
    const target = await addInvoice(app, { home: ids.home });
    const res = await put(who, { id: target.id, action: 'change_status', data: 'paid' });
    expect(res.status).toBe(403);
    expect((await invoiceRow(app, target.id))!.status).toBe('unread');
  });

  const badBodies = [
    { title: 'no id', body: { id: undefined, action: 'change_status', data: 'paid' }, status: 400, message: INVOICE_MESSAGES.invoiceId },
    { title: 'an id that is a number', body: { id: 7, action: 'change_status', data: 'paid' }, status: 400, message: INVOICE_MESSAGES.invoiceId },
    { title: 'a status other than paid or open', body: { action: 'change_status', data: 'canceled' }, status: 400, message: INVOICE_MESSAGES.paymentState },
    { title: 'an unknown action', body: { action: 'delete' }, status: 400, message: INVOICE_MESSAGES.unknownAction },
    { title: 'no action', body: { data: 'paid' }, status: 400, message: INVOICE_MESSAGES.unknownAction },
    { title: 'a path that is not the invoice’s file', body: { action: 'change_status', data: 'paid', path: '../../etc/passwd' }, status: 404, message: null },
    { title: 'a path that is not text', body: { action: 'change_status', data: 'paid', path: ['x'] }, status: 400, message: INVOICE_MESSAGES.path },
  ];
  it.each(badBodies)('answers $title with $status, nothing written', async ({ body, status, message }) => {
    const target = await addInvoice(app, { home: ids.home });
    const res = await put('admin', { id: target.id, ...body });
    expect(res.status).toBe(status);
    if (message) expect(res.body.errors[0].message).toBe(message);
    expect((await invoiceRow(app, target.id))!.status).toBe('unread');
  });

  it('cancel: a credit note with its own number repeats the positions negated; the invoice stays, canceled, and cannot be toggled', async () => {
    const target = await addInvoice(app, { home: ids.home, parties: [{ name: 'Haus Sonnenschein', amount: 5900, home: ids.home }, { name: 'Haus Sonnenschein', amount: 1900, home: ids.home }] });
    expect((await put('buchhaltung', { id: target.id, action: 'cancel' })).status).toBe(403);
    const res = await put('admin', { id: target.id, action: 'cancel' });
    expect(res.status).toBe(200);
    const note = res.body.creditNote as { _id: string; number: string };
    expect(res.body).toMatchObject({ success: true, _id: target.id, status: 'canceled' });
    expect(res.body.message).toBe(INVOICE_MESSAGES.canceled(note.number));
    expect(note.number).toMatch(/^RE-\d{4}-\d{6}$/);
    const original = (await invoiceRow(app, target.id))!;
    const credit = (await invoiceRow(app, note._id))!;
    expect(original).toMatchObject({ status: 'canceled', creditNoteId: note._id });
    expect(credit).toMatchObject({ kind: 'credit_note', status: 'canceled', cancelsId: target.id, netCents: -original.netCents, grossCents: -original.grossCents, homeId: ids.home });
    const positions = await database.select({ amount: invoicePositions.amount }).from(invoicePositions).where(eq(invoicePositions.invoiceId, note._id));
    expect(positions.map((p) => p.amount).sort((a, b) => a - b)).toEqual([-5900, -1900]);
    // The list shows both as canceled, linked; the credit note carries the spec's text on the client.
    const listed = (await get('heim.buchhalter', '/api/invoices?limit=-1')).body.data as InvoiceDto[];
    expect(listed.find((i) => i._id === target.id)).toMatchObject({ statusText: 'storniert', canceledBy: { _id: note._id, number: note.number } });
    expect(listed.find((i) => i._id === note._id)).toMatchObject({ statusText: 'storniert', creditNote: true, cancels: { _id: target.id, number: target.number } });
    // The credit note's PDF says so.
    const pdf = await binary(get('admin', `/api/invoices/download/${note._id}`));
    const text = (await pdfText(pdf.body as Buffer)).text.replace(/\s+/g, ' ');
    for (const expected of ['Gutschrift', note.number, INVOICE_MESSAGES.creditNote, target.number, '-78,00 €']) expect(text).toContain(expected);
    // Neither can be canceled again nor toggled; nothing was deleted.
    for (const id of [target.id, note._id]) {
      const again = await put('admin', { id, action: 'cancel' });
      expect(again.status).toBe(409);
      const toggle = await put('buchhaltung', { id, action: 'change_status', data: 'paid' });
      expect(toggle.status).toBe(409);
      expect(toggle.body.errors[0].message).toBe(INVOICE_MESSAGES.statusOfCanceled);
    }
    expect(await database.select({ id: invoices.id }).from(invoices).where(eq(invoices.id, target.id))).toHaveLength(1);
  });
});
