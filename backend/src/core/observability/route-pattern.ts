import type { Request } from 'express';

/** /api and its /api/v3 alias (rewritten before routing, so the pattern is always /api/...). */
const API_PATH = /^\/api(\/|$)/;

/**
 * The route pattern that answered a request (`/api/users/:id`), never the raw URL: ids, names and
 * query values stay out of logs and metric labels, and the label set stays small. Requests no route
 * answered become `<unmatched>` under /api and `<static>` elsewhere (shell, remotes, their 404s).
 * Read it when the response is finished: Express sets `req.route` while routing.
 */
export function routePattern(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  // Nest's 404 for the /api prefix is a catch-all route ('*path') in a router mounted at /api.
  if (route && typeof route.path === 'string' && !route.path.startsWith('*')) return `${req.baseUrl ?? ''}${route.path}`;
  // req.path is relative to the router that last handled the request (e.g. the one mounted at /api).
  return API_PATH.test(`${req.baseUrl ?? ''}${req.path}`) ? '<unmatched>' : '<static>';
}
