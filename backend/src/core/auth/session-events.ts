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
 * Tells the realtime layer that sessions or what they may see changed, so open sockets follow at once.
 * Call it AFTER the change committed: a socket that reconnects must find the new state.
 * SessionService.revoke / revokeAllForUser call it themselves; code that revokes sessions or changes
 * roles, home, doctor or the rights matrix in its own transaction calls it after that transaction.
 */
@Injectable()
export class SessionEvents {
  private readonly logger = new Logger('SessionEvents');
  private readonly listeners = new Set<SessionEventListener>();

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

  /** Registers a listener; returns its removal. */
  subscribe(listener: SessionEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // The caller's change is already committed: a failing listener is logged, never thrown back at it.
  private publish(event: SessionEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error(`Listener failed on ${event.kind}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}
