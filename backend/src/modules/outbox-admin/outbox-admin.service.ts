import { Injectable } from '@nestjs/common';
import { OUTBOX_MESSAGES, type OutboxListResponse, type OutboxMessageDto, type OutboxRetryResponse, type OutboxStateName } from '@mediport/contracts/outbox';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { AuditService } from '../../core/audit/audit.service.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { OutboxService } from '../../core/outbox/outbox.service.js';
import type { OutboxMessage, OutboxState } from '../../core/outbox/outbox.types.js';
import type { OutboxListQuery } from './dto/outbox-list-query.js';
import { OutboxAdminRepository } from './outbox-admin.repository.js';

/** A recipient and a subject for the list, whatever the channel's payload. */
function headline(message: OutboxMessage): { to: string; subject: string } {
  const payload = message.payload as unknown as Record<string, unknown>;
  const to = Array.isArray(payload.to) ? payload.to.join(', ') : String(payload.to ?? '');
  const subject = typeof payload.subject === 'string' ? payload.subject : String(payload.name ?? '');
  return { to, subject };
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/**
 * The administration's view of the outbox: the messages newest first with their state, and
 * "Erneut senden" for a failed one (the same message again, with the same idempotency key).
 */
@Injectable()
export class OutboxAdminService {
  constructor(
    private readonly outbox: OutboxService,
    private readonly repo: OutboxAdminRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  async list(query: OutboxListQuery): Promise<OutboxListResponse> {
    const [page, summary] = await Promise.all([
      this.outbox.list({ state: query.filter.state as OutboxState | undefined, channel: query.filter.channel, text: query.filter.text, offset: query.offset, limit: query.limit }),
      this.outbox.stats(),
    ]);
    const names = await this.repo.userNames(page.data.map((m) => m.createdBy).filter((id): id is string => !!id));
    return { data: page.data.map((m) => this.toDto(m, names)), count: page.count, summary };
  }

  /** POST /api/outbox/{id}/retry: 404 for an unknown message, 409 unless it failed. */
  async retry(auth: AuthContext, id: string): Promise<OutboxRetryResponse> {
    const message = await this.unitOfWork.run(async () => {
      const found = await this.outbox.find(id);
      if (!found) throw AppError.notFound();
      const queued = await this.outbox.retry(id, auth.userId);
      if (!queued) throw new AppError(409, [{ code: 'conflict', message: OUTBOX_MESSAGES.notFailed }]);
      await this.audit.recordBy(auth, { action: 'outbox.retry', target: id, meta: { channel: queued.channel } });
      return queued;
    });
    const names = await this.repo.userNames(message.createdBy ? [message.createdBy] : []);
    return { message: OUTBOX_MESSAGES.retried, item: this.toDto(message, names) };
  }

  private toDto(message: OutboxMessage, names: Map<string, string>): OutboxMessageDto {
    return {
      _id: message.id,
      channel: message.channel,
      state: message.state as OutboxStateName,
      ...headline(message),
      attempts: message.attempts,
      maxAttempts: message.maxAttempts,
      nextAttemptAt: message.state === 'sent' || message.state === 'failed' ? null : iso(message.nextAttemptAt),
      lastError: message.lastError,
      sentAt: iso(message.sentAt),
      createdAt: message.createdAt.toISOString(),
      createdBy: message.createdBy ? (names.get(message.createdBy) ?? null) : null,
      reference: message.referenceKind && message.referenceId ? { kind: message.referenceKind, id: message.referenceId } : null,
    };
  }
}
