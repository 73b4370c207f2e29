import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the stand-in does with a fax to a number:
 * - 'SENT' or an error code: takes it, answers the job, reports that status after the report delay;
 * - `{ status }`: refuses the submission with this HTTP status, taking nothing;
 * - `{ hang: true }`: never answers the submission, taking nothing;
 * - `{ loseAnswer: true }`: takes it (and reports 'SENT') but never answers the submission, as when
 *   the answer is lost on the way or the sender crashes before reading it;
 * - `{ silent: true }`: takes it and answers the job, but never reports.
 * `times`: for this many submissions, then the number's default again.
 */
export type FaxOutcome = string | { status: number; times?: number } | { hang: true; times?: number } | { loseAnswer: true; times?: number } | { silent: true; times?: number };

/** One fax the stand-in took. */
export interface FaxJob {
  jobId: string;
  idempotencyKey: string;
  to: string;
  reference: string;
  name: string;
  pdfBytes: number;
  /** The report it sends (or sent): 'SENT' or an error code. */
  status: string;
  /** The answers our callback gave to each delivery of the report. */
  callbackAnswers: number[];
}

export interface FaxGatewayOptions {
  /** The bearer token it expects (FAX_GATEWAY_TOKEN). */
  token: string;
  /** The key of the reports' signature (FAX_CALLBACK_SECRET). */
  secret: string;
  /** Where reports go (POST /api/fax/callback of the backend); settable later. */
  callbackUrl?: string;
  /** Wait between taking a fax and reporting it (default 200 ms). */
  reportDelayMs?: number;
}

/** `sha256=<hex HMAC-SHA256>` of a raw report body. */
export function signFaxReport(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/**
 * A local stand-in of the HTTP fax gateway (node:http on a free port of 127.0.0.1), as described
 * in docs/decisions/fax-gateway.md. POST /faxes takes a fax (bearer token, JSON with a base64 PDF,
 * an E.164 number and our reference) and answers `{ jobId }`; a repeat with the same
 * Idempotency-Key answers the same job without a new fax. After `reportDelayMs` it posts the signed
 * report to `callbackUrl`, retrying while the callback does not answer 2xx (up to 5 times).
 *
 * The outcome per number: set with `outcome(number, …)`, else by its last digits: …666 reports
 * 'BUSY', …422 is refused with 422 at once, …503 answers 503 twice and then takes it; anything
 * else is 'SENT'. Counts every submission per Idempotency-Key.
 *
 * For tests in other processes (the browser tests) the same is reachable over HTTP with the token:
 * GET /control → `{ jobs, requests }`; PUT /control/numbers/<E.164> with `{ "outcome": … }`.
 */
export class FaxGatewayStandIn {
  readonly jobs: FaxJob[] = [];
  /** Submissions per Idempotency-Key (refused ones included). */
  readonly requests = new Map<string, number>();
  callbackUrl: string | null;
  reportDelayMs: number;
  private readonly outcomes = new Map<string, FaxOutcome>();
  private readonly byKey = new Map<string, FaxJob>();
  /** Submissions so far to numbers ending in 503. */
  private readonly unavailable = new Map<string, number>();
  private readonly pending = new Set<NodeJS.Timeout>();
  private readonly server: Server;
  private stopped = false;

  constructor(private readonly options: FaxGatewayOptions) {
    this.callbackUrl = options.callbackUrl ?? null;
    this.reportDelayMs = options.reportDelayMs ?? 200;
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
  }

  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** FAX_GATEWAY_URL. */
  get url(): string {
    return `${this.base}/faxes`;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.pending) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What happens to faxes to `number` (E.164) from now on. */
  outcome(number: string, outcome: FaxOutcome): void {
    this.outcomes.set(number, typeof outcome === 'object' ? { ...outcome } : outcome);
  }

  /** Faxes to `number` are sent from now on. */
  accept(number: string): void {
    this.outcome(number, 'SENT');
  }

  jobsTo(number: string): FaxJob[] {
    return this.jobs.filter((j) => j.to === number);
  }

  requestsFor(key: string): number {
    return this.requests.get(key) ?? 0;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
    if (req.headers.authorization !== `Bearer ${this.options.token}`) return answer(res, 401, { error: 'invalid token' });
    const url = new URL(req.url ?? '/', this.base);
    if (req.method === 'POST' && url.pathname === '/faxes') return this.submit(req, res, body);
    if (req.method === 'GET' && url.pathname === '/control') return answer(res, 200, { jobs: this.jobs, requests: Object.fromEntries(this.requests) });
    const number = /^\/control\/numbers\/(\+\d+)$/.exec(decodeURIComponent(url.pathname))?.[1];
    if (req.method === 'PUT' && number) {
      const parsed = parse(body) as { outcome?: FaxOutcome } | null;
      if (!parsed?.outcome) return answer(res, 400, { error: 'outcome missing' });
      this.outcome(number, parsed.outcome);
      return answer(res, 200, { number, outcome: parsed.outcome });
    }
    answer(res, 404, { error: 'not found' });
  }

  private submit(req: IncomingMessage, res: ServerResponse, raw: Buffer): void {
    const key = String(req.headers['idempotency-key'] ?? '');
    if (!key) return answer(res, 400, { error: 'Idempotency-Key missing' });
    this.requests.set(key, this.requestsFor(key) + 1);
    const known = this.byKey.get(key);
    if (known) return answer(res, 200, { jobId: known.jobId });
    const body = parse(raw) as { to?: unknown; reference?: unknown; document?: { name?: unknown; contentType?: unknown; data?: unknown } } | null;
    if (!body || typeof body.to !== 'string' || typeof body.reference !== 'string' || typeof body.document?.data !== 'string') return answer(res, 400, { error: 'to, reference and document.data are required' });
    if (!/^\+[1-9]\d{6,14}$/.test(body.to)) return answer(res, 422, { error: 'not an E.164 number' });
    const pdf = Buffer.from(body.document.data, 'base64');
    if (body.document.contentType !== 'application/pdf' || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return answer(res, 415, { error: 'not a PDF' });
    const outcome = this.next(body.to);
    if (typeof outcome === 'object' && 'hang' in outcome) return; // never answers: the client's time limit ends the attempt
    if (typeof outcome === 'object' && 'status' in outcome) return answer(res, outcome.status, { error: `refused with ${outcome.status}` });
    const status = typeof outcome === 'string' ? outcome : 'SENT';
    const job: FaxJob = { jobId: `job-${randomUUID()}`, idempotencyKey: key, to: body.to, reference: body.reference, name: String(body.document.name ?? ''), pdfBytes: pdf.length, status, callbackAnswers: [] };
    this.jobs.push(job);
    this.byKey.set(key, job);
    if (!(typeof outcome === 'object' && 'loseAnswer' in outcome)) answer(res, 202, { jobId: job.jobId });
    if (!(typeof outcome === 'object' && 'silent' in outcome)) this.later(() => this.report(job, 1), this.reportDelayMs);
  }

  /** The number's outcome for this submission: a limited one counts down and then gives way to the default. */
  private next(number: string): FaxOutcome {
    const set = this.outcomes.get(number);
    if (set !== undefined) {
      if (typeof set === 'object' && set.times !== undefined) {
        set.times -= 1;
        if (set.times <= 0) this.outcomes.delete(number);
      }
      return set;
    }
    if (number.endsWith('666')) return 'BUSY';
    if (number.endsWith('422')) return { status: 422 };
    if (number.endsWith('503')) {
      const seen = (this.unavailable.get(number) ?? 0) + 1;
      this.unavailable.set(number, seen);
      if (seen <= 2) return { status: 503 };
    }
    return 'SENT';
  }

  private async report(job: FaxJob, attempt: number): Promise<void> {
    if (!this.callbackUrl || this.stopped) return;
    const raw = JSON.stringify({ jobId: job.jobId, reference: job.reference, status: job.status, timestamp: new Date().toISOString() });
    let status = 0;
    try {
      const res = await fetch(this.callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-fax-signature': signFaxReport(this.options.secret, raw) }, body: raw });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    job.callbackAnswers.push(status);
    if ((status < 200 || status >= 300) && attempt < 5) this.later(() => this.report(job, attempt + 1), 200 * attempt);
  }

  private later(fn: () => Promise<void>, ms: number): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      void fn();
    }, ms);
    this.pending.add(timer);
  }
}

function parse(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
