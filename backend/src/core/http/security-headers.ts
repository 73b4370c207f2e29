import type { RequestHandler, Response } from 'express';
import { API_MESSAGES } from '@mediport/contracts';
import type { AppConfig } from '../config/app-config.js';

/** Request headers a listed origin may send to /api (the token header of the API client plus JSON bodies). */
const CORS_ALLOWED_HEADERS = ['content-type', 'x-auth-token'];
const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** File downloads name the file in Content-Disposition; a cross-origin caller must be able to read it. */
const CORS_EXPOSED_HEADERS = 'Content-Disposition';

/** /api and its /api/v3 alias (the alias is rewritten before this middleware runs). */
const API_PATH = /^\/api(\/|$)/;

/**
 * CSP source expression of a remote's manifest URL from remotes.json: a relative URL is served by
 * us ('self', so nothing to add); an absolute http(s) URL contributes its origin; a
 * protocol-relative one (`//cdn.example.org/...`) its host, which CSP matches with the page's scheme.
 */
export function remoteSource(url: string): string | null {
  if (url.startsWith('//')) {
    try {
      return new URL(`https:${url}`).host;
    } catch {
      return null;
    }
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of the shell, the remotes and every other non-API answer.
 * - script/connect/img/font: 'self' plus the origins of the remotes in remotes.json (the shell
 *   fetches each mf-manifest.json, then loads remoteEntry.js and chunks from the same place).
 * - style-src 'unsafe-inline': emotion (MUI) and notistack's goober insert <style> elements at run
 *   time. A per-request nonce would need index.html templated per request plus the same nonce in
 *   the emotion cache of the shell and of every remote, and goober has no nonce option at all;
 *   inline styles cannot run script, so the gain does not justify that.
 * - img-src data: blob: avatars and documents are fetched with the token and shown as blob: URLs;
 *   the ACL doku card is shown as a data: SVG. frame-src blob: the PDF viewer's <iframe>.
 * - form-action 'self': the single sign-on leaves for the partner platform by navigation
 *   (window.location.assign), not by a form post, so no provider origin is needed.
 */
export function contentSecurityPolicy(remoteUrls: readonly string[]): string {
  const remotes = [...new Set(remoteUrls.map(remoteSource).filter((s): s is string => s !== null))];
  const withRemotes = (...sources: string[]) => [...sources, ...remotes].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${withRemotes(`'self'`)}`,
    `connect-src ${withRemotes(`'self'`)}`,
    `img-src ${withRemotes(`'self'`, 'data:', 'blob:')}`,
    `font-src ${withRemotes(`'self'`)}`,
    `style-src 'self' 'unsafe-inline'`,
    `frame-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** API answers are data, never documents: nothing may load from them and nobody may frame them. */
export const API_CONTENT_SECURITY_POLICY = `default-src 'none'; frame-ancestors 'none'`;

/** The Swagger UI page under /api/docs (core/openapi): its own script and stylesheet, the document fetched from /api/docs-json. */
const API_DOCS_PATH = /^\/api\/docs(\/|$)/;
export const API_DOCS_CONTENT_SECURITY_POLICY = [
  `default-src 'none'`,
  `script-src 'self'`,
  `style-src 'self'`,
  `img-src 'self' data:`,
  `connect-src 'self'`,
  `base-uri 'none'`,
  `form-action 'none'`,
  `frame-ancestors 'none'`,
].join('; ');

function forbidden(res: Response): void {
  res.status(403).json({ statusCode: 403, errors: [{ code: 'forbidden', message: API_MESSAGES.forbidden }] });
}

/**
 * Security headers on every answer of the Express app (API, shell, remotes, remotes.json, 404s),
 * plus for /api: `Cache-Control: no-store` (a route may still set its own, e.g. the avatar) and
 * CORS limited to CORS_ORIGINS.
 *
 * Referrer-Policy is no-referrer: addresses of this app carry patient ids (/patient/{id}/auftraege)
 * and the single sign-on code (/oauth?code=...), and nothing here relies on the Referer header
 * (the API authenticates by token; CORS and CSRF decisions do not read it).
 *
 * CORS: a preflight from an origin not listed answers 403 without any Access-Control-Allow-*
 * header; other requests from such an origin pass through without them, so the browser does not
 * let that page read the answer. Same-origin requests need no CORS headers at all.
 */
export function securityHeaders(config: Pick<AppConfig, 'remoteUrls' | 'corsOrigins'>): RequestHandler {
  const appPolicy = contentSecurityPolicy(Object.values(config.remoteUrls));
  const allowed = new Set(config.corsOrigins);
  return (req, res, next) => {
    const api = API_PATH.test(req.path);
    res.setHeader('Content-Security-Policy', api ? (API_DOCS_PATH.test(req.path) ? API_DOCS_CONTENT_SECURITY_POLICY : API_CONTENT_SECURITY_POLICY) : appPolicy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.removeHeader('X-Powered-By');
    if (!api) return next();

    res.setHeader('Cache-Control', 'no-store');
    const origin = req.headers.origin;
    if (allowed.size > 0) res.vary('Origin');
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (!origin || !allowed.has(origin)) return preflight ? forbidden(res) : next();

    res.setHeader('Access-Control-Allow-Origin', origin);
    if (!preflight) {
      res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS);
      return next();
    }
    res.setHeader('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS);
    res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}
