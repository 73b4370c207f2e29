import compression from 'compression';
import type { Request, RequestHandler } from 'express';

/** Answers worth compressing: the API (and its /api/v3 alias) and the metrics text. */
const COMPRESSED_PATHS = /^\/(api|metrics)(\/|$)/;

/**
 * gzip / br (by Accept-Encoding) for API answers over 1 KB. Only /api and /metrics: socket.io
 * never passes Express, and static files are served precompressed or as they are.
 */
export function apiCompression(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => COMPRESSED_PATHS.test((req as Request).path) && compression.filter(req, res),
  });
}
