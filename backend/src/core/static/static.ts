import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '@nestjs/common';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import { API_MESSAGES, type ApiErrorBody } from '@mediport/contracts';
import { type AppConfig, REMOTE_NAMES, REMOTE_PERMISSIONS } from '../config/app-config.js';
import { toErrorBody } from '../errors/exception.filter.js';

/** Paths the shell's SPA fallback must never answer. */
const NOT_SPA = /^\/(api|remotes|socket\.io)(\/|$)|^\/remotes\.json$/;
/** webpack content hashes in file names ("main.3f9a1c2b.js", "412.a1b2c3d4e5.chunk.js"). */
/** Asset requests that must 404 instead of receiving index.html. */
const ASSET = /\.(js|mjs|css|map|json|png|svg|jpe?g|gif|webp|ico|woff2?|ttf)$/i;
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|mjs|woff2?|png|svg|jpe?g|gif|webp|map)$/i;

function setCacheHeaders(res: Response, file: string): void {
  // A precompressed variant ("main.3f9a1c2b.js.br") is cached like the file it encodes.
  if (HASHED.test(path.basename(file).replace(/\.(br|gz)$/, ''))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/** Files the build writes `.br` and `.gz` beside (frontends/common/build-plugins.mjs). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|ico)$/i;
/** Preferred first: brotli is about 15 % smaller than gzip on our scripts. */
const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
] as const;

/** Content codings the client accepts (`Accept-Encoding`, q=0 excluded, `*` honoured). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let any = false;
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (token === '*') any = weight > 0;
    else if (weight > 0) accepted.add(token);
    else refused.add(token);
  }
  if (any) for (const e of ENCODINGS) if (!refused.has(e.token)) accepted.add(e.token);
  return accepted;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The precompressed variant of `file` the request accepts, if the build wrote one. */
function precompressedVariant(req: Request, file: string): (typeof ENCODINGS)[number] | null {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  return ENCODINGS.find((e) => accepted.has(e.token) && isFile(file + e.suffix)) ?? null;
}

/**
 * Serves `x.js.br` / `x.js.gz` for `x.js` when the browser accepts the encoding: rewrites the
 * request for the static handler below, which then sends the variant with the original type.
 * Every compressible answer varies by Accept-Encoding, compressed or not.
 */
function precompressed(root: string): RequestHandler {
  const base = path.resolve(root);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    res.vary('Accept-Encoding');
    let rel: string;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(base, rel);
    if (!file.startsWith(base + path.sep) || !isFile(file)) return next();
    const variant = precompressedVariant(req, file);
    if (!variant) return next();
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', variant.token);
    const query = req.url.indexOf('?');
    req.url = `${req.path}${variant.suffix}${query === -1 ? '' : req.url.slice(query)}`;
    next();
  };
}

/** Sends index.html (the SPA's every route), precompressed when accepted. */
function sendIndex(req: Request, res: Response, index: string): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.vary('Accept-Encoding');
  const variant = precompressedVariant(req, index);
  if (!variant) {
    res.sendFile(index);
    return;
  }
  res.type('html');
  res.setHeader('Content-Encoding', variant.token);
  res.sendFile(index + variant.suffix);
}

/** /api belongs to Nest (its own 404 and error handling, registered at init). */
const API = /^\/api(\/|$)/;
/** Paths that are never a file of the shell's build. */
const NOT_A_FILE = /^\/(api|socket\.io)(\/|$)/;

const PAGE_TITLES: Record<number, string> = { 404: 'Seite nicht gefunden', 500: 'Fehler' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An error outside /api in the API's shape: JSON for scripts and fetches, a small German page for
 * a browser that navigates there. Never Express's English "Cannot GET /x" page.
 */
function sendError(req: Request, res: Response, body: ApiErrorBody): void {
  res.status(body.statusCode);
  res.setHeader('Cache-Control', 'no-store');
  if (req.accepts(['json', 'html']) !== 'html') {
    res.json(body);
    return;
  }
  const title = PAGE_TITLES[body.statusCode] ?? PAGE_TITLES[500]!;
  const messages = body.errors.map((e) => `<p>${escapeHtml(e.message)}</p>`).join('');
  res.type('html').send(
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${title} – Medikationsportal</title></head>` +
      `<body><h1>${title}</h1>${messages}<p><a href="/">Zur Startseite</a></p></body></html>`,
  );
}

const NOT_FOUND: ApiErrorBody = { statusCode: 404, errors: [{ code: 'not_found', message: API_MESSAGES.notFound }] };

/** Last handler for paths outside /api that nothing answered (missing assets, other methods). */
const notFound: RequestHandler = (req, res, next) => {
  if (API.test(req.path)) return next();
  sendError(req, res, NOT_FOUND);
};

/** Errors of the static serving (unreadable file, bad path): German, in the common shape, logged when unexpected. */
function staticErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (API.test(req.path) || res.headersSent) return next(error);
    sendError(req, res, toErrorBody(error, logger));
  };
}

/** Installs the German 404 and error answers for everything outside /api; call after all static routes. */
function mountFallbacks(server: Express, logger: Logger): void {
  server.use(notFound);
  server.use(staticErrors(logger));
}

/** /remotes.json: per remote the URL of its mf-manifest.json and the permission its area needs. */
export function remotesManifest(config: AppConfig): Record<string, { entry: string; permission?: string }> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const permission = REMOTE_PERMISSIONS[name];
      return [name, permission ? { entry: config.remoteUrls[name], permission } : { entry: config.remoteUrls[name] }];
    }),
  );
}

/**
 * Serves the built shell at / (with SPA fallback to index.html), each remote at /remotes/<name>/
 * and /remotes.json. A missing build only logs a warning: the API still starts.
 */
export function mountStatic(server: Express, config: AppConfig, logger: Logger): void {
  server.get('/remotes.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(remotesManifest(config));
  });

  for (const name of REMOTE_NAMES) {
    const dir = path.join(config.staticRoot, name, 'dist');
    if (!existsSync(dir)) {
      logger.warn(`Remote "${name}" is not built (${dir} is missing); /remotes/${name}/ answers 404 until it is built.`);
      continue;
    }
    server.use(`/remotes/${name}`, (_req, res, next) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      next();
    });
    server.use(`/remotes/${name}`, precompressed(dir), express.static(dir, { index: false, setHeaders: setCacheHeaders }));
  }

  // Anything under /remotes that no built remote answered (never the SPA's index.html).
  server.use('/remotes', (req, res) => sendError(req, res, NOT_FOUND));

  const shell = path.join(config.staticRoot, 'shell', 'dist');
  const index = path.join(shell, 'index.html');
  if (!existsSync(index)) {
    logger.warn(`The shell is not built (${index} is missing); only the API is served.`);
    mountFallbacks(server, logger);
    return;
  }
  // /api and socket.io never name a file of the shell: spare them the file-system lookups.
  const shellFiles = [precompressed(shell), express.static(shell, { index: false, setHeaders: setCacheHeaders })];
  for (const handler of shellFiles) server.use((req, res, next) => (NOT_A_FILE.test(req.path) ? next() : handler(req, res, next)));
  server.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path) || ASSET.test(req.path)) return next();
    sendIndex(req, res, index);
  });
  mountFallbacks(server, logger);
}
