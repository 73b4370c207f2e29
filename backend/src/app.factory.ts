import type { IncomingMessage } from 'node:http';
import { Logger, type LogLevel, type RawBodyRequest } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module.js';
import type { AppConfig } from './core/config/app-config.js';
import { GlobalExceptionFilter, toErrorBody } from './core/errors/exception.filter.js';
import { PrototypedExpressAdapter } from './core/http/express-adapter.js';
import { securityHeaders } from './core/http/security-headers.js';
import { mountApiDocs } from './core/openapi/api-docs.js';
import { createLogger, levelOfNestLevels, PinoNestLogger } from './core/observability/logger.js';
import { observeHttp } from './core/observability/observability.http.js';
import { requestIdOf } from './core/observability/request-id.middleware.js';
import { mountStatic } from './core/static/static.js';
import { inputGuard } from './core/validation/input-guard.middleware.js';
import { InputPipe } from './core/validation/input.pipe.js';

/** /api/v3/* is the same as /api/* (older clients call the v3 paths): rewritten before routing. */
export const apiV3Alias: RequestHandler = (req, _res, next) => {
  if (req.url === '/api/v3' || req.url.startsWith('/api/v3/') || req.url.startsWith('/api/v3?')) req.url = `/api${req.url.slice('/api/v3'.length)}`;
  next();
};

/** Body-parser failures (malformed JSON, too large) answer in the API's error shape, never as a 500. */
function bodyErrors(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const body = toErrorBody(error, logger, requestIdOf(req));
    res.status(body.statusCode).json(body);
  };
}

export interface CreateAppOptions {
  /** Overrides LOG_LEVEL with the least severe of these Nest levels (`false`: silent). */
  logger?: false | LogLevel[];
  /** Where the JSON log goes (default stdout); tests pass a stream to read it. */
  logDestination?: DestinationStream;
}

export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const log = createLogger(options.logger === undefined ? config.logLevel : levelOfNestLevels(options.logger), options.logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), new PrototypedExpressAdapter(), {
    bodyParser: false,
    logger: new PinoNestLogger(log),
  });
  const logger = new Logger('Http');
  const server = app.getHttpAdapter().getInstance() as Express;
  server.disable('x-powered-by');
  // API answers are no-store: hashing every JSON body for an ETag is wasted work (static files keep serve-static's own).
  server.set('etag', false);
  server.set('trust proxy', config.trustProxy);
  observeHttp(app, config, log);
  app.use(apiV3Alias);
  app.use(securityHeaders(config));
  // Request size limits: JSON and urlencoded bodies 2 MB each (over it: 413 "Die Anfrage ist zu groß.").
  // Multipart (multer, per route): files 2 MB for images (avatar, logo) and 20 MB for PDF documents
  // (413 "Die Datei ist zu groß."), text fields 1 MB each (busboy's default), at most 1000 parts.
  // The JSON body's bytes stay on the request as `rawBody` (Nest's RawBodyRequest) for routes that
  // check a signature over them (POST /api/fax/callback).
  const keepRawBody = (req: RawBodyRequest<IncomingMessage>, _res: unknown, buf: Buffer) => {
    req.rawBody = buf;
  };
  app.use('/api', express.json({ limit: '2mb', verify: keepRawBody }), express.urlencoded({ extended: false, limit: '2mb' }), inputGuard, bodyErrors(logger));
  mountStatic(server, config, new Logger('Static'));
  app.setGlobalPrefix('api');
  // OpenAPI document at /api/docs-json, Swagger UI at /api/docs (off with API_DOCS=0).
  if (config.apiDocs) mountApiDocs(app, server);
  // Input guard (depth, prototype keys, control/bidi characters) + class-validator for every @Body/@Query/@Param.
  app.useGlobalPipes(new InputPipe());
  app.useGlobalFilters(new GlobalExceptionFilter());
  return app;
}
