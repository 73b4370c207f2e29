import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { BackupArchiver } from './backup-archiver.js';
import { BackupRetention } from './backup-retention.js';
import { BackupRepository } from './backup.repository.js';

/** The month before the one `at` falls in (German time), as YYYY-MM. */
export function previousMonth(at: Date): string {
  const [year, month] = berlinDate(at).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * On the 1st of each month at 02:30 German time, the archives of the month that just ended: one per
 * home, practice and doctor without a practice. Every instance runs it; an archive that exists (or
 * that another instance finished first) is skipped, so the result is one archive per owner and
 * month. Then the archives past their retention are deleted (backup-retention.ts). A fresh demo
 * installation gets last month's archives at its first start.
 */
@Injectable()
export class BackupJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('BackupJob');

  constructor(
    private readonly archiver: BackupArchiver,
    private readonly repo: BackupRepository,
    private readonly retention: BackupRetention,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // With the demo orders there is something to archive; without them (the API specs) nothing is made.
    if (!this.config.demoOrders || (await this.repo.countAll()) > 0) return;
    await this.runMonth(previousMonth(this.clock.now()));
  }

  @Cron('0 30 2 1 * *', { name: 'backup-monthly', timeZone: 'Europe/Berlin' })
  async monthly(): Promise<void> {
    try {
      await this.runMonth(previousMonth(this.clock.now()));
    } catch (error) {
      this.logger.error(`Monthly archives failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // A failed month does not hold up the retention, nor the other way round.
    try {
      await this.retention.sweep();
    } catch (error) {
      this.logger.error(`Retention sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Builds the month's missing archives one after another; a failure is logged and the next owner goes on. Answers how many were made. */
  async runMonth(month: string): Promise<number> {
    let made = 0;
    for (const owner of await this.repo.ownersWithout(month)) {
      try {
        if (await this.archiver.build(owner, month, this.clock.now())) made++;
      } catch (error) {
        this.logger.error(`Archive ${month} of ${owner.kind} ${owner.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return made;
  }
}
