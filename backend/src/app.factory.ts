import { Logger, type LogLevel, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { AppModule } from './app.module.js';
import type { AppConfig } from './core/config/app-config.js';
import { GlobalExceptionFilter, toErrorBody } from './core/errors/exception.filter.js';
import { validationException } from './core/errors/validation.js';
import { mountStatic } from './core/static/static.js';

/** /api/v3/* is the same as /api/* (spec part 1 §7): rewritten before routing. */
export const apiV3Alias: RequestHandler = (req, _res, next) => {
  if (req.url === '/api/v3' || req.url.startsWith('/api/v3/') || req.url.startsWith('/api/v3?')) req.url = `/api${req.url.slice('/api/v3'.length)}`;
  next();
};

/** Body-parser failures (malformed JSON, too large) answer in the API's error shape, never as a 500. */
function bodyErrors(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const body = toErrorBody(error, logger);
    res.status(body.statusCode).json(body);
  };
}

export interface CreateAppOptions {
  logger?: false | LogLevel[];
}

export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    bodyParser: false,
    logger: options.logger ?? ['log', 'warn', 'error'],
  });
  const logger = new Logger('Http');
  const server = app.getHttpAdapter().getInstance() as Express;
  server.disable('x-powered-by');
  server.set('trust proxy', true);
  app.use(apiV3Alias);
  app.use('/api', express.json({ limit: '2mb' }), express.urlencoded({ extended: false, limit: '2mb' }), bodyErrors(logger));
  mountStatic(server, config, new Logger('Static'));
  app.setGlobalPrefix('api');
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true, exceptionFactory: validationException }));
  app.useGlobalFilters(new GlobalExceptionFilter());
  return app;
}
