import { Injectable } from '@nestjs/common';
import { FAX_CALLBACK_MESSAGES, FAX_REPORT_MAX_AGE_MS, FAX_STATUS_SENT, type FaxReportResponse } from '@mediport/contracts/fax';
import { AppError } from '../../core/errors/app-error.js';
import { OutboxService } from '../../core/outbox/outbox.service.js';
import type { FaxReportDto } from './dto/fax-report.dto.js';

/**
 * The fax gateway's delivery reports: SENT makes the fax's outbox message 'sent', an error code
 * 'failed' (the code kept as its lastError); the outbox calls the owner's onSent / onFailed, which
 * write the outcome where it belongs (for a prescription request the orders' faxresponse).
 */
@Injectable()
export class FaxCallbackService {
  constructor(private readonly outbox: OutboxService) {}

  async report(dto: FaxReportDto, now = Date.now()): Promise<FaxReportResponse> {
    // A signed report replayed later (or dated ahead) is refused: the signature covers the timestamp.
    if (Math.abs(now - Date.parse(dto.timestamp)) > FAX_REPORT_MAX_AGE_MS) throw new AppError(401, [{ path: 'timestamp', code: 'unauthenticated', message: FAX_CALLBACK_MESSAGES.replay }]);
    const message = await this.outbox.find(dto.reference);
    if (!message || message.channel !== 'fax') throw unknownJob();
    const sent = dto.status === FAX_STATUS_SENT;
    const result = await this.outbox.report(message.id, sent ? { providerMessageId: dto.jobId, outcome: 'sent' } : { providerMessageId: dto.jobId, outcome: 'failed', error: dto.status });
    switch (result) {
      case 'recorded':
        return { message: FAX_CALLBACK_MESSAGES.accepted };
      case 'repeated':
        return { message: FAX_CALLBACK_MESSAGES.repeated };
      case 'conflict':
        throw new AppError(409, [{ path: 'status', code: 'conflict', message: FAX_CALLBACK_MESSAGES.conflict }]);
      case 'unknown':
        throw unknownJob();
    }
  }
}

function unknownJob(): AppError {
  return new AppError(404, [{ path: 'jobId', code: 'not_found', message: FAX_CALLBACK_MESSAGES.unknownJob }]);
}
