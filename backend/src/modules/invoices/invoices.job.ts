import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { Clock } from '../../core/clock/clock.js';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { AppError } from '../../core/errors/app-error.js';
import { InvoicePrinter } from './invoice-printer.js';
import { InvoiceRunService } from './invoice-run.service.js';
import { InvoicesRepository } from './invoices.repository.js';

/** An invoice this much younger is left to the print that is (or may be) still under way. */
const CATCH_UP_AGE_MS = 60 * 60 * 1000;
/** At most this many a night; the rest follow the next night (or on their first download). */
const CATCH_UP_LIMIT = 5000;

/**
 * On the 1st of every month at 03:00 German time the month that just ended is billed. Every
 * instance runs it; the run lock lets one of them write the invoices, the others find the run busy
 * or the month billed already. A month the job missed (all instances down at that hour) is billed
 * by an administrator (POST /api/invoices/run). Every night it prints what is still without a PDF.
 */
@Injectable()
export class InvoicesJob {
  private readonly logger = new Logger('InvoicesJob');

  constructor(
    private readonly runs: InvoiceRunService,
    private readonly repo: InvoicesRepository,
    private readonly printer: InvoicePrinter,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Cron('0 3 1 * *', { name: 'invoices-monthly', timeZone: 'Europe/Berlin' })
  async run(): Promise<void> {
    try {
      await this.runs.run(this.runs.dueMonth(), null);
    } catch (error) {
      if (error instanceof AppError && error.status === 409) this.logger.log('The billing run is busy on another instance.');
      else this.logger.error(`Monthly billing run failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Every night at 04:30 German time, the invoices still without their PDF that are older than an
   * hour: a print that failed, or background printing cut short by a restart. They would be printed
   * on their first download anyway; printed ahead, the download and the month's archive find them
   * ready. Every instance runs it; an invoice printed twice keeps the first print.
   */
  @Cron('30 4 * * *', { name: 'invoices-print-catch-up', timeZone: 'Europe/Berlin' })
  async printCatchUp(): Promise<{ printed: number; failed: number }> {
    try {
      const ids = await this.repo.unprinted(new Date(this.clock.now().getTime() - CATCH_UP_AGE_MS), CATCH_UP_LIMIT);
      const result = await this.printer.printAll(ids, this.config.pdf.concurrency);
      if (ids.length) this.logger.log(`Catch-up printing: ${result.printed} invoice(s) printed, ${result.failed} not printed.`);
      return result;
    } catch (error) {
      this.logger.error(`Catch-up printing failed: ${error instanceof Error ? error.message : String(error)}`);
      return { printed: 0, failed: 0 };
    }
  }
}
