import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from '../observability/metrics.service.js';
import { ReadinessService } from '../observability/readiness.service.js';
import { EmailTransport } from './email.transport.js';
import { FaxTransport } from './fax.transport.js';
import { HttpFaxGateway } from './http-fax.gateway.js';
import { OutboxDispatcher } from './outbox.dispatcher.js';
import { OutboxQueue } from './outbox.queue.js';
import { OutboxRecorder } from './outbox.recorder.js';
import { OutboxRegistry } from './outbox.registry.js';
import { OutboxRepository } from './outbox.repository.js';
import { OutboxService } from './outbox.service.js';
import type { OutboxMode } from './outbox.types.js';

const MODES: readonly OutboxMode[] = ['bullmq', 'in-process'];

/**
 * The outbox for every module (global): OutboxService to enqueue, retry, list and take delivery
 * reports; the dispatcher of this instance, worked by BullMQ with REDIS_URL (outbox.queue.ts) or
 * by its own loop; the e-mail and fax transports. Health shows `outbox: { mode, queued, failed,
 * oldestQueuedSeconds, submitted, oldestSubmittedSeconds }` (degraded while REDIS_URL is set but
 * Redis does not answer), never failing a probe; /metrics shows mediport_queue_depth and
 * mediport_queue_oldest_seconds for queue="outbox" (waiting to be sent) and
 * queue="outbox_submitted" (awaiting delivery reports), and mediport_outbox_mode{mode}.
 */
@Global()
@Module({
  providers: [OutboxRegistry, OutboxRepository, OutboxRecorder, OutboxService, OutboxDispatcher, OutboxQueue, EmailTransport, HttpFaxGateway, FaxTransport],
  exports: [OutboxService],
})
export class OutboxModule implements OnModuleInit {
  constructor(
    private readonly outbox: OutboxService,
    private readonly dispatcher: OutboxDispatcher,
    private readonly queue: OutboxQueue,
    private readonly email: EmailTransport,
    private readonly fax: FaxTransport,
    private readonly readiness: ReadinessService,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.outbox.registerTransport(this.email);
    this.outbox.registerTransport(this.fax);
    this.readiness.registerStatus({ key: 'outbox', report: () => ({ degraded: this.queue.degraded, data: { mode: this.queue.mode, ...this.dispatcher.status() } }) });
    this.metrics.registerQueueDepth('outbox', async () => (await this.outbox.stats()).queued);
    this.metrics.registerQueueAge('outbox', async () => (await this.outbox.stats()).oldestQueuedSeconds);
    this.metrics.registerQueueDepth('outbox_submitted', async () => (await this.outbox.stats()).submitted);
    this.metrics.registerQueueAge('outbox_submitted', async () => (await this.outbox.stats()).oldestSubmittedSeconds);
    const queue = this.queue;
    new Gauge({
      name: 'mediport_outbox_mode',
      help: 'How this instance works off the outbox: bullmq (REDIS_URL) or in-process (no REDIS_URL, or Redis not answering)',
      labelNames: ['mode'] as const,
      registers: [this.metrics.registry],
      collect() {
        for (const mode of MODES) this.set({ mode }, mode === queue.mode ? 1 : 0);
      },
    });
  }
}
