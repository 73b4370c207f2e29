import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { MetricsService } from '../observability/metrics.service.js';
import { ReadinessService } from '../observability/readiness.service.js';
import { EmailTransport } from './email.transport.js';
import { FaxTransport } from './fax.transport.js';
import { OutboxDispatcher } from './outbox.dispatcher.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';

/**
 * The outbox for every module (global): OutboxService to enqueue, retry and list; the dispatcher
 * of this instance; the e-mail and fax transports. Health shows `outbox: { queued, failed,
 * oldestQueuedSeconds }`, never failing a probe; /metrics shows mediport_queue_depth{queue="outbox"}
 * and mediport_queue_oldest_seconds{queue="outbox"}.
 */
@Global()
@Module({
  providers: [OutboxRepository, OutboxService, OutboxDispatcher, EmailTransport, FaxTransport],
  exports: [OutboxService],
})
export class OutboxModule implements OnModuleInit {
  constructor(
    private readonly outbox: OutboxService,
    private readonly dispatcher: OutboxDispatcher,
    private readonly email: EmailTransport,
    private readonly fax: FaxTransport,
    private readonly readiness: ReadinessService,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.outbox.registerTransport(this.email);
    this.outbox.registerTransport(this.fax);
    this.readiness.registerStatus({ key: 'outbox', report: () => ({ degraded: false, data: { ...this.dispatcher.status() } }) });
    this.metrics.registerQueueDepth('outbox', async () => (await this.outbox.stats()).queued);
    this.metrics.registerQueueAge('outbox', async () => (await this.outbox.stats()).oldestQueuedSeconds);
  }
}
