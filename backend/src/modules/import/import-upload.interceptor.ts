import type { Readable } from 'node:stream';
import {
  BadRequestException,
  type CallHandler,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@mediport/contracts/import';
import type { AuthedRequest } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { ImportProgressRegistry, type ProgressHandle } from './import-progress.js';
import { fileError } from './import.errors.js';

/** The uploaded spreadsheet: its bytes and the name the browser gave it (metadata only). */
export interface ImportUpload {
  originalname: string;
  buffer: Buffer;
  size: number;
}

type UploadRequest = AuthedRequest & { importProgress?: ProgressHandle };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The optional `?job=<uuid>` under which the page polls the progress; anything else is refused. */
export function jobOf(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && UUID.test(value)) return value.toLowerCase();
  throw new AppError(400, [{ path: 'job', code: 'invalid', message: IMPORT_MESSAGES.badJob }]);
}

/** Multipart slack beyond the file itself: boundaries, part headers and the three text fields. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * The upload of PUT /api/import/task and POST /api/import/task/preview: one file in the field
 * `file`, at most IMPORT_MAX_BYTES. A request that declares a larger body is refused before a byte
 * of it is read; multer stops keeping a file at the limit and drains the rest. The bytes are kept
 * in memory (10 MB at most) and counted as they arrive: the job's progress shows the upload.
 */
@Injectable()
export class ImportUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor;

  constructor(private readonly progress: ImportProgressRegistry) {
    const storage = {
      _handleFile(req: UploadRequest, file: { stream: Readable }, done: (error: Error | null, info?: Partial<ImportUpload>) => void) {
        const chunks: Buffer[] = [];
        let size = 0;
        const total = Number(req.headers['content-length']) || 0;
        file.stream.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          req.importProgress?.set('upload', size, Math.max(total, size));
        });
        file.stream.on('error', (error: Error) => done(error));
        file.stream.on('end', () => done(null, { buffer: Buffer.concat(chunks, size), size }));
      },
      _removeFile(_req: UploadRequest, file: Partial<ImportUpload>, done: (error: Error | null) => void) {
        delete file.buffer;
        done(null);
      },
    };
    this.multer = new (FileInterceptor('file', { storage, defParamCharset: 'utf8', limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20 } }))();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    // (The access guard has signed the caller in before any interceptor runs.)
    if (!req.auth) throw AppError.unauthenticated();
    const job = jobOf(req.query.job);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + ENVELOPE_BYTES) throw fileError(413, IMPORT_MESSAGES.tooLarge, 'payload_too_large');
    req.importProgress = this.progress.track(req.auth.userId, job);
    req.importProgress.set('upload', 0, Number.isFinite(declared) ? declared : 0);
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      req.importProgress.set('failed', 0, 0);
      if (error instanceof PayloadTooLargeException) throw fileError(413, IMPORT_MESSAGES.tooLarge, 'payload_too_large');
      if (error instanceof BadRequestException) throw fileError(400, IMPORT_MESSAGES.oneFile);
      throw error;
    }
  }
}

/** The progress handle of the current upload (a no-op without `?job=`). */
export const UploadProgress = createParamDecorator((_data: unknown, ctx: ExecutionContext): ProgressHandle => {
  return ctx.switchToHttp().getRequest<UploadRequest>().importProgress ?? { set: () => undefined };
});
