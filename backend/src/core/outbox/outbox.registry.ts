import { Injectable } from '@nestjs/common';
import type { OutboxChannel, OutboxHandlers, OutboxMessage, OutboxTransport } from './outbox.types.js';

/**
 * Who takes part in the outbox of this instance: the transport of each channel, the owners'
 * handlers per reference kind, and who listens for committed messages (the dispatcher's loop or
 * the BullMQ queue). Filled through OutboxService.registerTransport / registerHandlers.
 */
@Injectable()
export class OutboxRegistry {
  private readonly transports = new Map<OutboxChannel, OutboxTransport>();
  private readonly handlers = new Map<string, OutboxHandlers>();
  private readonly wakeListeners = new Set<(message: OutboxMessage) => void>();

  addHandlers(kind: string, handlers: OutboxHandlers): void {
    if (this.handlers.has(kind)) throw new Error(`Outbox handlers for "${kind}" are registered twice`);
    this.handlers.set(kind, handlers);
  }

  addTransport(transport: OutboxTransport): void {
    if (this.transports.has(transport.channel)) throw new Error(`Outbox transport "${transport.channel}" is registered twice`);
    this.transports.set(transport.channel, transport);
  }

  transportFor(channel: OutboxChannel): OutboxTransport | undefined {
    return this.transports.get(channel);
  }

  channels(): OutboxChannel[] {
    return [...this.transports.keys()];
  }

  handlersFor(kind: string | null): OutboxHandlers | undefined {
    return kind === null ? undefined : this.handlers.get(kind);
  }

  /** Hears of each message committed to be sent (a new one, or a failed one queued again). */
  onWake(listener: (message: OutboxMessage) => void): () => void {
    this.wakeListeners.add(listener);
    return () => this.wakeListeners.delete(listener);
  }

  wake(message: OutboxMessage): void {
    for (const listener of this.wakeListeners) listener(message);
  }
}
