import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';

/**
 * Where the archives' bytes lie: DATA_DIR/files/backups/<2 hex>/<32 hex>.zip, under keys generated
 * here. A name from a request never reaches this class; the service finds the key in the table.
 * Archives are written as a stream to a `.part` file and renamed when complete, so a half-written
 * archive is never served.
 */
@Injectable()
export class BackupStore {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = path.join(config.dataDir, 'files', 'backups');
  }

  /** Writes `source` under a new key; answers the key and the size. Nothing stays behind on failure. */
  async write(source: Readable): Promise<{ key: string; size: number }> {
    const key = randomBytes(16).toString('hex');
    const file = this.pathOf(key);
    const part = `${file}.part`;
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(source, createWriteStream(part, { mode: 0o600 }));
      await rename(part, file);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
    return { key, size: (await stat(file)).size };
  }

  /** The archive's bytes as a stream; null when the file is gone. */
  async open(key: string): Promise<{ stream: ReadStream; size: number } | null> {
    const file = this.pathOf(key);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!/^[0-9a-f]{32}$/.test(key)) throw new Error('Invalid storage key');
    return path.join(this.root, key.slice(0, 2), `${key}.zip`);
  }
}
