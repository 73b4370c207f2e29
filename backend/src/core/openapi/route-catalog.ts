import { type INestApplication, ParseUUIDPipe, RequestMethod, type Type } from '@nestjs/common';
import { HEADERS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { ListQueryPipe, type FilterParser, type ListQuerySpec } from '../http/list-query.js';
import { ACCESS_KEY, RECORD_KEY, type RecordRouteDeclaration, type RouteAccess } from '../permissions/access.decorators.js';
import { isDtoClass } from './dto-schema.js';

export type AnyListQuerySpec = ListQuerySpec<string, Record<string, FilterParser<unknown>>>;

/** One route as the OpenAPI document describes it, read from the controllers' metadata. */
export interface CatalogRoute {
  /** Lower-case HTTP method, as OpenAPI keys operations. */
  method: string;
  /** `/api/users/{id}`. */
  path: string;
  controller: Type;
  handler: string;
  access: RouteAccess | undefined;
  record: RecordRouteDeclaration | undefined;
  /** The path's parameters; `uuid` when a ParseUUIDPipe guards the value. */
  params: { name: string; uuid: boolean }[];
  /** The DTO class of a whole `@Body()`. */
  body: Type | undefined;
  /** The DTO class of a whole `@Query()`. */
  queryDto: Type | undefined;
  /** The list query (`offset`, `limit`, `sort`, `filter[...]`) of a list route. */
  list: AnyListQuerySpec | undefined;
  /** Single query values read as `@Query('name')`. */
  queryNames: string[];
  /** Reads an uploaded file (`@UploadedFile()` behind a FileInterceptor): the body is multipart. */
  multipart: boolean;
  /** `@HttpCode()`, else Nest's default (201 for POST, 200 otherwise). */
  status: number;
  /** Content type set by `@Header('Content-Type', ...)`. */
  contentType: string | undefined;
}

function joinPath(...parts: (string | string[] | undefined)[]): string {
  const segments = parts.flatMap((p) => (Array.isArray(p) ? p[0] : p) ?? '').flatMap((p) => p.split('/')).filter(Boolean);
  return `/${segments.join('/')}`;
}

/** Nest's `:id` as OpenAPI's `{id}`. */
export function openApiPath(nestPath: string): string {
  return nestPath.replace(/:(\w+)/g, '{$1}');
}

/** The spec of a ListQueryPipe (kept private by the pipe, which only parses with it). */
function listSpecOf(pipe: unknown): AnyListQuerySpec | undefined {
  return pipe instanceof ListQueryPipe ? (Reflect.get(pipe, 'spec') as AnyListQuerySpec) : undefined;
}

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

/** Every route of every controller under the global prefix `api`, for the document and its test. */
export function catalogRoutes(app: INestApplication): CatalogRoute[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const out: CatalogRoute[] = [];
  for (const { metatype, instance } of discovery.getControllers()) {
    if (!metatype || !instance) continue;
    const controller = metatype as Type;
    const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined;
    const proto = Object.getPrototypeOf(instance) as Record<string, object>;
    for (const handler of scanner.getAllMethodNames(proto)) {
      const fn = proto[handler]!;
      const path = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      if (path === undefined || requestMethod === undefined) continue;
      const method = RequestMethod[requestMethod].toLowerCase();
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, RouteArg>;
      const types = (Reflect.getMetadata('design:paramtypes', proto, handler) ?? []) as unknown[];
      const route: CatalogRoute = {
        method,
        path: openApiPath(joinPath('api', prefix, path)),
        controller,
        handler,
        access: (Reflect.getMetadata(ACCESS_KEY, fn) ?? Reflect.getMetadata(ACCESS_KEY, controller)) as RouteAccess | undefined,
        record: Reflect.getMetadata(RECORD_KEY, fn) as RecordRouteDeclaration | undefined,
        params: [],
        body: undefined,
        queryDto: undefined,
        list: undefined,
        queryNames: [],
        multipart: false,
        status: (Reflect.getMetadata(HTTP_CODE_METADATA, fn) as number | undefined) ?? (method === 'post' ? 201 : 200),
        contentType: ((Reflect.getMetadata(HEADERS_METADATA, fn) ?? []) as { name: string; value: string }[]).find((h) => h.name.toLowerCase() === 'content-type')?.value,
      };
      const uuids = new Set<string>();
      for (const [key, arg] of Object.entries(args)) {
        const paramtype = Number(key.split(':')[0]);
        const type = types[arg.index];
        const whole = arg.data === undefined;
        if (paramtype === RouteParamtypes.BODY && whole && isDtoClass(type)) route.body = type;
        if (paramtype === RouteParamtypes.QUERY && whole) {
          route.list = (arg.pipes ?? []).map(listSpecOf).find(Boolean);
          if (isDtoClass(type)) route.queryDto = type;
        }
        if (paramtype === RouteParamtypes.QUERY && typeof arg.data === 'string') route.queryNames.push(arg.data);
        if (paramtype === RouteParamtypes.PARAM && typeof arg.data === 'string' && (arg.pipes ?? []).some((p) => p instanceof ParseUUIDPipe)) uuids.add(arg.data);
        if (paramtype === RouteParamtypes.FILE || paramtype === RouteParamtypes.FILES) route.multipart = true;
      }
      // Every parameter of the path, also one the handler does not read.
      route.params = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name: name!, uuid: uuids.has(name!) }));
      out.push(route);
    }
  }
  return out;
}
