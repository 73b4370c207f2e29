import { Injectable, Logger } from '@nestjs/common';

/** Which sessions ended: by id, and/or every session of a user except one (the caller's own). */
export interface SessionsEndedTarget {
  sessionIds?: string[];
  userId?: string;
  exceptSessionId?: string | null;
}

export type SessionEvent =
  | { kind: 'sessionsEnded'; target: SessionsEndedTarget }
  | { kind: 'userChanged'; userId: string }
  | { kind: 'matrixChanged' };

export type SessionEventListener = (event: SessionEvent) => void;

/**
 * Tells the realtime layer and the session cache (SessionService) that sessions or what they may see
 * changed, so open sockets and the next request follow at once; on PostgreSQL the other instances
 * hear it too (SessionBroadcast). Call it AFTER the change committed: a socket that reconnects and
 * a request that reads the session again must find the new state.
 * SessionService.revoke / revokeAllForUser call it themselves; code that revokes sessions or changes
 * roles, home, doctor or the rights matrix in its own transaction calls it after that transaction.
 */
@Injectable()
export class SessionEvents {
  private readonly logger = new Logger('SessionEvents');
  private readonly listeners = new Set<SessionEventListener>();
  /** Where events also go to the other instances (SessionBroadcast, on PostgreSQL); none on PGlite. */
  private outbound: SessionEventListener | null = null;

  /** Sessions were revoked: their sockets are told (`unauthorized`) and disconnected. */
  sessionsEnded(target: SessionsEndedTarget): void {
    if (!target.sessionIds?.length && !target.userId) return;
    this.publish({ kind: 'sessionsEnded', target });
  }

  /** Roles, home, doctor or permissions of a user changed: each socket of the user must re-authenticate. */
  userChanged(userId: string): void {
    this.publish({ kind: 'userChanged', userId });
  }

  /** The rights matrix changed: every socket must re-authenticate. */
  matrixChanged(): void {
    this.publish({ kind: 'matrixChanged' });
  }

  /** Sends every event published from now on to the other instances as well (before this process's listeners). */
  relayTo(outbound: SessionEventListener | null): void {
    this.outbound = outbound;
  }

  /** Registers a listener; returns its removal. */
  subscribe(listener: SessionEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Hands `event` to this process's listeners and (unless `announced`: the caller already told the
   * other instances in its own transaction) to the other instances. The caller's change is already
   * committed: a failing listener is logged, never thrown back at it.
   */
  publish(event: SessionEvent, options: { announced?: boolean } = {}): void {
    const listeners = options.announced || !this.outbound ? this.listeners : [this.outbound, ...this.listeners];
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error(`Listener failed on ${event.kind}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
