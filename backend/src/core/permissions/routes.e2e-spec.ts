/**
 * Every registered route declares its access, and no demo role gets a 2xx where the rights matrix
 * denies the declared permission. The routes come from Nest's router (controllers discovered at
 * run time, cross-checked against Express' routing table), never from a hand-written list.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_MESSAGES, type AuthRecord } from '@mediport/contracts';
import { effectivePermissions, grantOf } from '@mediport/permissions';
import { type DiscoveredRoute, discoverRoutes, expressRoutes } from '../../testing/routes.js';
import { DEMO_USERNAMES, type DemoUsername, loginAll, type TestDatabase, useTestApp } from '../../testing/test-app.js';
import { permissionsFor } from './access.decorators.js';
import { MatrixService } from './matrix.service.js';

let db: TestDatabase;
let app: NestExpressApplication;
let records: Record<DemoUsername, AuthRecord>;
let routes: DiscoveredRoute[];

function concretePath(path: string, self: AuthRecord): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => (/^(id|userId)$/.test(name) ? self.user._id : '00000000-0000-4000-8000-000000000000'));
}

useTestApp(async (booted) => {
  ({ app, db } = booted);
  records = await loginAll(app);
  routes = discoverRoutes(app);
});

describe('registered routes', () => {
  it('are found by discovery and match the Express routing table', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const discovered = routes.map((r) => `${r.method} ${r.path}`).sort();
    const registered = expressRoutes(app).filter((r) => r.split(' ')[1]!.startsWith('/api/')).sort();
    expect(registered).toEqual(discovered);
  });

  it('each declare @Public(), @SignedIn() or @RequirePermission()', () => {
    const undeclared = routes.filter((r) => !r.access || !['public', 'signed-in', 'permission'].includes(r.access.kind));
    expect(undeclared.map((r) => `${r.method} ${r.path} (${r.name})`)).toEqual([]);
  });

  it('that are not public answer 401 without a token', async () => {
    for (const route of routes.filter((r) => r.access?.kind !== 'public')) {
      const res = await request(app.getHttpServer())
        [route.method.toLowerCase() as 'get'](concretePath(route.path, records.admin))
        .send({});
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
    }
  });

  it('that are public never fail with a 5xx', async () => {
    for (const route of routes.filter((r) => r.access?.kind === 'public')) {
      const res = await request(app.getHttpServer())
        [route.method.toLowerCase() as 'get'](route.path)
        .send({});
      expect(res.status).toBeLessThan(500);
    }
  });

  it.each([...DEMO_USERNAMES])('give %s no 2xx where the matrix denies the permission', async (username) => {
    const record = records[username];
    const { version } = await app.get(MatrixService).current();
    const matrix = await app.get(MatrixService).matrix(version);
    const hasContract = username === 'heim';
    const permissions = effectivePermissions(matrix, { roles: record.roles, hasContract });
    expect(permissions).toEqual(record.permissions);
    let denied = 0;
    for (const route of routes) {
      if (route.access?.kind !== 'permission') continue;
      // The body sent is {}, so a byBody route needs any of its permissions; the best grant decides.
      const grants = permissionsFor(route.access, {}).map((name) => grantOf(permissions, name));
      const grant = grants.find((g) => g === 'all') ?? grants.find((g) => g === 'own') ?? grants.find((g) => g === 'locked') ?? null;
      const res = await request(app.getHttpServer())
        [route.method.toLowerCase() as 'get'](concretePath(route.path, record))
        .set('x-auth-token', record.token)
        .send({});
      const label = `${username}: ${route.method} ${route.path} (${route.access.names.join(' | ')}, grant ${grant})`;
      if (grant === 'all' || grant === 'own') {
        expect({ label, serverError: res.status >= 500 }).toEqual({ label, serverError: false });
        continue;
      }
      denied++;
      expect({ label, status: res.status }).toEqual({ label, status: 403 });
      expect(res.body.errors[0]).toEqual(
        grant === 'locked' ? { code: 'contract_required', message: API_MESSAGES.contractRequired } : { code: 'forbidden', message: API_MESSAGES.forbidden },
      );
    }
    if (username !== 'admin') expect(denied).toBeGreaterThan(0);
  });
});
