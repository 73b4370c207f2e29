import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
  SwaggerModule,
} from '@nestjs/swagger';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@mediport/contracts';
import { AUTH_HEADER } from '../auth/current-auth.decorator.js';
import { flagFilter, LIST_LIMIT_MAX, uuidFilter } from '../http/list-query.js';
import type { RouteAccess } from '../permissions/access.decorators.js';
import { registerDtoSchemas } from './dto-schema.js';
import { type AnyListQuerySpec, type CatalogRoute, catalogRoutes } from './route-catalog.js';

/** Name of the security scheme (the session token in the x-auth-token header). */
export const SECURITY_SCHEME = 'token';
/** Schema of every error answer: `{ statusCode, errors: [{ path?, message, code? }], correlationId? }`. */
export const API_ERROR_SCHEMA = 'ApiError';
const API_ERROR_REF = `#/components/schemas/${API_ERROR_SCHEMA}`;

/** The shared error answers, each in the one error shape. */
export const ERROR_RESPONSES = {
  400: { name: 'BadRequest', description: 'Ungültige Eingabe: je Feld `path` und deutsche `message`.' },
  401: { name: 'Unauthorized', description: 'Keine gültige Sitzung (bei der Anmeldung: Zugangsdaten falsch).' },
  403: { name: 'Forbidden', description: 'Nicht erlaubt (Recht fehlt, Datensatz außerhalb der Aktion; `contract_required` ohne Vertrag).' },
  404: { name: 'NotFound', description: 'Nicht vorhanden oder nicht sichtbar.' },
  413: { name: 'PayloadTooLarge', description: 'Anfrage (über 2 MB) oder Datei zu groß.' },
  415: { name: 'UnsupportedMediaType', description: 'Dateityp nicht unterstützt.' },
  429: { name: 'TooManyRequests', description: 'Zu viele Versuche; später erneut versuchen.' },
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;

const DESCRIPTION = `Die HTTP-API des ${PRODUCT_NAME}s, erzeugt aus den Controllern und DTOs des Servers.

- **Pfade:** alles unter \`/api\`. \`/api/v3/…\` ist derselbe Pfad (ein Alias, vor dem Routing umgeschrieben) und ist hier nicht doppelt aufgeführt.
- **Anmeldung:** \`POST /api/auth\` antwortet mit \`token\`; jede weitere Anfrage sendet es im Header \`${AUTH_HEADER}\`.
- **Zugriff** je Operation in der Zusammenfassung und in \`x-permission\`: \`public\` (öffentlich), \`signed-in\` (angemeldet; der Dienst prüft den Datensatz) oder \`permission\` (eines der Rechte in \`names\`, voll oder \`_own\`; mit \`byBody\` wählt ein Feld des Körpers das Recht). \`x-record\` nennt Datensatz und Aktion der Richtlinie: außerhalb von \`read\` antwortet die Route 404, außerhalb der Aktion 403.
- **Eingaben:** Körper und Query-Objekte sind aus den class-validator-Regeln der DTOs abgeleitet; unbekannte Felder werden entfernt. Regeln ohne JSON-Schema-Form stehen in \`x-rules\`.
- **Listen:** \`offset\`, \`limit\` (\`-1\` = alle, höchstens ${LIST_LIMIT_MAX}), \`sort\` (\`-feld\` absteigend), \`filter[…]\`; Antwort \`{ data, count }\`.
- **Antworten:** beschrieben sind Statuscode, Listenhülle und Fehlerform. Die Form der einzelnen Datensätze steht in den TypeScript-Typen von \`libs/contracts\` (zur Laufzeit nicht lesbar) und ist hier nur als JSON angegeben.
- **Fehler:** immer \`{ statusCode, errors: [{ path?, message, code? }], correlationId? }\` mit deutscher \`message\`. Angegeben sind je Operation: 400 immer; 401 und 403 ohne \`@Public()\` (401 auch bei öffentlichen Anmeldungen mit Körper); 404 außer bei Listen; 413 bei Routen mit Körper; 415 bei Datei-Uploads; 429 bei öffentlichen Anmeldungen mit Körper.
- Der Betreiber schaltet diese Beschreibung mit \`API_DOCS=0\` ab.`;

const errorResponseRef = (status: ErrorStatus): ReferenceObject => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` });

function components(document: OpenAPIObject): void {
  const c = (document.components ??= {});
  c.schemas = {
    ...c.schemas,
    ApiErrorEntry: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Feld der Eingabe, z.B. `username` oder `filter[home]`.' },
        message: { type: 'string', description: 'Deutscher Text für den Nutzer.' },
        code: { type: 'string', description: 'Maschinenlesbarer Grund, z.B. `invalid`, `forbidden`, `contract_required`.' },
      },
      required: ['message'],
    },
    [API_ERROR_SCHEMA]: {
      type: 'object',
      properties: {
        statusCode: { type: 'integer' },
        errors: { type: 'array', items: { $ref: '#/components/schemas/ApiErrorEntry' } },
        correlationId: { type: 'string', description: 'Nur bei 500: Kennung des Protokolleintrags.' },
      },
      required: ['statusCode', 'errors'],
    },
    ListResponse: {
      type: 'object',
      description: 'Eine Seite einer Liste; `count` zählt alle Treffer des Filters.',
      properties: {
        data: { type: 'array', items: { type: 'object' } },
        count: { type: 'integer', minimum: 0 },
        countCapped: { type: 'boolean', enum: [true], description: 'Mehr Treffer als count; gezählt wird nur bis zu dieser Grenze (Aufträge: 10.000).' },
      },
      required: ['data', 'count'],
    },
  };
  c.responses = {
    ...c.responses,
    ...Object.fromEntries(
      Object.values(ERROR_RESPONSES).map(({ name, description }) => [name, { description, content: { 'application/json': { schema: { $ref: API_ERROR_REF } } } }]),
    ),
  };
}

/** "öffentlich" / "angemeldet" / "Recht: user_list_view" — the access line of an operation. */
export function accessSummary(access: RouteAccess | undefined): string {
  if (!access) return 'Zugriff: keiner (Route ohne Erklärung, immer verweigert)';
  if (access.kind === 'public') return 'Zugriff: öffentlich';
  if (access.kind === 'signed-in') return 'Zugriff: angemeldet';
  if (access.byBody) {
    const choices = Object.entries(access.byBody.values).map(([value, name]) => `${value} → ${name}`);
    return `Recht je nach Feld ${access.byBody.field}: ${choices.join(', ')}`;
  }
  return access.names.length === 1 ? `Recht: ${access.names[0]}` : `Recht: eines von ${access.names.join(', ')}`;
}

function recordLine(route: CatalogRoute): string | undefined {
  const record = route.record;
  if (!record) return undefined;
  if ('none' in record) return `Kein Datensatz hinter dem Pfadparameter: ${record.none}`;
  const alternatives = Object.entries(record.bodyActions ?? {}).map(([field, action]) => `mit Feld \`${field}\`: \`${action}\``);
  const part = record.part ? ' Der benannte Teil (Datei, Bild) kann fehlen: dann 404.' : '';
  return `Datensatz: \`${record.subject}\` (${record.params.join(', ')}), Aktion \`${record.action}\`${alternatives.length ? ` (${alternatives.join('; ')})` : ''}.${part}`;
}

function filterSchema(parse: unknown): SchemaObject {
  if (parse === flagFilter) return { type: 'string', enum: ['0', '1', 'false', 'true'] };
  if (parse === uuidFilter) return { type: 'string', format: 'uuid' };
  return { type: 'string' };
}

function listParameters(spec: AnyListQuerySpec): ParameterObject[] {
  const sorts = spec.sortFields.flatMap((f) => [f, `-${f}`]);
  return [
    { name: 'offset', in: 'query', required: false, schema: { type: 'integer', minimum: 0, default: 0 } },
    { name: 'limit', in: 'query', required: false, description: `-1 = alle (höchstens ${LIST_LIMIT_MAX})`, schema: { type: 'integer', minimum: -1, default: spec.defaultLimit } },
    { name: 'sort', in: 'query', required: false, description: '`-feld` sortiert absteigend', schema: { type: 'string', enum: sorts, default: spec.defaultSort } },
    ...Object.entries(spec.filters).map(([key, parse]): ParameterObject => ({ name: `filter[${key}]`, in: 'query', required: false, schema: filterSchema(parse) })),
  ];
}

function parameters(op: OperationObject, route: CatalogRoute): void {
  const scanned = (op.parameters ?? []) as ParameterObject[];
  for (const param of scanned) {
    if (param.in === 'path' && route.params.find((p) => p.name === param.name)?.uuid) param.schema = { type: 'string', format: 'uuid' };
    // Nest marks every @Query('x') required; the handlers check presence themselves.
    if (param.in === 'query' && route.queryNames.includes(param.name)) param.required = false;
  }
  const missingPath = route.params.filter((p) => !scanned.some((s) => s.in === 'path' && s.name === p.name));
  op.parameters = [
    ...scanned,
    ...missingPath.map((p): ParameterObject => ({ name: p.name, in: 'path', required: true, schema: p.uuid ? { type: 'string', format: 'uuid' } : { type: 'string' } })),
    ...(route.list ? listParameters(route.list) : []),
  ];
}

/** A multipart route takes its fields as JSON or as multipart form fields plus one file. */
function multipartBody(op: OperationObject): void {
  const body = op.requestBody && 'content' in op.requestBody ? op.requestBody : undefined;
  const json = body?.content['application/json']?.schema;
  const file: SchemaObject = {
    type: 'object',
    description: 'Dazu eine Datei im Dateifeld der Route (Bild bis 2 MB, PDF bis 20 MB; Typ am Inhalt erkannt).',
    additionalProperties: { type: 'string', format: 'binary' },
  };
  op.requestBody = {
    required: body?.required ?? false,
    content: {
      ...(json ? { 'application/json': { schema: json } } : {}),
      'multipart/form-data': { schema: json ? { allOf: [json, file] } : file },
    },
  };
}

export function errorStatuses(route: CatalogRoute): ErrorStatus[] {
  const open = route.access?.kind === 'public';
  const signIn = open && route.body !== undefined;
  const statuses: ErrorStatus[] = [400];
  if (!open || signIn) statuses.push(401);
  if (!open) statuses.push(403);
  if (!route.list) statuses.push(404);
  if (route.body || route.multipart) statuses.push(413);
  if (route.multipart) statuses.push(415);
  if (signIn) statuses.push(429);
  return statuses;
}

function responses(route: CatalogRoute): Record<string, ResponseObject | ReferenceObject> {
  const success: ResponseObject =
    route.status === 204
      ? { description: 'Erfolg, ohne Inhalt.' }
      : route.list
        ? { description: 'Eine Seite der Liste.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ListResponse' } } } }
        : // No schema: the record types live in libs/contracts as TypeScript interfaces, unreadable at run time.
          { description: 'Erfolg. Form: Rückgabetyp der Route in libs/contracts.', content: { [route.contentType?.split(';')[0] ?? 'application/json']: {} } };
  return { [String(route.status)]: success, ...Object.fromEntries(errorStatuses(route).map((s) => [String(s), errorResponseRef(s)])) };
}

function describeOperation(op: OperationObject, route: CatalogRoute): void {
  const access = accessSummary(route.access);
  op.summary = access;
  op.description = [
    access,
    recordLine(route),
    route.list ? 'Liste: `offset`, `limit`, `sort`, `filter[…]`; Antwort `{ data, count }`.' : undefined,
    route.multipart ? 'Körper als JSON oder als `multipart/form-data` (Felder plus eine Datei).' : undefined,
  ]
    .filter(Boolean)
    .join('\n\n');
  Object.assign(op, {
    'x-permission': route.access ?? { kind: 'none' },
    ...(route.record ? { 'x-record': route.record } : {}),
  });
  op.security = route.access?.kind === 'public' ? [{}, { [SECURITY_SCHEME]: [] }] : [{ [SECURITY_SCHEME]: [] }];
  parameters(op, route);
  if (route.multipart) multipartBody(op);
  op.responses = responses(route);
}

/**
 * The OpenAPI document of the running app: @nestjs/swagger scans the controllers (paths, methods,
 * parameters, DTO bodies and queries, whose schemas come from their class-validator rules), then
 * each operation gets what only this project's metadata knows: access declaration, record policy,
 * list query, the error answers.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const routes = catalogRoutes(app);
  registerDtoSchemas(routes.flatMap((r) => [r.body, r.queryDto].filter((c) => c !== undefined)));
  const config = new DocumentBuilder()
    .setTitle(`${PRODUCT_NAME} API`)
    .setVersion(PRODUCT_VERSION)
    .setDescription(DESCRIPTION)
    .addApiKey({ type: 'apiKey', in: 'header', name: AUTH_HEADER, description: 'Das `token` aus `POST /api/auth`.' }, SECURITY_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  components(document);
  for (const route of routes) {
    const op = document.paths[route.path]?.[route.method as 'get'];
    if (op) describeOperation(op, route);
  }
  return document;
}
