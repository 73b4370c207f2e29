import { createRequire } from 'node:module';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import express, { type Express, type Response } from 'express';
import { PRODUCT_NAME } from '@mediport/contracts';
import { findRepoRoot } from '../config/paths.js';
import { createOpenApiDocument } from './openapi-document.js';

/** The Swagger UI page; the document itself is at `${API_DOCS_PATH}-json`. */
export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_JSON_PATH = `${API_DOCS_PATH}-json`;

/** The files of swagger-ui-dist the page loads; nothing else of that folder is served (its index.html shows the pet store). */
const UI_ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

/**
 * The page loads only files of its own origin, with no inline script or style, so it runs under
 * the strict CSP security-headers.ts sets for the docs paths.
 */
const PAGE = `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>${PRODUCT_NAME} API</title>
<link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
<link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${API_DOCS_PATH}/init.js"></script>
</body>
</html>
`;

// The token entered under "Authorize" stays in the page (persistAuthorization off: never in localStorage).
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(API_DOCS_JSON_PATH)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

/** swagger-ui-dist comes with @nestjs/swagger; resolved from there so a nested install is found too. */
function swaggerUiFolder(): string {
  const fromBackend = createRequire(path.join(findRepoRoot(), 'backend', 'package.json'));
  const fromSwagger = createRequire(fromBackend.resolve('@nestjs/swagger'));
  return path.dirname(fromSwagger.resolve('swagger-ui-dist/package.json'));
}

/** Revalidated on every load (ETag), never stored without asking: the files change with the package. */
function revalidate(res: Response): void {
  res.setHeader('Cache-Control', 'no-cache');
}

/**
 * Serves the OpenAPI document at /api/docs-json and Swagger UI at /api/docs, public (the
 * description of the API is no secret; every route still checks its own access). The document is
 * built on the first request, after the app has booted. Mounted as an Express router, not as
 * Nest routes: these are no API operations of their own and do not appear in the document.
 */
export function mountApiDocs(app: INestApplication, server: Express): void {
  let document: OpenAPIObject | undefined;
  const uiFolder = swaggerUiFolder();
  const router = express.Router({ strict: false });
  router.get(API_DOCS_JSON_PATH, (_req, res) => {
    document ??= createOpenApiDocument(app);
    res.json(document);
  });
  router.get(API_DOCS_PATH, (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get(`${API_DOCS_PATH}/init.js`, (_req, res) => {
    revalidate(res);
    res.type('js').send(INIT);
  });
  router.get(`${API_DOCS_PATH}/:file`, (req, res, next) => {
    const file = req.params.file;
    if (!UI_ASSETS.has(file)) return next();
    revalidate(res);
    // A missing file falls through to the API's German 404.
    res.sendFile(path.join(uiFolder, file), { cacheControl: false }, (error) => {
      if (error && !res.headersSent) next();
    });
  });
  server.use(router);
}
