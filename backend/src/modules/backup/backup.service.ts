import { Injectable } from '@nestjs/common';
import type { ReadStream } from 'node:fs';
import type { BackupEntry } from '@mediport/contracts/backup';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { Clock } from '../../core/clock/clock.js';
import { AppError } from '../../core/errors/app-error.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { backupPolicy } from '../../core/permissions/policies/index.js';
import { germanMonth } from './backup-archiver.js';
import { BackupStore } from './backup-store.js';
import { type ArchiveRow, type BackupSortField, BackupRepository } from './backup.repository.js';

export interface BackupDownload {
  stream: ReadStream;
  size: number;
  fileName: string;
}

/** GET /api/backup and its downloads: the archives the Backup policy lets the caller read. */
@Injectable()
export class BackupService {
  constructor(
    private readonly repo: BackupRepository,
    private readonly store: BackupStore,
    private readonly clock: Clock,
  ) {}

  async list(auth: AuthContext, query: ListQuery<BackupSortField, { text?: string }>): Promise<{ data: BackupEntry[]; count: number }> {
    const { rows, count } = await this.repo.list(query, backupPolicy.where(auth, 'read'), await this.ownKeys(auth));
    return { data: rows.map(entry), count };
  }

  /**
   * The archive named `name`: the name is looked up in the table (never used as a path); an
   * archive the caller may not read is 404 like one that does not exist. The first download by
   * one of the owner's own users makes it 'downloaded' (an administrator's leaves it new).
   */
  async download(auth: AuthContext, name: string): Promise<BackupDownload> {
    const row = await this.repo.findByName(name);
    backupPolicy.assert(auth, 'read', row ? { id: row.id, home: row.homeId, doctors: row.doctors } : null);
    const file = await this.store.open(row!.storageKey);
    if (!file) throw AppError.notFound();
    const own = (row!.homeId !== null && row!.homeId === auth.user.homeId) || (auth.user.doctorId !== null && row!.doctors.includes(auth.user.doctorId));
    if (own) await this.repo.markDownloaded(row!.id, auth.userId, this.clock.now());
    return { stream: file.stream, size: file.size, fileName: row!.original };
  }

  /** The owners whose archives the caller's own scope covers (null: an administrator, all). */
  private async ownKeys(auth: AuthContext): Promise<string[] | null> {
    if (auth.user.roles.includes('ROLE_ADMIN')) return null;
    const keys: string[] = [];
    if (auth.user.homeId) keys.push(`home:${auth.user.homeId}`);
    if (auth.user.doctorId) {
      keys.push(`doctor:${auth.user.doctorId}`);
      const office = await this.repo.officeOf(auth.user.doctorId);
      if (office) keys.push(`office:${office}`);
    }
    return keys;
  }
}

function entry(row: ArchiveRow): BackupEntry {
  return {
    name: row.name,
    original: row.original,
    title: `Sicherung ${germanMonth(row.month)}`,
    month: row.month,
    status: row.status,
    stats: { mtime: row.modifiedAt.toISOString(), size: row.size },
  };
}
