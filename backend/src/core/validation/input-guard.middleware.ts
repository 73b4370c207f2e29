import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error.js';
import { findUnsafeInput } from './input-rules.js';

/**
 * Express middleware right after the JSON / urlencoded body parsers: refuses a body or query
 * string that is too deep, carries prototype keys or forbidden characters, on every /api route,
 * also on routes that never read their body or query. Line breaks pass here; whether a field may
 * hold them is known only from the route's DTO (InputPipe). Multipart bodies are parsed later by
 * multer inside the route and are checked by InputPipe.
 */
export const inputGuard: RequestHandler = (req, _res, next) => {
  const errors = [...findUnsafeInput(req.body, { lineBreaks: true }), ...findUnsafeInput(req.query, { lineBreaks: true })];
  next(errors.length ? AppError.badRequest(errors) : undefined);
};
