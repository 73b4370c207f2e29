/**
 * The routes of the booted app as Nest's router knows them (controllers discovered at run time),
 * for specs that go over every route: access declarations, input fuzzing. Never a hand-written list.
 */
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod, type Type } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ACCESS_KEY, RECORD_KEY, type RecordRouteDeclaration, type RouteAccess } from '../core/permissions/access.decorators.js';

/** What a handler reads from the request, from its parameter decorators. */
export interface RouteInputs {
  /** The metatype of a whole-body `@Body()` (a DTO class, or Object for an interface); undefined when the body is not read. */
  body: Type | undefined;
  /** True when the handler reads the query (`@Query()` or `@Query('x')`). */
  query: boolean;
  /** Names read one by one with `@Query('x')`. */
  queryNames: string[];
  /** Names of the route params the handler reads. */
  params: string[];
  /** True when the route parses multipart (an interceptor such as FileInterceptor is bound). */
  multipart: boolean;
}

export interface DiscoveredRoute {
  method: string;
  path: string;
  access: RouteAccess | undefined;
  /** The record the route acts on (@RecordRoute) or why it has none (@NotARecord). */
  record: RecordRouteDeclaration | undefined;
  /** `Controller.method`. */
  name: string;
  inputs: RouteInputs;
}

export function joinPath(...parts: (string | string[] | undefined)[]): string {
  const segs = parts.flatMap((p) => (Array.isArray(p) ? p[0] : p) ?? '').flatMap((p) => p.split('/')).filter(Boolean);
  return `/${segs.join('/')}`;
}

function inputsOf(controller: Type, proto: object, methodName: string, handler: object): RouteInputs {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', proto, methodName) ?? []) as Type[];
  const inputs: RouteInputs = { body: undefined, query: false, queryNames: [], params: [], multipart: false };
  for (const [key, arg] of Object.entries(args)) {
    const paramtype = Number(key.split(':')[0]);
    if (paramtype === RouteParamtypes.BODY && arg.data === undefined) inputs.body = types[arg.index] ?? Object;
    if (paramtype === RouteParamtypes.QUERY) inputs.query = true;
    if (paramtype === RouteParamtypes.QUERY && typeof arg.data === 'string') inputs.queryNames.push(arg.data);
    if (paramtype === RouteParamtypes.PARAM && typeof arg.data === 'string') inputs.params.push(arg.data);
  }
  const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[];
  inputs.multipart = interceptors.length > 0;
  return inputs;
}

/** Every route of every controller, with its full path under /api. */
export function discoverRoutes(app: NestExpressApplication): DiscoveredRoute[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const out: DiscoveredRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { metatype, instance } = wrapper;
    if (!metatype || !instance) continue;
    const prefix = Reflect.getMetadata(PATH_METADATA, metatype) as string | string[] | undefined;
    const proto = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const methodName of scanner.getAllMethodNames(proto)) {
      const handler = proto[methodName] as object;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      out.push({
        method: RequestMethod[method],
        path: joinPath('api', prefix, path),
        access: (Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, metatype)) as RouteAccess | undefined,
        record: Reflect.getMetadata(RECORD_KEY, handler) as RecordRouteDeclaration | undefined,
        name: `${metatype.name}.${methodName}`,
        inputs: inputsOf(metatype as Type, proto, methodName, handler),
      });
    }
  }
  return out;
}

/** Express' own routing table: what really answers requests. */
export function expressRoutes(app: NestExpressApplication): string[] {
  const server = app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } };
  return server.router.stack
    .filter((l) => l.route)
    .flatMap((l) => Object.keys(l.route!.methods).filter((m) => m !== '_all').map((m) => `${m.toUpperCase()} ${l.route!.path}`));
}
