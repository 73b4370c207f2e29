import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { UnitOfWork } from '../db/unit-of-work.js';
import { AppError } from '../errors/app-error.js';
import { type FileRow, FilesRepository } from './files.repository.js';
import { MAX_IMAGE_BYTES, sniffType, type SniffedType, UPLOAD_MESSAGES } from './file-types.js';

export interface StoredFile {
  row: FileRow;
  data: Buffer;
}

export interface SaveOptions {
  /** Accepted real types; anything else → 415 with `message`. */
  accept: readonly SniffedType[];
  message: string;
  maxBytes?: number;
  originalName?: string;
  createdBy?: string | null;
  /** Field name for errors[].path. */
  path?: string;
}

/**
 * FileStore under DATA_DIR/files. Keys are generated here (two-level fan-out of random hex);
 * user-supplied names are kept as metadata only and never become a path.
 */
@Injectable()
export class FilesService {
  private readonly root: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repo: FilesRepository,
    /** Absent only where files are written outside the application (the demo seed in its own transaction). */
    @Optional() private readonly unitOfWork?: UnitOfWork,
  ) {
    this.root = path.join(config.dataDir, 'files');
  }

  async save(data: Buffer, options: SaveOptions): Promise<FileRow> {
    const max = options.maxBytes ?? MAX_IMAGE_BYTES;
    if (data.length > max) throw new AppError(413, [{ path: options.path, code: 'too_large', message: UPLOAD_MESSAGES.tooLarge }]);
    const type = sniffType(data);
    if (!type || !options.accept.includes(type)) {
      throw new AppError(415, [{ path: options.path, code: 'unsupported_media_type', message: options.message }]);
    }
    const key = randomBytes(16).toString('hex');
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { mode: 0o600 });
    // The bytes live outside the database: they go again when their row is not kept (the insert
    // fails, or the unit of work it belongs to rolls back), so no orphaned file stays behind.
    const discard = () => rm(file, { force: true });
    let row: FileRow;
    try {
      row = await this.repo.insert({
        storageKey: key,
        originalName: (options.originalName ?? '').slice(0, 255),
        mimeType: type,
        size: data.length,
        createdBy: options.createdBy ?? null,
      });
    } catch (error) {
      await discard();
      throw error;
    }
    this.unitOfWork?.afterRollback(discard);
    return row;
  }

  async read(id: string): Promise<StoredFile | null> {
    const row = await this.repo.find(id);
    if (!row) return null;
    try {
      return { row, data: await readFile(this.pathOf(row.storageKey)) };
    } catch {
      return null;
    }
  }

  async remove(id: string): Promise<void> {
    const row = await this.repo.find(id);
    if (!row) return;
    await this.repo.delete(id);
    // Inside a unit of work the bytes go once the row's deletion is committed: a rollback brings the
    // row back, and its file must still be there.
    const file = this.pathOf(row.storageKey);
    if (this.unitOfWork?.active) this.unitOfWork.afterCommit(() => void rm(file, { force: true }).catch(() => undefined));
    else await rm(file, { force: true });
  }

  private pathOf(key: string): string {
    if (!/^[0-9a-f]{32}$/.test(key)) throw new Error('Invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }
}
