import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogRoute } from '../route-catalog.js';

/** The command that rewrites api-map.check.ts from the routes the app serves. */
export const API_MAP_CHECK_UPDATE = 'cd backend && UPDATE_API_MAP_CHECK=1 npx jest src/core/openapi/api-map';

/** The map's key of a catalog route: `GET /api/users/:id` (the catalog writes `/api/users/{id}`). */
export function apiMapKey(route: Pick<CatalogRoute, 'method' | 'path'>): string {
  return `${route.method.toUpperCase()} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !/\.(e2e-)?spec\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Each exported class of the backend's sources by name, with its file; a name exported twice maps to every file. */
export function exportedClasses(srcDir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of sourceFiles(srcDir)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/^export (?:abstract )?class (\w+)/gm)) {
      out.set(name!, [...(out.get(name!) ?? []), file]);
    }
  }
  return out;
}

/**
 * The text of api-map.check.ts: one line per served route that compiles only while the handler's
 * awaited answer fits the map's `ApiResponse` and its `@Body()` DTO fits the map's `ApiBody`.
 * Routes are ordered by key, so the file changes only where a route changes.
 */
export function renderApiMapCheck(routes: readonly CatalogRoute[], classes: Map<string, string[]>, checkFile: string): string {
  const imports = new Map<string, Set<string>>();
  const use = (name: string): string => {
    const files = classes.get(name) ?? [];
    if (files.length !== 1) throw new Error(`class ${name} is exported by ${files.length ? files.join(', ') : 'no source file'}; the check needs exactly one`);
    const relative = path.relative(path.dirname(checkFile), files[0]!).split(path.sep).join('/').replace(/\.ts$/, '.js');
    const specifier = relative.startsWith('.') ? relative : `./${relative}`;
    imports.set(specifier, (imports.get(specifier) ?? new Set()).add(name));
    return name;
  };
  const lines = [...routes]
    .sort((a, b) => (apiMapKey(a) < apiMapKey(b) ? -1 : apiMapKey(a) > apiMapKey(b) ? 1 : 0))
    .map((route) => {
      const answer = `Answer<${use(route.controller.name)}['${route.handler}']>`;
      const body = route.body ? `, ${use(route.body.name)}` : '';
      return `  Route<'${apiMapKey(route)}', ${answer}${body}>,`;
    });
  const importLines = [...imports]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([specifier, names]) => `import type { ${[...names].sort().join(', ')} } from '${specifier}';`);
  return [
    `// Generated from the served routes; do not edit. Regenerate: ${API_MAP_CHECK_UPDATE}`,
    '/**',
    " * Compiles only while every controller answers what libs/contracts' API_MAP says: per route, the",
    " * handler's awaited return type must be assignable to ApiResponse<route>, and its @Body() DTO",
    ' * class to ApiBody<route>.',
    ' */',
    "import type { StreamableFile } from '@nestjs/common';",
    "import type { ApiBody, ApiResponse, ApiRoute } from '@mediport/contracts';",
    ...importLines,
    '',
    "/** A file route's Blob leaves the server as a StreamableFile (or an HTML string). */",
    'type Served<T> = T extends Blob ? StreamableFile | string : T;',
    'type Answer<H> = H extends (...args: never[]) => infer A ? Awaited<A> : never;',
    '/** The fields of a JSON body (a multipart body may also be sent as FormData). */',
    'type Fields<T> = T extends FormData ? never : keyof T;',
    '/** Resolves only when the answer `A` fits route `R` of the map, and the body DTO `B` fits its body with no field the map lacks. */',
    'type Route<R extends ApiRoute, A extends Served<ApiResponse<R>>, B extends ApiBody<R> & Record<Exclude<keyof B, Fields<ApiBody<R>>>, never> = never> = [R, A, B];',
    '',
    'export type ApiMapCheck = [',
    ...lines,
    '];',
    '',
  ].join('\n');
}
