/**
 * The OpenAPI document against the routes Nest really serves (discovered, never a hand-written
 * list): every route must appear with its method, path parameters, access declaration, DTO body
 * and the shared error shape. A new route or DTO joins this test without being named here.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, RequestBodyObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import request from 'supertest';
import { type DiscoveredRoute, discoverRoutes } from '../../testing/routes.js';
import { useTestApp } from '../../testing/test-app.js';
import { API_DOCS_CONTENT_SECURITY_POLICY } from '../http/security-headers.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

let app: NestExpressApplication;
let routes: DiscoveredRoute[];
let doc: OpenAPIObject;

useTestApp(async (booted) => {
  app = booted.app;
  routes = discoverRoutes(app);
  const res = await request(app.getHttpServer()).get('/api/docs-json');
  expect(res.status).toBe(200);
  doc = res.body as OpenAPIObject;
});

/** Nest's `/api/users/:id` as OpenAPI's `/api/users/{id}`. */
const oasPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const key = (r: DiscoveredRoute) => `${r.method} ${oasPath(r.path)}`;

function operationOf(route: DiscoveredRoute): OperationObject {
  const op = doc.paths[oasPath(route.path)]?.[route.method.toLowerCase() as 'get'];
  if (!op) throw new Error(`${key(route)} is not in the document`);
  return op;
}

/** Follows `#/components/...` references within the document. */
function resolve<T>(value: T | ReferenceObject): T {
  let current: unknown = value;
  while (current && typeof current === 'object' && '$ref' in current) {
    const ref = (current as ReferenceObject).$ref;
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], doc);
    if (current === undefined) throw new Error(`dangling reference ${ref}`);
  }
  return current as T;
}

/** The body's DTO class (not an interface's Object, not a primitive) with its validated properties. */
function dtoOf(route: DiscoveredRoute): { cls: Function; properties: Map<string, { optional: boolean }> } | undefined {
  const cls = route.inputs.body;
  if (!cls || cls === Object) return undefined;
  const properties = new Map<string, { optional: boolean }>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false)) {
    const entry = properties.get(meta.propertyName) ?? { optional: false };
    if (meta.type === ValidationTypes.CONDITIONAL_VALIDATION) entry.optional = true;
    properties.set(meta.propertyName, entry);
  }
  return properties.size ? { cls, properties } : undefined;
}

describe('GET /api/docs-json', () => {
  it('is an OpenAPI 3 document of the API, public', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs-json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    expect(doc.components?.securitySchemes?.token).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-auth-token' }));
  });

  it('lists every route of the app with its method and path, and nothing else', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const expected = routes.map(key);
    const missing = expected.filter((k) => !documented.includes(k));
    const unknown = documented.filter((k) => !expected.includes(k));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('names the /api/v3 alias once, in the description, not as paths of its own', () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/v3'))).toEqual([]);
    expect(doc.info.description).toContain('/api/v3/');
  });

  it('declares every path parameter of every route', () => {
    const problems = routes.flatMap((route) => {
      const names = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => name);
      const declared = ((operationOf(route).parameters ?? []) as ParameterObject[]).filter((p) => p.in === 'path' && p.required).map((p) => p.name);
      return names.filter((n) => !declared.includes(n!)).map((n) => `${key(route)}: {${n}}`);
    });
    expect(problems).toEqual([]);
  });

  it("states each route's access declaration: x-permission, a line in the description, the token for non-public routes", () => {
    const problems = routes.flatMap((route) => {
      const op = operationOf(route) as OperationObject & { 'x-permission'?: unknown };
      const access = route.access!;
      const found: string[] = [];
      if (JSON.stringify(op['x-permission']) !== JSON.stringify(access)) found.push(`x-permission ${JSON.stringify(op['x-permission'])}`);
      const expectedWords = access.kind === 'public' ? ['öffentlich'] : access.kind === 'signed-in' ? ['angemeldet'] : access.names;
      for (const word of expectedWords) if (!op.description?.includes(word)) found.push(`description lacks "${word}"`);
      if (access.kind === 'public') {
        // A public route reads a token when one is sent, so the token is optional: [{}, {token: []}].
        if (!op.security?.some((s) => Object.keys(s).length === 0)) found.push('public route requires the token');
      } else if (JSON.stringify(op.security) !== JSON.stringify([{ token: [] }])) {
        found.push(`security ${JSON.stringify(op.security)}`);
      }
      return found.map((f) => `${key(route)}: ${f}`);
    });
    expect(problems).toEqual([]);
  });

  it('states the record and policy action of each route with a record declaration', () => {
    const withRecord = routes.filter((r) => r.record);
    expect(withRecord.length).toBeGreaterThan(0);
    for (const route of withRecord) {
      expect({ route: key(route), record: (operationOf(route) as OperationObject & { 'x-record'?: unknown })['x-record'] }).toEqual({ route: key(route), record: route.record });
    }
  });

  it('describes each DTO body with the properties and required fields of its class-validator rules', () => {
    const withDto = routes.map((route) => ({ route, dto: dtoOf(route) })).filter(({ dto }) => dto);
    expect(withDto.length).toBeGreaterThanOrEqual(5);
    for (const { route, dto } of withDto) {
      const body = resolve<RequestBodyObject>(operationOf(route).requestBody!);
      const schema = resolve<SchemaObject>(body.content['application/json']!.schema!);
      const required = [...dto!.properties].filter(([, p]) => !p.optional).map(([name]) => name);
      expect({ route: key(route), properties: Object.keys(schema.properties ?? {}).sort(), required: [...(schema.required ?? [])].sort() }).toEqual({
        route: key(route),
        properties: [...dto!.properties.keys()].sort(),
        required: required.sort(),
      });
    }
  });

  it('gives each DTO its own schema name (two classes of one name would share one schema)', () => {
    const classes = [...new Set(routes.map((r) => dtoOf(r)?.cls).filter((c) => c !== undefined))];
    const names = classes.map((c) => c.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('derives types and limits from the rules, nested DTOs included (PUT /api/users/{id})', () => {
    const body = resolve<RequestBodyObject>(doc.paths['/api/users/{id}']!.put!.requestBody!);
    const schema = resolve<SchemaObject>(body.content['application/json']!.schema!);
    const props = schema.properties as Record<string, SchemaObject>;
    expect(props.home).toEqual(expect.objectContaining({ type: 'string', format: 'uuid', nullable: true }));
    expect(props.firstname).toEqual(expect.objectContaining({ type: 'string', maxLength: 200 }));
    expect(props.firstname!.nullable).toBeUndefined();
    expect(props.chargeable).toEqual(expect.objectContaining({ type: 'integer', enum: [0, 1, 2] }));
    expect(props.roles).toEqual(expect.objectContaining({ type: 'array', items: expect.objectContaining({ type: 'string', enum: expect.arrayContaining(['ROLE_ADMIN']) }) }));
    expect(props.homeGroup).toEqual(expect.objectContaining({ type: 'array', maxItems: 200, items: { type: 'string', format: 'uuid' } }));
    const snippet = resolve<SchemaObject>((props.snippets as SchemaObject).items!);
    expect(Object.keys(snippet.properties ?? {}).sort()).toEqual(['content', 'name', 'subject']);
    expect((snippet.properties as Record<string, SchemaObject>).content!.description).toContain('Zeilenumbrüche');
  });

  it('documents list routes with offset, limit, sort, filter[...] and the { data, count } answer', () => {
    const op = doc.paths['/api/users']!.get!;
    const names = ((op.parameters ?? []) as ParameterObject[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['offset', 'limit', 'sort', 'filter[text]', 'filter[home]']));
    const list = resolve<SchemaObject>(resolve<ResponseObject>(op.responses['200']!).content!['application/json']!.schema!);
    expect(list.required).toEqual(['data', 'count']);
  });

  it('answers every error in the one ApiError shape', () => {
    const apiError = doc.components!.schemas!.ApiError as SchemaObject;
    expect(apiError.required).toEqual(['statusCode', 'errors']);
    const entry = resolve<SchemaObject>((apiError.properties!.errors as SchemaObject).items!);
    expect(Object.keys(entry.properties ?? {}).sort()).toEqual(['code', 'message', 'path']);
    expect(entry.required).toEqual(['message']);

    const problems = routes.flatMap((route) => {
      const responses = operationOf(route).responses;
      const errors = Object.keys(responses).filter((status) => /^[45]\d\d$/.test(status));
      const found = errors.filter((status) => (resolve<ResponseObject>(responses[status]!).content?.['application/json']?.schema as ReferenceObject | undefined)?.$ref !== '#/components/schemas/ApiError');
      if (!errors.includes('400')) found.push('no 400');
      if (route.access?.kind !== 'public' && !(errors.includes('401') && errors.includes('403'))) found.push('no 401/403');
      if (route.inputs.multipart && !(errors.includes('413') && errors.includes('415'))) found.push('no 413/415');
      return found.map((f) => `${key(route)}: ${f}`);
    });
    expect(problems).toEqual([]);
    const statuses = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item as Record<string, OperationObject>).flatMap((op) => Object.keys(op.responses ?? {}))));
    for (const status of ['400', '401', '403', '404', '413', '415', '429']) expect(statuses).toContain(status);
  });
});

describe('GET /api/docs', () => {
  it('answers the Swagger UI page under a CSP of its own (scripts and styles from self only)', async () => {
    const res = await request(app.getHttpServer()).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('id="swagger-ui"');
    expect(res.headers['content-security-policy']).toBe(API_DOCS_CONTENT_SECURITY_POLICY);
    expect(API_DOCS_CONTENT_SECURITY_POLICY).toContain(`script-src 'self';`);
    expect(API_DOCS_CONTENT_SECURITY_POLICY).not.toContain('unsafe');
    // No inline script or style the CSP would block.
    expect(res.text).not.toMatch(/<script>|<style|style="/);
  });

  it('serves each file the page loads', async () => {
    const page = (await request(app.getHttpServer()).get('/api/docs')).text;
    const files = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url!);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const res = await request(app.getHttpServer()).get(file);
      expect({ file, status: res.status, type: res.headers['content-type'] }).toEqual({ file, status: 200, type: expect.stringMatching(/javascript|css|png/) });
    }
  });

  it('serves no other file of swagger-ui-dist (its own index.html loads the pet store)', async () => {
    for (const file of ['index.html', 'swagger-initializer.js', 'package.json']) {
      const res = await request(app.getHttpServer()).get(`/api/docs/${file}`);
      expect({ file, status: res.status }).toEqual({ file, status: 404 });
    }
  });
});

describe('API_DOCS=0', () => {
  let off: NestExpressApplication;
  useTestApp(
    (booted) => {
      off = booted.app;
    },
    { API_DOCS: '0' },
  );

  it('turns the document and the page off', async () => {
    for (const path of ['/api/docs', '/api/docs-json']) {
      const res = await request(off.getHttpServer()).get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
  });
});
