import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One message the receiver accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  messageId: string | null;
}

type Behaviour = { kind: 'refuse'; code: number; times: number } | { kind: 'hang'; times: number };

/** When an interruption strikes: on RCPT TO (before the message is accepted) or once its DATA is in (accepted). */
export type InterruptStage = 'rcpt' | 'data';

/**
 * A real SMTP server for the API specs (smtp-server on a free port of 127.0.0.1, no TLS, no
 * login) that keeps what it accepts. Per recipient it can refuse RCPT TO with a chosen code or
 * never answer it, a number of times; `hangGreetings(n)` leaves the next n connections without a
 * greeting; `interrupt(address, stage, action)` runs `action` (e.g. killing the sending process)
 * once, at RCPT TO or right after the message's DATA was taken. Every RCPT TO is logged with its
 * time, so tests can see the attempts and their spacing.
 */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  /** Each RCPT TO as it arrived: recipient and time (ms). */
  readonly attempts: { to: string; at: number }[] = [];
  private readonly behaviours = new Map<string, Behaviour>();
  private readonly interruptions = new Map<string, { stage: InterruptStage; action: () => void }>();
  private greetingsToHang = 0;
  /** Connections opened so far. */
  connections = 0;
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 100,
      // No reverse DNS of the client: on a machine without a resolver it can cost seconds.
      disableReverseLookup: true,
      onConnect: (_session, callback) => {
        this.connections++;
        if (this.greetingsToHang > 0) {
          this.greetingsToHang--;
          return; // never greets: the client's greeting timeout ends the attempt
        }
        callback();
      },
      onRcptTo: (address, _session, callback) => {
        const to = address.address.toLowerCase();
        this.attempts.push({ to, at: Date.now() });
        if (this.interruptions.get(to)?.stage === 'rcpt') {
          this.interruptions.get(to)!.action();
          this.interruptions.delete(to);
          return; // never answered: nothing was accepted
        }
        const behaviour = this.behaviours.get(to);
        if (behaviour && behaviour.times > 0) {
          behaviour.times--;
          if (behaviour.kind === 'hang') return; // never answers: the client's socket timeout ends the attempt
          const error = Object.assign(new Error(behaviour.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: behaviour.code });
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          this.mails.push({ from: fromOf(session), to, raw, messageId: header(raw, 'message-id') });
          const interrupted = to.find((address) => this.interruptions.get(address)?.stage === 'data');
          if (interrupted) {
            // Accepted (kept above); the action runs before the sender hears so.
            this.interruptions.get(interrupted)!.action();
            this.interruptions.delete(interrupted);
          }
          callback(null, 'Ok: queued as TEST');
        });
      },
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
  }

  get url(): string {
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** RCPT TO `address` is refused with `code` (550, 451, …) the next `times` times. */
  refuse(address: string, code: number, times = Number.POSITIVE_INFINITY): void {
    this.behaviours.set(address.toLowerCase(), { kind: 'refuse', code, times });
  }

  /** RCPT TO `address` is never answered the next `times` times. */
  hang(address: string, times = Number.POSITIVE_INFINITY): void {
    this.behaviours.set(address.toLowerCase(), { kind: 'hang', times });
  }

  /** Accepts `address` again. */
  accept(address: string): void {
    this.behaviours.delete(address.toLowerCase());
  }

  /** Runs `action` once when a message to `address` reaches `stage`; at 'rcpt' the message is then never accepted. */
  interrupt(address: string, stage: InterruptStage, action: () => void): void {
    this.interruptions.set(address.toLowerCase(), { stage, action });
  }

  /**
   * The next `count` new connections are never greeted. Open connections are closed first (as a
   * server closes idle ones), so a client that keeps its connections must open a new one.
   */
  hangGreetings(count: number): void {
    this.greetingsToHang = count;
    this.dropConnections();
  }

  /** Closes every open connection, as a server does with idle ones after its timeout. */
  dropConnections(): void {
    for (const connection of (this.server as unknown as { connections: Set<{ close(): void }> }).connections) connection.close();
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  attemptsFor(address: string): number[] {
    return this.attempts.filter((a) => a.to === address.toLowerCase()).map((a) => a.at);
  }
}

function fromOf(session: SMTPServerSession): string {
  const from = session.envelope.mailFrom;
  return from ? from.address : '';
}

/** A header's value from a raw message (folded lines joined). */
export function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}
