/**
 * Input fuzzing over every route: bad input never gives a 5xx, always a 4xx with
 * German messages, and stores nothing. The routes and what each reads (@Body DTO, @Query, params,
 * multipart) come from Nest's router at run time (testing/routes.ts), the fields from the DTOs'
 * class-validator metadata: a new route or field is fuzzed without touching this file.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getMetadataStorage } from 'class-validator';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord } from '@mediport/contracts';
import { MEETING_SYSTEMS } from '@mediport/validation';
import { type DiscoveredRoute, discoverRoutes } from '../../testing/routes.js';
import { DEMO_PASSWORD, type DemoUsername, loginAll, useTestApp } from '../../testing/test-app.js';
import { DB } from '../db/db.module.js';
import type { Database } from '../db/database.js';
import { MAX_INPUT_DEPTH } from './input-rules.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Json = unknown;

/** One request of the corpus: a JSON body (raw text when `raw`), a query string, multipart fields or a bad param. */
interface Payload {
  title: string;
  body?: Json;
  raw?: string;
  query?: string;
  fields?: [string, string][];
  params?: Record<string, string>;
}

interface Failure {
  route: string;
  payload: string;
  problem: string;
}

/** Words of English validation messages (class-validator, Nest, body-parser, multer). */
const ENGLISH = /\b(must|should|expected|property|failed|validation|value|object|string|array|number|boolean|empty|invalid|too|field|unexpected)\b/i;

/** Tables whose rows change on a refused request by design: sessions (last seen) and failed sign-ins. */
const VOLATILE_TABLES = new Set(['sessions', 'login_failures']);

/** Fields where null is a meaningful value (clears an assignment); everything else must refuse null. */
const NULL_ALLOWED: Record<string, string[]> = { UserWriteDto: ['doctor', 'home', 'homeGroup'] };

/** Values of another type that a field takes by design (PUT /api/tasks/seen: a list of ids, or true for all). */
const OTHER_TYPE_ALLOWED: Record<string, Record<string, Json[]>> = { TaskSeenDto: { tasks: [true] }, EventsSeenDto: { events: [true] } };

let app: NestExpressApplication;
let records: Record<DemoUsername, AuthRecord>;
let routes: DiscoveredRoute[];
let tables: string[];
let bases: Record<string, (n: number) => Record<string, Json>>;
let paramValues: Record<string, string>;
let sent = 0;

const NUL = 'a\u0000b';
const MEGABYTE = 'a'.repeat(1024 * 1024 + 1);
const deepJson = (levels: number, leaf = '1') => `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;

/**
 * Values a field must refuse, whatever it is: characters no field accepts, a megabyte. The rarer
 * characters (`all`) go to the first field of each DTO only; the unit spec covers each of them.
 */
function badStrings(multiline: boolean, all = false): [string, Json][] {
  const out: [string, Json][] = [
    ['NUL', NUL],
    ['ESC', 'a\u001b[31mb'],
    ['right-to-left override', 'Rechnung\u202efdp.exe'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', 'x\udc00'],
    ['1 MB string', MEGABYTE],
  ];
  if (all) out.push(['C1 control (NEL)', 'a\u0085b'], ['DEL', 'a\u007fb'], ['bidi isolate', 'a\u2066b\u2069'], ['right-to-left mark', 'a\u200fb']);
  if (!multiline) out.push(['line feed', 'a\nb']);
  if (!multiline && all) out.push(['tab', 'a\tb'], ['carriage return', 'a\rb']);
  return out;
}

type FieldKind = 'string' | 'boolean' | 'number' | 'array' | 'object';

interface DtoField {
  name: string;
  kind: FieldKind;
  multiline: boolean;
}

/** The DTO's properties with the kind of value they take, from class-validator's metadata. */
function dtoFields(dto: Function): DtoField[] {
  const metas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const byName = new Map<string, DtoField>();
  for (const m of metas) {
    const field = byName.get(m.propertyName) ?? { name: m.propertyName, kind: 'string', multiline: false };
    const constraint = m.name ?? '';
    if (constraint === 'isBoolean') field.kind = 'boolean';
    if (constraint === 'isArray') field.kind = 'array';
    if (constraint === 'isObject') field.kind = 'object';
    if (constraint === 'isIn' && !m.each && (m.constraints?.[0] as unknown[]).every((v) => typeof v === 'number')) field.kind = 'number';
    byName.set(m.propertyName, field);
  }
  for (const name of ['info', 'content']) if (byName.has(name)) byName.get(name)!.multiline = true;
  return [...byName.values()];
}

const WRONG_TYPES: Record<FieldKind, [string, Json][]> = {
  string: [['number', 123], ['array', ['a']], ['object', { a: 'b' }], ['boolean', true]],
  boolean: [['string', 'true'], ['number', 1], ['array', [true]], ['object', {}]],
  number: [['string', '1'], ['boolean', true], ['array', [1]], ['object', {}]],
  array: [['string', 'a'], ['number', 1], ['object', { a: 'b' }], ['boolean', true], ['array of numbers', [123]], ['array of objects', [{}]], ['array of null', [null]]],
  object: [['string', 'a'], ['number', 1], ['array', ['a']], ['boolean', true]],
};

/** Payloads that no route accepts, whether or not it reads its body: the middleware refuses them. */
function universalBodies(): Payload[] {
  return [
    { title: 'NUL in a field', body: { name: NUL } },
    { title: 'right-to-left override in a field', body: { name: 'Rechnung\u202efdp.exe' } },
    { title: 'lone surrogate in a field', body: { name: '\ud800' } },
    { title: 'NUL in a key', body: { 'a\u0000': 'x' } },
    { title: `body nested ${MAX_INPUT_DEPTH + 1} levels`, raw: deepJson(MAX_INPUT_DEPTH + 1) },
    { title: 'body nested 5000 levels', raw: deepJson(5000) },
    { title: 'array nested 100000 levels', raw: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    { title: '__proto__ key', raw: '{"__proto__":{"isAdmin":true,"roles":["ROLE_ADMIN"]}}' },
    { title: 'nested __proto__ key', raw: '{"a":{"__proto__":{"polluted":true}}}' },
    { title: 'constructor.prototype keys', raw: '{"constructor":{"prototype":{"polluted":true}}}' },
    { title: 'prototype key', raw: '{"prototype":{"polluted":true}}' },
    { title: 'string body', raw: '"just a string"' },
    { title: 'number body', raw: '42' },
    { title: 'malformed JSON', raw: '{"a":' },
  ];
}

/** Payloads for a route with a DTO body: each field replaced by each bad value, on an otherwise valid body. */
function dtoBodies(dto: Function, base: (n: number) => Record<string, Json>): Payload[] {
  const out: Payload[] = [];
  let n = 0;
  const withField = (field: string, value: Json) => ({ ...base(n++), [field]: value });
  for (const [i, field] of dtoFields(dto).entries()) {
    for (const [what, value] of badStrings(field.multiline, i === 0)) out.push({ title: `${field.name}: ${what}`, body: withField(field.name, value) });
    if (!(NULL_ALLOWED[dto.name] ?? []).includes(field.name)) out.push({ title: `${field.name}: null`, body: withField(field.name, null) });
    for (const [what, value] of WRONG_TYPES[field.kind]) {
      if (!(OTHER_TYPE_ALLOWED[dto.name]?.[field.name] ?? []).includes(value)) out.push({ title: `${field.name}: ${what}`, body: withField(field.name, value) });
    }
    out.push({ title: `${field.name}: nested ${MAX_INPUT_DEPTH + 5} levels`, raw: JSON.stringify(withField(field.name, '§DEEP§')).replace('"§DEEP§"', deepJson(MAX_INPUT_DEPTH + 5)) });
    out.push({ title: `${field.name}: NUL inside an array`, body: withField(field.name, [NUL]) });
  }
  out.push(
    { title: 'array body', body: [base(n++)] },
    { title: 'empty array body', body: [] },
    { title: 'valid body with a __proto__ key', raw: JSON.stringify(base(n++)).replace(/^\{/, '{"__proto__":{"polluted":true},') },
    { title: 'valid body with constructor.prototype', raw: JSON.stringify(base(n++)).replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},') },
    ...universalBodies(),
  );
  if (dto.name === 'UserWriteDto') {
    const snippet = { name: 'Gruß', subject: 'Betreff', content: 'Zeile 1\nZeile 2' };
    out.push(
      { title: 'snippets[0].content: NUL', body: withField('snippets', [{ ...snippet, content: NUL }]) },
      { title: 'snippets[0].content: right-to-left override', body: withField('snippets', [{ ...snippet, content: 'a\u202eb' }]) },
      { title: 'snippets[0].name: line feed', body: withField('snippets', [{ ...snippet, name: 'a\nb' }]) },
      { title: 'snippets[0].subject: null', body: withField('snippets', [{ ...snippet, subject: null }]) },
      { title: 'snippets[0]: string', body: withField('snippets', ['a']) },
    );
  }
  if (dto.name === 'AclPatchDto') {
    out.push({ title: 'acl: NUL in a role key', body: { acl: { 'ROLE_ADMIN\u0000': { permissions: [] } } } });
    out.push({ title: 'acl: __proto__ role', raw: '{"acl":{"__proto__":{"permissions":["acl_edit_view"]}}}' });
  }
  return out;
}

/** The same field values as multipart text fields (profile, settings and documents take multipart). */
function multipartFields(dto: Function | undefined): Payload[] {
  const fields = dto ? dtoFields(dto) : [{ name: 'name', kind: 'string' as const, multiline: false }];
  const out: Payload[] = [];
  for (const [i, field] of fields.entries()) {
    // A lone surrogate cannot travel in UTF-8: it arrives as U+FFFD, which is a character like any other.
    for (const [what, value] of badStrings(field.multiline, i === 0)) {
      if (!what.startsWith('lone')) out.push({ title: `multipart ${field.name}: ${what}`, fields: [[field.name, value as string]] });
    }
  }
  out.push(
    { title: 'multipart __proto__ field', fields: [['__proto__', 'x']] },
    { title: 'multipart constructor[prototype] field', fields: [['constructor[prototype]', 'x']] },
    { title: `multipart field nested ${MAX_INPUT_DEPTH + 8} levels`, fields: [[`a${'[a]'.repeat(MAX_INPUT_DEPTH + 8)}`, 'x']] },
  );
  return out;
}

function queryPayloads(route: DiscoveredRoute): Payload[] {
  const named = route.inputs.queryNames.flatMap((name) => [
    { title: `${name}: NUL`, query: `${name}=a%00b` },
    { title: `${name}: right-to-left override`, query: `${name}=a%E2%80%AEb` },
    { title: `${name}: repeated`, query: `${name}=a&${name}=b` },
  ]);
  return [
    ...named,
    { title: 'filter[text]: NUL', query: 'filter[text]=a%00b' },
    { title: 'filter[text]: ESC', query: 'filter[text]=%1B%5B31m' },
    { title: 'filter[text]: C1 control', query: 'filter[text]=a%C2%85b' },
    { title: 'filter[text]: right-to-left override', query: 'filter[text]=a%E2%80%AEb' },
    { title: 'filter[text]: line feed', query: 'filter[text]=a%0Ab' },
    { title: 'filter[text]: repeated', query: 'filter[text]=a&filter[text]=b' },
    { title: 'sort: NUL', query: 'sort=%00' },
    { title: 'offset: NUL', query: 'offset=1%00' },
    { title: 'limit: not a number', query: 'limit=abc' },
    { title: '__proto__ key', query: '__proto__=x' },
    { title: 'filter[__proto__] key', query: 'filter[__proto__]=x' },
    { title: 'constructor key', query: 'constructor=x' },
    { title: 'NUL in a key', query: 'a%00=x' },
    { title: 'noBase64: NUL', query: 'noBase64=1%00' },
  ];
}

function paramPayloads(route: DiscoveredRoute): Payload[] {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return names.flatMap((name) => [
    { title: `:${name} NUL`, params: { [name]: 'a%00b' } },
    { title: `:${name} ESC`, params: { [name]: '%1B' } },
    { title: `:${name} right-to-left override`, params: { [name]: 'Rechnung%E2%80%AEfdp.exe' } },
    { title: `:${name} line feed`, params: { [name]: 'a%0Ab' } },
  ]);
}

function pathOf(route: DiscoveredRoute, override: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_m, name: string) => override[name] ?? paramValues[name] ?? 'fuzz');
}

async function send(route: DiscoveredRoute, payload: Payload): Promise<request.Response> {
  sent++;
  const method = route.method.toLowerCase() as Method;
  const url = pathOf(route, payload.params) + (payload.query ? `?${payload.query}` : '');
  let req = request(app.getHttpServer())[method](url).set('x-auth-token', records.admin.token);
  if (payload.fields) {
    for (const [name, value] of payload.fields) req = req.field(name, value);
    return req;
  }
  if (payload.raw !== undefined) return req.set('content-type', 'application/json').send(payload.raw);
  if (payload.body !== undefined) return req.send(payload.body as object);
  return req;
}

/** Row count and content hash of every table: the general "nothing stored" oracle (audit_log included). */
async function fingerprint(): Promise<Record<string, string>> {
  const db = app.get<Database>(DB);
  const parts = tables.map((t) => `select '${t}' as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${t}" x`);
  const res = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown as { rows: { t: string; h: string }[] };
  return Object.fromEntries(res.rows.map((r) => [r.t, r.h]));
}

function check(route: DiscoveredRoute, payload: Payload, res: request.Response, failures: Failure[]): void {
  const fail = (problem: string) => {
    failures.push({ route: `${route.method} ${route.path}`, payload: payload.title, problem });
  };
  if (res.status >= 500) return fail(`status ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  if (res.status < 400) return fail(`accepted with ${res.status}`);
  const errors = (res.body as { errors?: { message?: unknown }[] }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return fail(`no errors[] in ${JSON.stringify(res.body).slice(0, 200)}`);
  for (const e of errors) {
    if (typeof e.message !== 'string' || !e.message || ENGLISH.test(e.message)) fail(`not a German message: ${JSON.stringify(e.message)}`);
  }
}

/** Replays `payloads` against `route`; the database must be the same afterwards. */
async function fuzz(route: DiscoveredRoute, payloads: Payload[], failures: Failure[]): Promise<void> {
  const before = await fingerprint();
  for (const payload of payloads) check(route, payload, await send(route, payload), failures);
  const after = await fingerprint();
  const changed = tables.filter((t) => before[t] !== after[t]);
  if (changed.length) failures.push({ route: `${route.method} ${route.path}`, payload: `(${payloads.length} payloads)`, problem: `stored something in ${changed.join(', ')}` });
}

const isWrite = (r: DiscoveredRoute) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);

useTestApp(async (booted) => {
  app = booted.app;
  records = await loginAll(app);
  routes = discoverRoutes(app);
  const db = app.get<Database>(DB);
  const res = (await db.execute(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as {
    rows: { t: string }[];
  };
  tables = res.rows.map((r) => r.t).filter((t) => !VOLATILE_TABLES.has(t)).sort();

  const http = () => request(app.getHttpServer());
  const auth = records.admin.token;
  const settings = (await http().get('/api/settings').set('x-auth-token', auth)).body as Record<string, string>;
  const meetings = (await http().get('/api/meetings?limit=1').set('x-auth-token', auth)).body as { data: { contractId: string; optionId: string }[] };
  const medicines = (await http().get('/api/medicine?limit=1').set('x-auth-token', auth)).body as { data: { name: string; disabled: boolean }[] };
  const meeting = meetings.data[0];
  const medicine = medicines.data[0];
  const patient = ((await http().get('/api/patients?limit=1').set('x-auth-token', auth)).body as { data: { _id: string }[] }).data[0];
  const doctor = ((await http().get('/api/doctors?limit=1').set('x-auth-token', auth)).body as { data: { _id: string }[] }).data[0];
  // Real records, so a payload that slipped through would reach the service and show up as stored.
  paramValues = {
    id: records.fahrer.user._id,
    userId: records.fahrer.user._id,
    name: 'fuzz.pdf',
    contractId: meeting?.contractId ?? 'fuzz',
    option: meeting?.optionId ?? 'fuzz',
  };
  const settingsBase = Object.fromEntries(['company', 'street', 'postalCode', 'city', 'phone', 'fax', 'email', 'debtorId', 'instanceId'].map((k) => [k, settings[k] ?? '']));
  bases = {
    LoginDto: (n) => ({ username: `fuzz-${n}`, password: 'falsch' }),
    SwitchBackDto: () => ({ switchBackToken: 'x' }),
    OauthLoginDto: () => ({ code: 'fuzz' }),
    UserWriteDto: (n) => ({ username: `fuzz.user${n}`, roles: ['ROLE_DRIVER'], password: DEMO_PASSWORD, password_confirm: DEMO_PASSWORD, firstname: 'Fuzz', lastname: 'Test' }),
    ProfileUpdateDto: () => ({ firstname: 'Fuzz' }),
    SettingsUpdateDto: () => settingsBase,
    MeetingUpdateDto: () => ({ date: '01.01.2031', time: '10:00', system: MEETING_SYSTEMS[0], url: '', info: 'Zeile 1\nZeile 2' }),
    MedicineToggleDto: () => ({ name: medicine?.name ?? 'fuzz', disabled: !medicine?.disabled }),
    AclPatchDto: () => ({ acl: {} }),
    DocumentDecisionDto: () => ({ name: '{accepted}fuzz.pdf' }),
    DocumentUploadDto: () => ({ name: 'Rechnung.pdf' }),
    PatientWriteDto: (n) => ({ firstname: 'Fritz', lastname: `Fuzz${n}`, dateOfBirth: '01.01.1950', homepatient: false }),
    DoctorWriteDto: (n) => ({ lastname: `Fuzz${n}`, preferred: 'E-Mail', email: `fuzz${n}@beispiel.de` }),
    OfficeWriteDto: (n) => ({ name: `Praxis Fuzz ${n}`, street: 'Weg 1', zip: '10115', city: 'Berlin', preferred: 'phone', phone: '030 1' }),
    HomeWriteDto: (n) => ({ name: `Haus Fuzz ${n}`, street: 'Weg 1', postalCode: '10115', city: 'Berlin', country: 'Deutschland', email: `fuzz${n}@beispiel.de`, fax: '030 1' }),
    HomeGroupWriteDto: (n) => ({ name: `Wohnbereich Fuzz ${n}` }),
    TaskWriteDto: (n) => ({ type: 1, group: 'medicine', medicine: `Fuzzmittel ${n}`, dose: '1-0-1', amount: 1, patient: patient?._id ?? '', doctor: doctor?._id ?? '', latestDelivery: '' }),
    TaskSeenDto: () => ({ tasks: [] }),
    TaskEventWriteDto: (n) => ({ type: 'message', data: `Fuzznachricht ${n}` }),
    TaskEventsSeenDto: () => ({ seen: true }),
    EventsSeenDto: () => ({ events: [] }),
    TaskDeliveryDto: (n) => ({ recipient: `Fuzz ${n}` }),
    TaskIncidentDto: (n) => ({ reason: 'other', text: `Fuzzproblem ${n}` }),
    DocumentRequestDto: () => ({ tasks: [], type: 'preferred' }),
    DocumentCreateDto: () => ({ type: 'preferred', documents: [] }),
    ContractUpdateDto: () => ({ action: 'revert_contract' }),
    ContractAdoptionDto: () => ({}),
    InvoiceUpdateDto: () => ({ id: '00000000-0000-4000-8000-000000000000', action: 'change_status', data: 'paid' }),
    InvoiceRunDto: () => ({ month: '2000-01' }),
    DocumentMarkDto: () => ({ tasks: [] }),
    ImportTaskDto: () => ({ filterPharma: '', insertHomes: 'false', insertHomeGroups: 'false' }),
    FaxReportDto: () => ({ jobId: 'job-fuzz', reference: '00000000-0000-4000-8000-000000000000', status: 'SENT', timestamp: new Date().toISOString() }),
    PaymentDataDto: () => ({ mandate: false }),
  };
});

describe('input fuzzing', () => {
  it('finds the routes and what they read', () => {
    const writes = routes.filter(isWrite);
    expect(writes.length).toBeGreaterThanOrEqual(15);
    const dtos = writes.map((r) => r.inputs.body?.name).filter((n): n is string => !!n && n !== 'Object');
    expect(dtos.filter((n) => !bases[n])).toEqual([]);
    expect(routes.filter((r) => r.inputs.query).length).toBeGreaterThanOrEqual(3);
    expect(routes.filter((r) => r.inputs.multipart).length).toBeGreaterThanOrEqual(3);
    // The demo data gives the meeting routes a real target.
    expect(paramValues.contractId).not.toBe('fuzz');
  });

  it('refuses bad JSON bodies on every write route: 4xx, German, nothing stored', async () => {
    const failures: Failure[] = [];
    for (const route of routes.filter(isWrite)) {
      const dto = route.inputs.body;
      const payloads = dto && dto !== Object ? dtoBodies(dto, bases[dto.name]!) : universalBodies();
      await fuzz(route, payloads, failures);
    }
    expect(failures).toEqual([]);
  });

  it('refuses bad multipart text fields on every multipart route', async () => {
    const failures: Failure[] = [];
    for (const route of routes.filter((r) => r.inputs.multipart)) await fuzz(route, multipartFields(route.inputs.body), failures);
    expect(failures).toEqual([]);
  });

  it('refuses bad query strings on every route that reads its query', async () => {
    const failures: Failure[] = [];
    for (const route of routes.filter((r) => r.inputs.query)) await fuzz(route, queryPayloads(route), failures);
    expect(failures).toEqual([]);
  });

  it('refuses control and bidi characters in route params', async () => {
    const failures: Failure[] = [];
    for (const route of routes.filter((r) => r.path.includes(':'))) await fuzz(route, paramPayloads(route), failures);
    expect(failures).toEqual([]);
    // routes × payloads of this file: guards against a discovery that silently finds few routes.
    expect(sent).toBeGreaterThan(1000);
  });
});

describe("the guard's answers", () => {
  const http = () => request(app.getHttpServer());

  it('names the field and says "Unerlaubte Zeichen gefunden!" for a NUL', async () => {
    const res = await http().put(`/api/users/${records.admin.user._id}/profile`).set('x-auth-token', records.admin.token).send({ firstname: NUL });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, errors: [{ path: 'firstname', message: API_MESSAGES.forbiddenCharacters, code: 'invalid' }] });
  });

  it('names filter.text for a NUL in a list filter', async () => {
    const res = await http().get('/api/users?filter[text]=a%00b').set('x-auth-token', records.admin.token);
    expect(res.body).toEqual({ statusCode: 400, errors: [{ path: 'filter.text', message: API_MESSAGES.forbiddenCharacters, code: 'invalid' }] });
  });

  it('refuses a right-to-left override in a document name sent as multipart', async () => {
    const res = await http()
      .post(`/api/users/${records.fahrer.user._id}/profile/documents`)
      .set('x-auth-token', records.admin.token)
      .field('name', 'Rechnung\u202efdp.exe')
      .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), { filename: 'r.pdf', contentType: 'application/pdf' });
    expect(res.body).toEqual({ statusCode: 400, errors: [{ path: 'name', message: API_MESSAGES.forbiddenCharacters, code: 'invalid' }] });
  });

  it('answers a body nested 5000 levels on the public sign-in with the depth message', async () => {
    const res = await http().post('/api/auth').set('content-type', 'application/json').send(deepJson(5000));
    expect(res.body).toEqual({ statusCode: 400, errors: [{ path: expect.any(String), message: API_MESSAGES.nestedTooDeep, code: 'invalid' }] });
  });

  it('refuses prototype keys with "Ungültiger Feldname."', async () => {
    const res = await http().post('/api/auth').set('content-type', 'application/json').send('{"username":"x","password":"y","__proto__":{"admin":true}}');
    expect(res.body).toEqual({ statusCode: 400, errors: [{ path: '__proto__', message: API_MESSAGES.invalidFieldName, code: 'invalid' }] });
  });

  it('answers an array body with "Die Anfrage muss ein Objekt sein."', async () => {
    const res = await http().put('/api/settings').set('x-auth-token', records.admin.token).send([{ company: 'x' }]);
    expect(res.body).toEqual({ statusCode: 400, errors: [{ message: API_MESSAGES.objectExpected, code: 'invalid' }] });
  });

  it("answers null with the field's own message", async () => {
    const res = await http().put('/api/settings').set('x-auth-token', records.admin.token).send({ debtorId: null });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'debtorId', message: 'Bitte geben Sie einen Text ein.', code: 'invalid' });
  });

  it('answers a JSON body over 2 MB with 413 "Die Anfrage ist zu groß."', async () => {
    const res = await http().post('/api/auth').send({ username: 'x', password: 'a'.repeat(2 * 1024 * 1024) });
    expect(res.body).toEqual({ statusCode: 413, errors: [{ code: 'payload_too_large', message: API_MESSAGES.requestTooLarge }] });
  });

  it('keeps line breaks where a DTO marks @MultilineText(): meeting info, snippet content', async () => {
    const meeting = (await http().get('/api/meetings?limit=1').set('x-auth-token', records.admin.token)).body.data[0] as { contractId: string; optionId: string };
    const res = await http()
      .put(`/api/meetings/${meeting.contractId}/${meeting.optionId}`)
      .set('x-auth-token', records.admin.token)
      .send({ date: '01.02.2031', time: '09:30', system: MEETING_SYSTEMS[0], info: 'Zeile 1\r\nZeile 2\tEnde' });
    expect(res.status).toBe(200);
    expect(res.body.info).toBe('Zeile 1\r\nZeile 2\tEnde');
    const user = await http()
      .put(`/api/users/${records.fahrer.user._id}`)
      .set('x-auth-token', records.admin.token)
      .send({ snippets: [{ name: 'Gruß', subject: 'Rezept', content: 'Hallo,\n\nbitte …' }] });
    expect(user.status).toBe(200);
    expect(user.body.snippets).toEqual([{ name: 'Gruß', subject: 'Rezept', content: 'Hallo,\n\nbitte …' }]);
  });

  it('still clears a doctor or home with null', async () => {
    const res = await http().put(`/api/users/${records.fahrer.user._id}`).set('x-auth-token', records.admin.token).send({ doctor: null, home: null, homeGroup: null });
    expect(res.status).toBe(200);
  });
});
