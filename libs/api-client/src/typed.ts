import { type ApiBody, type ApiResponse, type ApiRoute, FILE_ROUTES } from '@mediport/contracts';

const FILES: ReadonlySet<string> = new Set(FILE_ROUTES);
import { apiRequest, type QueryValue, type RequestOptions } from './http.js';

export interface CallOptions<R extends ApiRoute> extends Omit<RequestOptions, 'method' | 'body' | 'file'> {
  /** Values of the route's `:name` segments. */
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: ApiBody<R>;
}

/** "/api/homes/:id/groups" with { id } → "/api/homes/…/groups" (segments URL-encoded). */
export function routePath(route: ApiRoute, params: Record<string, string> = {}): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing route parameter ${name} for ${route}`);
    return encodeURIComponent(value);
  });
}

/**
 * Calls a route of the contracts' API_MAP: the body and the answer are typed by the map, and a
 * file route's answer arrives as a Blob.
 */
export function callApi<R extends ApiRoute>(route: R, options: CallOptions<R> = {} as CallOptions<R>): Promise<ApiResponse<R>> {
  const method = route.slice(0, route.indexOf(' ')) as RequestOptions['method'];
  const { params, ...rest } = options;
  return apiRequest<ApiResponse<R>>(routePath(route, params), { ...rest, method, file: FILES.has(route) });
}
