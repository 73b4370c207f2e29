/**
 * libs/contracts' API_MAP against the routes Nest really serves (discovered from the controllers):
 * every served route is in the map once and the map names no other, and api-map.check.ts (which
 * makes tsc compare each handler's answer and body DTO with the map) is the one these routes give.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROUTES } from '@mediport/contracts/api-map';
import { useTestApp } from '../../testing/test-app.js';
import { findRepoRoot } from '../config/paths.js';
import { type CatalogRoute, catalogRoutes } from './route-catalog.js';
import { API_MAP_CHECK_UPDATE, apiMapKey, exportedClasses, renderApiMapCheck } from './testing/api-map-check.js';

const CHECK_FILE = path.join(findRepoRoot(), 'backend', 'src', 'core', 'openapi', 'api-map.check.ts');

let routes: CatalogRoute[];

useTestApp(({ app }) => {
  routes = catalogRoutes(app);
});

describe('API_MAP of libs/contracts', () => {
  it('names every route the backend serves', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const mapped = new Set<string>(API_ROUTES);
    expect(routes.map(apiMapKey).filter((key) => !mapped.has(key))).toEqual([]);
  });

  it('names no route the backend does not serve', () => {
    const served = new Set(routes.map(apiMapKey));
    expect(API_ROUTES.filter((key) => !served.has(key))).toEqual([]);
  });

  it('is served by one handler per route', () => {
    const keys = routes.map(apiMapKey);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});

describe('api-map.check.ts', () => {
  it(`is generated from the served routes (regenerate: ${API_MAP_CHECK_UPDATE})`, () => {
    const expected = renderApiMapCheck(routes, exportedClasses(path.join(findRepoRoot(), 'backend', 'src')), CHECK_FILE);
    if (process.env.UPDATE_API_MAP_CHECK === '1') writeFileSync(CHECK_FILE, expected);
    const committed = readFileSync(CHECK_FILE, 'utf8');
    if (committed !== expected) throw new Error(`api-map.check.ts differs from the served routes; regenerate it: ${API_MAP_CHECK_UPDATE}`);
  });
});
