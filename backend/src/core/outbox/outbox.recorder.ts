import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../db/unit-of-work.js';
import { databaseErrorOf, describeForLog } from '../errors/exception.filter.js';
import { OutboxRegistry } from './outbox.registry.js';
import { OutboxRepository } from './outbox.repository.js';
import type { DeliveryResult, OutboxHandlers, OutboxMessage, OutboxReport, OutboxReportResult } from './outbox.types.js';

/** `lastError` is shown to administrators: one short line. */
export const MAX_ERROR_LENGTH = 300;
/** Overdue submitted messages failed per pass. */
const OVERDUE_BATCH = 100;
/** Tries of an outcome with its handler when PostgreSQL chose it as a deadlock's victim or a serialization failure. */
const CONFLICT_TRIES = 3;
/** deadlock_detected, serialization_failure: the transaction may simply be run again. */
const TRANSIENT_CODES = new Set(['40P01', '40001']);

/** One line, short, with any `scheme://user:password@` credentials cut out. */
export function shortError(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  const safe = text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1');
  return (safe || 'unknown error').slice(0, MAX_ERROR_LENGTH);
}

function duration(seconds: number): string {
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

/**
 * Writes each outcome of a message together with its owner's handler, in one transaction: the
 * dispatcher's (sent, submitted, failed, retried), a provider's later report of a submitted
 * message, and the end of a report's deadline. A failing handler must not undo the outcome (a sent
 * message would be sent again): the outcome is then recorded alone and the handler's error logged.
 * A deadlock or serialization failure is first tried again, handler included (up to three times).
 */
@Injectable()
export class OutboxRecorder {
  private readonly logger = new Logger('Outbox');

  constructor(
    private readonly registry: OutboxRegistry,
    private readonly repository: OutboxRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  sent(claimed: OutboxMessage, result: DeliveryResult): Promise<OutboxMessage | undefined> {
    return this.settle(claimed, 'sent', async (handlers) => {
      const row = await this.repository.markSent(claimed, result.providerMessageId?.slice(0, 200) ?? null, result.note?.slice(0, MAX_ERROR_LENGTH) ?? null);
      if (row) await handlers?.onSent?.(row, result);
      return row;
    });
  }

  submitted(claimed: OutboxMessage, result: DeliveryResult & { reportWithinMs: number }): Promise<OutboxMessage | undefined> {
    return this.settle(claimed, 'submitted', async (handlers) => {
      const row = await this.repository.markSubmitted(claimed, result.providerMessageId?.slice(0, 200) ?? null, result.reportWithinMs);
      if (row) await handlers?.onSubmitted?.(row, result);
      return row;
    });
  }

  failed(claimed: OutboxMessage, error: string): Promise<OutboxMessage | undefined> {
    return this.settle(claimed, 'failed', async (handlers) => {
      const row = await this.repository.markFailed(claimed, error);
      if (row) await handlers?.onFailed?.(row, error);
      return row;
    });
  }

  /** A provider's delivery report of a submitted message (see OutboxService.report). */
  async report(id: string, report: OutboxReport): Promise<OutboxReportResult> {
    const found = await this.repository.find(id);
    if (!found || found.providerMessageId !== report.providerMessageId) return 'unknown';
    if (found.state === 'submitted') {
      const error = report.outcome === 'failed' ? shortError(report.error) : null;
      const row = await this.settle(found, report.outcome, async (handlers) => {
        const settled = await this.repository.settleReport(id, report.providerMessageId, error === null ? { state: 'sent' } : { state: 'failed', error });
        if (settled && error === null) await handlers?.onSent?.(settled, { providerMessageId: report.providerMessageId });
        if (settled && error !== null) await handlers?.onFailed?.(settled, error);
        return settled;
      });
      if (row) return 'recorded';
    }
    // Finished already (by an earlier report, or its deadline while this one was on its way).
    return this.compare((await this.repository.find(id)) ?? found, report);
  }

  /** Fails each submitted message whose report deadline passed; answers how many. */
  async expireOverdue(): Promise<number> {
    let count = 0;
    for (const overdue of await this.repository.overdue(OVERDUE_BATCH)) {
      const error = `no delivery report within ${duration(overdue.waitedSeconds)}${overdue.providerMessageId ? ` (job ${overdue.providerMessageId})` : ''}`.slice(0, MAX_ERROR_LENGTH);
      const row = await this.settle(overdue, 'failed', async (handlers) => {
        const failed = await this.repository.failOverdue(overdue.id, error);
        if (failed) await handlers?.onFailed?.(failed, error);
        return failed;
      });
      if (row) count++;
    }
    return count;
  }

  /** What a report means for a message that is no longer submitted under its job. */
  private compare(message: OutboxMessage, report: OutboxReport): OutboxReportResult {
    if (message.providerMessageId !== report.providerMessageId) return 'unknown';
    switch (message.state) {
      case 'sent':
        return report.outcome === 'sent' ? 'repeated' : 'conflict';
      case 'failed':
        return report.outcome === 'failed' && message.lastError === shortError(report.error) ? 'repeated' : 'conflict';
      case 'queued':
      case 'sending':
        // Sent again after this job failed ("Erneut senden"): the job's failure is old news.
        return report.outcome === 'failed' ? 'repeated' : 'conflict';
      default:
        return 'unknown';
    }
  }

  private async settle(
    message: Pick<OutboxMessage, 'id' | 'referenceKind'>,
    outcome: string,
    record: (handlers: OutboxHandlers | undefined) => Promise<OutboxMessage | undefined>,
  ): Promise<OutboxMessage | undefined> {
    const handlers = this.registry.handlersFor(message.referenceKind);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.unitOfWork.run(() => record(handlers));
      } catch (error) {
        if (!handlers) throw error;
        // A deadlock or serialization conflict with another writer (an order being sent, a resend):
        // the whole unit of work runs again, so the owner's state follows the outcome.
        if (attempt < CONFLICT_TRIES && TRANSIENT_CODES.has(databaseErrorOf(error)?.code ?? '')) continue;
        this.logger.error(`Outbox handler of "${message.referenceKind}" failed for ${outcome} message ${message.id}: ${describeForLog(error).split('\n')[0]}`);
        return this.unitOfWork.run(() => record(undefined));
      }
    }
  }
}
