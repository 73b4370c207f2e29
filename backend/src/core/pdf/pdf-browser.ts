import { existsSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import puppeteer, { type Browser, type HTTPRequest, type Page, type PDFOptions } from 'puppeteer-core';
import { PDF_MESSAGES } from '@mediport/contracts/pdf';
import { PdfUnavailableError } from './pdf.errors.js';

/** Flags of the PDF browser: no sandbox (containers), /tmp instead of a small /dev/shm, no GPU, exact glyph outlines. */
export const PDF_CHROMIUM_ARGS = ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--font-render-hinting=none'];

/** idle: not started yet (or gone, restarted on the next render); warm: running; unavailable: missing or failed to start. */
export type PdfBrowserState = 'idle' | 'warm' | 'unavailable';

export interface PdfBrowserOptions {
  chromiumPath: string;
  /** Renders at once; each holds one page of the shared browser. */
  concurrency: number;
  /** Renders waiting for a free page; beyond this a render is refused at once. */
  queueLimit: number;
  /** Longest time of one render from its call, waiting included. */
  timeoutMs: number;
}

export interface PdfBrowserStats {
  browser: PdfBrowserState;
  /** Renders holding a page now. */
  busy: number;
  /** Renders waiting for one. */
  queued: number;
  /** Browser processes started since boot. */
  launches: number;
  /** Pages open in the browser now, and the most ever open at once. */
  pages: number;
  peakPages: number;
}

interface Waiter {
  grant(): void;
  timer: NodeJS.Timeout;
}

/** How long a browser that missed a render's deadline gets to show it still answers before it is killed. */
const PROBE_MS = 2000;
/** How long a graceful close may take at shutdown before the process is killed. */
const CLOSE_MS = 5000;

class DeadlineExceeded extends Error {}

/** `work`, or DeadlineExceeded once `deadline` (epoch ms) has passed; the timer never outlives the race. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Kills the browser and its helpers (puppeteer starts them as a process group of their own). */
function kill(browser: Browser): void {
  const child = browser.process();
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * One warm Chromium shared by every render, started on the first render and again on the first
 * render after it crashed, hung or disconnected. At most `concurrency` renders hold a page at once
 * (pages are reused, never more than that many open); further renders wait in FIFO order, up to
 * `queueLimit`. Every render ends by its deadline: refused as busy while still queued, or failed as
 * too slow, and a browser that then no longer answers is killed.
 */
export class PdfBrowser {
  private readonly logger = new Logger('Pdf');
  private browser: Browser | null = null;
  private launching: Promise<Browser> | null = null;
  /** Pages of the current browser: open ones, and those free for the next render. */
  private readonly open = new Set<Page>();
  private idle: Page[] = [];
  private busy = 0;
  private readonly waiters: Waiter[] = [];
  private launches = 0;
  private peakPages = 0;
  /** Why the last start failed; cleared by a successful start. */
  private launchFailure: 'missing' | 'failed' | null = null;
  private closed = false;

  constructor(private readonly options: PdfBrowserOptions) {}

  /** Prints a complete HTML document with `pdfOptions`; the page loads nothing from outside and runs no script. */
  async print(html: string, pdfOptions: PDFOptions): Promise<Buffer> {
    const deadline = Date.now() + this.options.timeoutMs;
    await this.acquire(deadline);
    try {
      return await this.printWithSlot(html, pdfOptions, deadline);
    } finally {
      this.release();
    }
  }

  stats(): PdfBrowserStats {
    return {
      browser: this.state(),
      busy: this.busy,
      queued: this.waiters.length,
      launches: this.launches,
      pages: this.open.size,
      peakPages: this.peakPages,
    };
  }

  /** The browser's process id while one runs (diagnostics; the tests kill it). */
  get pid(): number | null {
    return this.browser?.process()?.pid ?? null;
  }

  /** Refuses new and waiting renders and closes the browser (killed if it does not close in time). */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.grant();
    }
    const browser = this.browser ?? (await this.launching?.catch(() => null)) ?? null;
    if (!browser) return;
    this.forget(browser);
    try {
      await beforeDeadline(browser.close(), Date.now() + CLOSE_MS);
    } catch {
      kill(browser);
    }
  }

  private state(): PdfBrowserState {
    if (this.browser?.connected) return 'warm';
    if (this.launchFailure || !existsSync(this.options.chromiumPath)) return 'unavailable';
    return 'idle';
  }

  // ---------- the queue ----------

  private acquire(deadline: number): Promise<void> {
    if (this.closed) return Promise.reject(new PdfUnavailableError('closed', PDF_MESSAGES.closed));
    if (this.busy < this.options.concurrency) {
      this.busy++;
      return Promise.resolve();
    }
    if (this.waiters.length >= this.options.queueLimit) return Promise.reject(new PdfUnavailableError('busy', PDF_MESSAGES.busy));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        // The slot passes straight from the finishing render to the first waiter (busy stays as it is).
        grant: () => {
          clearTimeout(waiter.timer);
          if (this.closed) reject(new PdfUnavailableError('closed', PDF_MESSAGES.closed));
          else resolve();
        },
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(new PdfUnavailableError('busy', PDF_MESSAGES.busy));
        }, deadline - Date.now()),
      };
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiters.shift();
    if (next && !this.closed) next.grant();
    else this.busy--;
  }

  // ---------- one render ----------

  private async printWithSlot(html: string, pdfOptions: PDFOptions, deadline: number): Promise<Buffer> {
    const held: { browser?: Browser; page?: Page; cancelled: boolean } = { cancelled: false };
    /** Stops a render that missed its deadline at its next step, so it does no more work after its answer went out. */
    const check = () => {
      if (held.cancelled) throw new DeadlineExceeded();
    };
    const work = (async () => {
      held.browser = await this.connected();
      check();
      held.page = this.idle.pop() ?? (await this.openPage(held.browser));
      check();
      await held.page.setContent(html, { waitUntil: 'load', timeout: 0 });
      check();
      // Print only once the embedded fonts are decoded, or a render may fall back to another font.
      await held.page.evaluate('document.fonts.ready.then(() => undefined)');
      check();
      return await held.page.pdf({ ...pdfOptions, timeout: 0 });
    })();
    try {
      const pdf = await beforeDeadline(work, deadline);
      this.giveBack(held.browser!, held.page!);
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch (error) {
      if (error instanceof DeadlineExceeded) {
        held.cancelled = true;
        // Its page closes now (a slow print stops with it) and again once the work ends, in case it
        // opened the page only after the deadline: never more pages than renders holding a slot.
        void this.closePage(held.page);
        void work.catch(() => undefined).finally(() => this.closePage(held.page));
        if (held.browser) await this.killIfHung(held.browser);
        this.logger.warn(`PDF render exceeded ${this.options.timeoutMs} ms`);
        throw new PdfUnavailableError('timeout', PDF_MESSAGES.timeout);
      }
      void this.closePage(held.page);
      if (error instanceof PdfUnavailableError) throw error;
      // The browser crashed or closed the page under us: the next render starts a new one if needed.
      this.logger.warn(`PDF render failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      throw new PdfUnavailableError('crashed', PDF_MESSAGES.failed);
    }
  }

  private giveBack(browser: Browser, page: Page): void {
    if (browser === this.browser && browser.connected && !page.isClosed() && !this.closed) this.idle.push(page);
    else void this.closePage(page);
  }

  private async closePage(page: Page | undefined): Promise<void> {
    if (!page) return;
    this.idle = this.idle.filter((p) => p !== page);
    this.open.delete(page);
    await page.close().catch(() => undefined);
  }

  /** A browser that cannot even tell its version within PROBE_MS is hung: killed, restarted by the next render. */
  private async killIfHung(browser: Browser): Promise<void> {
    try {
      await beforeDeadline(browser.version(), Date.now() + PROBE_MS);
    } catch {
      this.logger.warn('Chromium stopped answering; killed, the next PDF starts a new one');
      this.forget(browser);
      kill(browser);
    }
  }

  private async openPage(browser: Browser): Promise<Page> {
    const page = await browser.newPage();
    this.open.add(page);
    this.peakPages = Math.max(this.peakPages, this.open.size);
    // Templates need no script and no resource from outside (fonts and images are data: URLs).
    await page.setJavaScriptEnabled(false);
    page.on('request', (request: HTTPRequest) => {
      if (request.isInterceptResolutionHandled()) return;
      if (request.url().startsWith('data:')) void request.continue();
      else void request.abort('blockedbyclient');
    });
    await page.setRequestInterception(true);
    return page;
  }

  // ---------- the browser ----------

  /** The running browser, or the one being started: concurrent first renders share one launch. */
  private connected(): Promise<Browser> {
    if (this.browser?.connected) return Promise.resolve(this.browser);
    this.launching ??= this.launch().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    const { chromiumPath, timeoutMs } = this.options;
    if (this.closed) throw new PdfUnavailableError('closed', PDF_MESSAGES.closed);
    if (!existsSync(chromiumPath)) {
      this.launchFailure = 'missing';
      this.logger.error(`Chromium not found at CHROMIUM_PATH ${chromiumPath}; PDFs cannot be made`);
      throw new PdfUnavailableError('browser_missing', PDF_MESSAGES.browserMissing(chromiumPath));
    }
    this.launches++;
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath: chromiumPath,
        headless: true,
        args: PDF_CHROMIUM_ARGS,
        pipe: true,
        timeout: timeoutMs,
        // No CDP call may outlive its render for long; the render's own deadline comes first.
        protocolTimeout: timeoutMs + 10_000,
        // Nest closes the browser on shutdown; puppeteer still kills it if Node exits any other way.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (error) {
      this.launchFailure = 'failed';
      this.logger.error(`Chromium at ${chromiumPath} did not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      throw new PdfUnavailableError('browser_failed', PDF_MESSAGES.browserFailed);
    }
    this.launchFailure = null;
    browser.on('disconnected', () => {
      if (this.browser === browser) this.logger.warn('Chromium went away; the next PDF starts a new one');
      this.forget(browser);
    });
    if (this.closed) {
      await browser.close().catch(() => kill(browser));
      throw new PdfUnavailableError('closed', PDF_MESSAGES.closed);
    }
    // The start page is not needed: every render uses a page of its own.
    for (const start of await browser.pages()) await start.close().catch(() => undefined);
    this.browser = browser;
    return browser;
  }

  /** Drops a browser that is gone or being killed, with its pages. */
  private forget(browser: Browser): void {
    if (this.browser !== browser) return;
    this.browser = null;
    this.idle = [];
    this.open.clear();
  }
}
