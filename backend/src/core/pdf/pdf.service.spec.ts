// PdfService against the machine's real Chromium (CHROMIUM_PATH or /usr/bin/chromium): what lands
// in the PDF is read back with pdf-parse. Services are shared where a test does not need a cold one.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { toErrorBody } from '../errors/exception.filter.js';
import { PDF_MESSAGES } from '@mediport/contracts/pdf';
import { PdfUnavailableError } from './pdf.errors.js';
import { PdfService, type PdfServiceOptions } from './pdf.service.js';
import { PDF_TEMPLATES_DIR } from './pdf-templates.js';
import { embeddedFonts, pdfText } from './testing/pdf-text.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const TEST_TEMPLATES = path.join(__dirname, 'testing', 'templates');

const started: PdfService[] = [];
function service(overrides: Partial<PdfServiceOptions> = {}): PdfService {
  const pdf = new PdfService({ chromiumPath: CHROMIUM, concurrency: 4, queueLimit: 100, timeoutMs: 20_000, templateDirs: [PDF_TEMPLATES_DIR, TEST_TEMPLATES], ...overrides });
  started.push(pdf);
  return pdf;
}

// The failures below are logged by design; keep the output for real failures.
beforeAll(() => Logger.overrideLogger(['fatal']));
afterAll(async () => {
  await Promise.all(started.map((pdf) => pdf.onApplicationShutdown()));
  Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
});

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ patient: `Jürgen Weiß ${i + 1}`, medicine: 'Ibuprofen 400 mg', amount: i + 0.5, done: i % 2 === 0 }));
const SHEET = { home: 'Haus „Sonnenblick“ – Müllerstraße', deliveryDate: '2026-03-05', createdAt: '2026-03-05T13:30:00Z', totalCents: 123456, rows: rows(3) };

const isPdf = (out: Buffer) => out.subarray(0, 5).toString('latin1') === '%PDF-';

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Chromium processes this test process started (the browsers themselves, not their helpers). */
function browserProcesses(): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').trim();
      const [, comm, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
      const ppid = Number(rest?.split(' ')[1]);
      if (ppid === process.pid && /chrom/i.test(comm ?? '')) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

async function failureOf(render: Promise<Buffer>): Promise<PdfUnavailableError> {
  const error = await render.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdfUnavailableError);
  return error as PdfUnavailableError;
}

describe('PdfService', () => {
  const pdf = service();

  it('prints German text, € and typographic quotes in the embedded Noto Sans only', async () => {
    const out = await pdf.render('test-sheet', SHEET, { title: 'Abholauftrag' });
    expect(isPdf(out)).toBe(true);
    const { pages, text } = await pdfText(out);
    expect(pages).toHaveLength(1);
    for (const expected of ['Abholauftrag', 'Haus „Sonnenblick“ – Müllerstraße', 'Jürgen Weiß 1', '05.03.2026', '05.03.2026 14:30', 'Seite 1 von 1']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/1\.234,56\s€/);
    expect(embeddedFonts(out)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
  });

  it('escapes every value: markup in the data prints as text', async () => {
    const home = '<b>Fett</b> & <i>kursiv</i>';
    const html = pdf.toHtml('test-sheet', { ...SHEET, home });
    expect(html).not.toContain('<b>Fett</b>');
    expect(html).toContain('&lt;b&gt;Fett&lt;/b&gt; &amp; &lt;i&gt;kursiv&lt;/i&gt;');
    expect((await pdfText(await pdf.render('test-sheet', { ...SHEET, home }))).text).toContain(home);
  });

  it('numbers the pages "Seite X von Y" in the footer', async () => {
    const { pages } = await pdfText(await pdf.render('test-sheet', { ...SHEET, note: 'Bitte vor 10 Uhr abholen.\nKühlware!' }));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Seite 1 von 2');
    expect(pages[1]).toContain('Seite 2 von 2');
    expect(pages[1]).toContain('Kühlware!');
  });

  it('repeats the table header on every page a table runs over', async () => {
    const { pages, text } = await pdfText(await pdf.render('test-sheet', { ...SHEET, rows: rows(90) }));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages.filter((p) => p.includes('Jürgen Weiß'))) expect(page).toMatch(/Nr\.\s+Patient\s+Medikament\s+Menge\s+Erledigt/);
    expect(text.match(/Jürgen Weiß \d+/g)).toHaveLength(90);
  });

  it('loads nothing from outside and runs no script', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests++;
      res.end('body { color: red }');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const out = await pdf.renderHtml(`<!DOCTYPE html><html><head><link rel="stylesheet" href="${url}/style.css"></head><body>
        <img src="${url}/logo.png"><iframe src="${url}/frame"></iframe><p id="p">ohne Skript</p>
        <script>document.getElementById('p').textContent = 'Skript lief'; fetch('${url}/fetch');</script></body></html>`);
      const { text } = await pdfText(out);
      expect(text).toContain('ohne Skript');
      expect(text).not.toContain('Skript lief');
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('refuses template names that are paths, and names no template has', async () => {
    expect(() => pdf.toHtml('../templates/layout', {})).toThrow('Invalid PDF template name');
    await expect(pdf.render('no-such-sheet', {})).rejects.toThrow('PDF template "no-such-sheet" not found');
  });

  it('starts a new browser on the next render after the browser was killed', async () => {
    await pdf.render('test-sheet', SHEET);
    const { launches } = pdf.status();
    const pid = pdf.browserPid!;
    process.kill(pid, 'SIGKILL');
    await until(() => pdf.status().browser !== 'warm');
    expect(isPdf(await pdf.render('test-sheet', SHEET))).toBe(true);
    expect(pdf.status()).toMatchObject({ browser: 'warm', launches: launches + 1 });
    expect(pdf.browserPid).not.toBe(pid);
  });
});

describe('PdfService under load', () => {
  it('runs 20 renders at once in one browser, never holding more pages than PDF_CONCURRENCY', async () => {
    const pool = service({ concurrency: 4 });
    const before = browserProcesses().length;
    let busy = 0;
    let queued = 0;
    const sampler = setInterval(() => {
      busy = Math.max(busy, pool.status().busy);
      queued = Math.max(queued, pool.status().queued);
    }, 2);
    const outs = await Promise.all(Array.from({ length: 20 }, () => pool.render('test-sheet', SHEET))).finally(() => clearInterval(sampler));
    expect(outs.every(isPdf)).toBe(true);
    expect(pool.status()).toMatchObject({ browser: 'warm', launches: 1, busy: 0, queued: 0 });
    expect(browserProcesses().length).toBe(before + 1);
    expect(pool.pageCounts().peak).toBeLessThanOrEqual(4);
    expect(busy).toBeLessThanOrEqual(4);
    expect(queued).toBeGreaterThan(0);

    // Shutdown closes the browser; renders after it are refused.
    const pid = pool.browserPid!;
    await pool.onApplicationShutdown();
    expect(browserProcesses()).not.toContain(pid);
    expect((await failureOf(pool.render('test-sheet', SHEET))).reason).toBe('closed');
  });

  it('refuses renders beyond the queue limit at once with 503 "ausgelastet"', async () => {
    const small = service({ concurrency: 1, queueLimit: 1 });
    const [first, second, third] = await Promise.allSettled([1, 2, 3].map(() => small.render('test-sheet', SHEET)));
    expect([first.status, second.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(third).toMatchObject({ status: 'rejected', reason: { status: 503, reason: 'busy', message: PDF_MESSAGES.busy } });
  });
});

describe('PdfService without a working Chromium', () => {
  it('answers 503 naming the missing browser, at once, and shows it as unavailable', async () => {
    const missing = service({ chromiumPath: '/nonexistent/chromium' });
    expect(missing.status().browser).toBe('unavailable');
    const started = Date.now();
    const error = await failureOf(missing.render('test-sheet', SHEET));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error.reason).toBe('browser_missing');
    // The global filter answers it as it is: a deliberate 503 with its German message, not a 500.
    expect(toErrorBody(error, new Logger('test'))).toEqual({
      statusCode: 503,
      errors: [{ message: 'PDF-Erstellung nicht möglich: Der Browser Chromium wurde nicht gefunden (/nonexistent/chromium).' }],
    });
    expect(missing.status()).toMatchObject({ browser: 'unavailable', launches: 0 });
  });

  it('answers 503 when Chromium exits at start', async () => {
    const broken = service({ chromiumPath: '/bin/false' });
    const error = await failureOf(broken.render('test-sheet', SHEET));
    expect(error).toMatchObject({ status: 503, reason: 'browser_failed', message: PDF_MESSAGES.browserFailed });
    expect(broken.status()).toMatchObject({ browser: 'unavailable', launches: 1 });
  });
});

describe('PdfService with a hung browser', () => {
  it('fails at the time limit with 503, kills the browser, and the next render starts a new one', async () => {
    // Long enough for the cold first render on a busy machine; the hung one then waits it out.
    const hung = service({ concurrency: 1, timeoutMs: 5000 });
    await hung.render('test-sheet', SHEET);
    const pid = hung.browserPid!;
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const [running, waiting] = await Promise.allSettled([hung.render('test-sheet', SHEET), hung.render('test-sheet', SHEET)]);
      // The running render fails as too slow, the one behind it as busy: it spent its whole time in the queue.
      expect(running).toMatchObject({ status: 'rejected', reason: { status: 503, reason: 'timeout', message: PDF_MESSAGES.timeout } });
      expect(waiting).toMatchObject({ status: 'rejected', reason: { status: 503, reason: 'busy' } });
      // The time limit plus at most the 2 s in which a browser must show it still answers.
      expect(Date.now() - started).toBeLessThan(5000 + 2000 + 2000);
      expect(hung.status().browser).toBe('idle');
      await until(() => !browserProcesses().includes(pid));

      expect(isPdf(await hung.render('test-sheet', SHEET))).toBe(true);
      expect(hung.status()).toMatchObject({ browser: 'warm', launches: 2 });
    } finally {
      // Never leave a stopped Chromium behind when the test fails half-way.
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
});
