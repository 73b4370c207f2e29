import type { ApiMapSpecs, ApiRoute } from './api-map.js';

/**
 * The routes answering a file, which the client reads as a Blob. Kept apart from API_MAP so that
 * the screens carry this short list, not the whole map (the index exports the map's types only);
 * the compiler checks it names exactly the map's file routes.
 */
export const FILE_ROUTES = [
  'GET /api/users/:id/avatar',
  'GET /api/users/:id/profile/documents/:name',
  'GET /api/acl/doku/:name',
  'GET /api/settings/logo',
  'GET /api/doctors/offices/:id/image',
  'GET /api/homes/:id/logo',
  'GET /api/tasks/:id/print',
  'POST /api/tasks/pickup',
  'GET /api/documents/:id/pdf',
  'GET /api/tasks/:taskId/events/:eventId/attachment/:name',
  'GET /api/tasks/export',
  'GET /api/import/task/template',
  'GET /api/invoices/download/:id',
  'GET /api/invoices/sepa',
  'GET /api/backup/download/:name',
] as const satisfies readonly ApiRoute[];

type MapFileRoute = { [R in ApiRoute]: ApiMapSpecs[R]['answer'] extends 'file' ? R : never }[ApiRoute];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time check that FILE_ROUTES and the map's file routes are the same set. */
export const FILE_ROUTES_COMPLETE: Same<MapFileRoute, (typeof FILE_ROUTES)[number]> = true;
