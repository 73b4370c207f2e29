import { Injectable, Logger } from '@nestjs/common';
import { ARCHIVE_OPTIONS } from '@mediport/contracts/shop';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { contractRunning } from '../../core/permissions/contract-rights.js';
import { BackupStore } from './backup-store.js';
import { BackupRepository, type ExpiredArchive } from './backup.repository.js';

/** How long an archive is kept: its month plus this many months before the current one. */
export const KEEP_MONTHS = 12;
/** The same with the option booked: 10 years. */
export const OPTION_KEEP_MONTHS = 120;

/** Archives deleted per page. */
const PAGE = 200;

/** The month `n` months before `month` (both YYYY-MM). */
export function monthsBefore(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export interface SweepResult {
  deleted: number;
  /** Archives whose file could not be removed: they stay and are tried again by the next sweep. */
  failed: number;
}

/**
 * Deletes the archives past their retention: 12 months, or 10 years for an owner that holds one
 * of the archive options (`backup-archiv` for homes, `backup-archiv-praxis` for practices) not
 * cancelled or cancelled to a last day not before today, on a contract of its own that runs
 * (contract-rights.ts `contractRunning`) whoever pays it: the home's contract, or a doctor's for
 * the doctor and his practice. The file goes first, then the row: an archive whose file cannot be
 * removed keeps its row, is logged, and the next sweep tries again.
 */
@Injectable()
export class BackupRetention {
  private readonly logger = new Logger('BackupRetention');

  constructor(
    private readonly repo: BackupRepository,
    private readonly store: BackupStore,
    private readonly clock: Clock,
  ) {}

  async sweep(): Promise<SweepResult> {
    const today = berlinDate(this.clock.now());
    const month = today.slice(0, 7);
    const limits = { before: monthsBefore(month, KEEP_MONTHS), keptBefore: monthsBefore(month, OPTION_KEEP_MONTHS), kept: await this.optionHolders(today) };
    const result: SweepResult = { deleted: 0, failed: 0 };
    let after: ExpiredArchive | null = null;
    for (;;) {
      const page = await this.repo.expiredPage(limits, after, PAGE);
      if (!page.length) break;
      const removed: string[] = [];
      for (const archive of page) {
        try {
          await this.store.remove(archive.storageKey);
          removed.push(archive.id);
        } catch (error) {
          result.failed++;
          this.logger.error(`Archive ${archive.name} kept past its retention, its file could not be removed (tried again next run): ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      result.deleted += await this.repo.deleteMany(removed);
      after = page[page.length - 1]!;
    }
    if (result.deleted || result.failed) this.logger.log(`Retention: ${result.deleted} archive(s) deleted, ${result.failed} kept for another try`);
    return result;
  }

  /** The owner keys ('home:<id>', 'doctor:<id>', 'office:<id>') that hold an archive option on `today`. */
  private async optionHolders(today: string): Promise<string[]> {
    const keys = new Set<string>();
    for (const row of await this.repo.contractsWithOption(ARCHIVE_OPTIONS, today)) {
      if (!contractRunning(row, today)) continue;
      if (row.homeId) keys.add(`home:${row.homeId}`);
      if (row.doctorId) keys.add(`doctor:${row.doctorId}`);
      if (row.doctorId && row.officeId) keys.add(`office:${row.officeId}`);
    }
    return [...keys];
  }
}
