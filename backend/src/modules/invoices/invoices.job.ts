import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { AppError } from '../../core/errors/app-error.js';
import { InvoiceRunService } from './invoice-run.service.js';

/**
 * On the 1st of every month at 03:00 German time the month that just ended is billed. Every
 * instance runs it; the run lock lets one of them write the invoices, the others find the run busy
 * or the month billed already. A month the job missed (all instances down at that hour) is billed
 * by an administrator (POST /api/invoices/run).
 */
@Injectable()
export class InvoicesJob {
  private readonly logger = new Logger('InvoicesJob');

  constructor(private readonly runs: InvoiceRunService) {}

  @Cron('0 3 1 * *', { name: 'invoices-monthly', timeZone: 'Europe/Berlin' })
  async run(): Promise<void> {
    try {
      await this.runs.run(this.runs.dueMonth(), null);
    } catch (error) {
      if (error instanceof AppError && error.status === 409) this.logger.log('The billing run is busy on another instance.');
      else this.logger.error(`Monthly billing run failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
