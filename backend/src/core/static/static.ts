import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '@nestjs/common';
import express, { type Express, type Response } from 'express';
import { API_MESSAGES } from '@mediport/contracts';
import { type AppConfig, REMOTE_NAMES } from '../config/app-config.js';

/** Paths the shell's SPA fallback must never answer. */
const NOT_SPA = /^\/(api|remotes|socket\.io)(\/|$)|^\/remotes\.json$/;
/** webpack content hashes in file names ("main.3f9a1c2b.js", "412.a1b2c3d4e5.chunk.js"). */
/** Asset requests that must 404 instead of receiving index.html. */
const ASSET = /\.(js|mjs|css|map|json|png|svg|jpe?g|gif|webp|ico|woff2?|ttf)$/i;
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|mjs|woff2?|png|svg|jpe?g|gif|webp|map)$/i;

function setCacheHeaders(res: Response, file: string): void {
  if (HASHED.test(path.basename(file))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

export function remotesManifest(config: AppConfig): Record<string, string> {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, config.remoteUrls[name]]));
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
    server.use(`/remotes/${name}`, express.static(dir, { index: false, setHeaders: setCacheHeaders }));
  }

  // Anything under /remotes that no built remote answered.
  server.use('/remotes', (_req, res) => {
    res.status(404).json({ statusCode: 404, errors: [{ code: 'not_found', message: API_MESSAGES.notFound }] });
  });

  const shell = path.join(config.staticRoot, 'shell', 'dist');
  const index = path.join(shell, 'index.html');
  if (!existsSync(index)) {
    logger.warn(`The shell is not built (${index} is missing); only the API is served.`);
    return;
  }
  server.use(express.static(shell, { index: false, setHeaders: setCacheHeaders }));
  server.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path) || ASSET.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
