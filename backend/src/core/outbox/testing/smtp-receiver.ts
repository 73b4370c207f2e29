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

/**
 * A real SMTP server for the API specs (smtp-server on a free port of 127.0.0.1, no TLS, no
 * login) that keeps what it accepts. Per recipient it can refuse RCPT TO with a chosen code or
 * never answer it, a number of times; `hangGreetings(n)` leaves the next n connections without a
 * greeting. Every RCPT TO is logged with its time, so tests can see the attempts and their spacing.
 */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  /** Each RCPT TO as it arrived: recipient and time (ms). */
  readonly attempts: { to: string; at: number }[] = [];
  private readonly behaviours = new Map<string, Behaviour>();
  private greetingsToHang = 0;
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 100,
      onConnect: (_session, callback) => {
        if (this.greetingsToHang > 0) {
          this.greetingsToHang--;
          return; // never greets: the client's greeting timeout ends the attempt
        }
        callback();
      },
      onRcptTo: (address, _session, callback) => {
        const to = address.address.toLowerCase();
        this.attempts.push({ to, at: Date.now() });
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
          this.mails.push({ from: fromOf(session), to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, messageId: header(raw, 'message-id') });
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

  hangGreetings(count: number): void {
    this.greetingsToHang = count;
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
