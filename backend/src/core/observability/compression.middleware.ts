import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { acceptedEncodings } from '../static/static.js';

/** Answers worth compressing: the API (and its /api/v3 alias) and the metrics text. */
const COMPRESSED_PATHS = /^\/(api|metrics)(\/|\?|$)/;
/** Smaller answers go as they are: the header overhead eats the gain. */
const THRESHOLD = 1024;
/**
 * Dynamic answers are compressed once per request, so the fastest settings: for the signed-in
 * user list (35 KB of JSON) brotli quality 1 takes ≈0.1 ms for 2.6 KB, quality 4 (the package's
 * default) ≈0.16–0.26 ms for 2.5 KB; gzip level 3 ≈0.1 ms, level 6 ≈0.16 ms for 3 % fewer bytes.
 * Static files are precompressed at build time with the strongest settings (core/static).
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 3;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** The coding to use for a whole answer of this request, or null (not accepted, not compressible, already encoded). */
function codingFor(req: Request, res: Response): 'br' | 'gzip' | null {
  if (req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304) return null;
  const encoding = res.getHeader('Content-Encoding');
  if (encoding !== undefined && encoding !== 'identity') return null;
  if (NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''))) return null;
  // The content type must be one worth compressing (JSON, text, SVG, ...): the package's own test.
  if (!compression.filter(req, res)) return null;
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/** Whether an answer has THRESHOLD bytes or more on the wire. */
function atThreshold(chunk: string | Buffer, encoding: BufferEncoding): boolean {
  if (typeof chunk !== 'string') return chunk.length >= THRESHOLD;
  // A UTF-8 string has at least as many bytes as UTF-16 units: only a shorter one needs counting.
  return (encoding === 'utf8' && chunk.length >= THRESHOLD) || Buffer.byteLength(chunk, encoding) >= THRESHOLD;
}

function compress(body: Buffer, coding: 'br' | 'gzip'): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/**
 * An answer handed over whole (`res.json`, `res.send`: one `end(body)` without an earlier
 * `write`) is compressed here in one synchronous call and sent with its Content-Length. Cheaper
 * than a zlib stream per answer (no thread-pool round trip, one socket write, no chunked framing).
 * Installed inside the `compression` package's wrappers: it then sees the Content-Encoding and
 * passes the body through, and it still compresses streamed answers (StreamableFile, the API docs).
 */
function compressWholeAnswers(req: Request, res: Response): void {
  const write = res.write;
  const end = res.end;
  let streamed = false;
  res.write = function (this: Response, ...args: unknown[]) {
    streamed = true;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as Response['write'];
  res.end = function (this: Response, ...args: unknown[]) {
    const [chunk, encoding] = args;
    if (!streamed && !this.headersSent && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      const textEncoding = typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8';
      const coding = atThreshold(chunk, textEncoding) ? codingFor(req, this) : null;
      if (coding) {
        // Encoded only to be compressed: an answer that goes as it is stays the string Node writes.
        const body = typeof chunk === 'string' ? Buffer.from(chunk, textEncoding) : chunk;
        const compressed = compress(body, coding);
        this.setHeader('Content-Encoding', coding);
        this.setHeader('Content-Length', compressed.length);
        return (end as (chunk: Buffer) => Response).call(this, compressed);
      }
    }
    return (end as (...a: unknown[]) => Response).apply(this, args);
  } as Response['end'];
}

/**
 * br or gzip (by Accept-Encoding) for API answers over 1 KB. Only /api and /metrics: socket.io
 * never passes Express, and static files are served precompressed or as they are.
 */
export function apiCompression(): RequestHandler {
  const streamed = compression({
    threshold: THRESHOLD,
    level: GZIP_LEVEL,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  return (req, res, next) => {
    if (!COMPRESSED_PATHS.test(req.url)) return next();
    streamed(req, res, (error?: unknown) => {
      if (error) return next(error);
      compressWholeAnswers(req, res);
      next();
    });
  };
}
