import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { ContractsService } from './contracts.service.js';

/**
 * Five past midnight in Germany: terms that ended yesterday renew today, and the users of
 * contracts cancelled to yesterday re-read their rights. Every instance runs it; the renewal skips
 * rows another instance holds and changes a row only once. Reads renew lazily as well, so a missed
 * night changes nothing but the moment.
 */
@Injectable()
export class ContractsJob {
  private readonly logger = new Logger('ContractsJob');

  constructor(private readonly contracts: ContractsService) {}

  @Cron('5 0 * * *', { name: 'contracts-nightly', timeZone: 'Europe/Berlin' })
  async run(): Promise<void> {
    try {
      await this.contracts.nightly();
    } catch (error) {
      this.logger.error(`Nightly contract pass failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
