import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { PDFOptions } from 'puppeteer-core';
import type { PdfConfig } from '../config/app-config.js';
import { PdfBrowser, type PdfBrowserStats } from './pdf-browser.js';
import { loadPdfFonts, PDF_FONT_FAMILY, type PdfFonts } from './pdf-fonts.js';
import { type DocumentOptions, PDF_TEMPLATES_DIR, PdfTemplates } from './pdf-templates.js';

export const PDF_OPTIONS = Symbol('PDF_OPTIONS');

export interface PdfServiceOptions extends PdfConfig {
  /** Folders searched for `<template>.hbs`, in order; the first holds layout.hbs. Default: the templates folder. */
  templateDirs?: string[];
}

export type RenderOptions = DocumentOptions;

/** What the health probes show of the PDF service (no paths, no process ids). */
export interface PdfStatus extends Omit<PdfBrowserStats, 'pages' | 'peakPages'> {
  concurrency: number;
}

/** The footer of every page; Chromium fills in pageNumber and totalPages. Renders apart from the page, so it brings its own font and size. */
function footerTemplate(fonts: PdfFonts): string {
  return `<style>${fonts.footerCss}</style><div style="box-sizing: border-box; width: 100%; padding: 0 15mm; font-family: '${PDF_FONT_FAMILY}', sans-serif; font-size: 8pt; color: #444; text-align: center;">Seite <span class="pageNumber"></span> von <span class="totalPages"></span></div>`;
}

/**
 * PDFs for the whole suite: a Handlebars template of `templates/` inside the shared layout,
 * printed by one warm Chromium on A4 with "Seite X von Y" in the footer. Fails with a German 503
 * (PdfUnavailableError) when Chromium is missing, the pool is full or the render runs out of
 * time; never hangs past PDF_TIMEOUT_MS.
 */
@Injectable()
export class PdfService implements OnApplicationShutdown {
  private readonly templates: PdfTemplates;
  private readonly browser: PdfBrowser;
  /** The page set-up of every render: A4, margins, background, the footer (the benchmark's reference prints with it too). */
  readonly pdfOptions: Readonly<PDFOptions>;

  constructor(@Inject(PDF_OPTIONS) private readonly options: PdfServiceOptions) {
    const fonts = loadPdfFonts();
    this.templates = new PdfTemplates(options.templateDirs ?? [PDF_TEMPLATES_DIR], fonts);
    this.browser = new PdfBrowser(options);
    this.pdfOptions = {
      format: 'A4',
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: footerTemplate(fonts),
      margin: { top: '15mm', right: '15mm', bottom: '18mm', left: '15mm' },
    };
  }

  /** `templates/<template>.hbs` with `data`, in the layout, as a PDF. */
  async render(template: string, data: object, options: RenderOptions = {}): Promise<Buffer> {
    return this.browser.print(this.toHtml(template, data, options), this.pdfOptions);
  }

  /** A complete HTML document as it is, as a PDF with the same page set-up; the caller escapes what it inserts. */
  async renderHtml(html: string): Promise<Buffer> {
    return this.browser.print(html, this.pdfOptions);
  }

  /** The HTML document `render` prints (previews, tests, the benchmark's reference). */
  toHtml(template: string, data: object, options: RenderOptions = {}): string {
    return this.templates.document(template, data, options);
  }

  status(): PdfStatus {
    const { pages: _pages, peakPages: _peak, ...stats } = this.browser.stats();
    return { ...stats, concurrency: this.options.concurrency };
  }

  /** Pages open now and at most so far, for tests and diagnostics. */
  pageCounts(): { open: number; peak: number } {
    const { pages, peakPages } = this.browser.stats();
    return { open: pages, peak: peakPages };
  }

  /** The browser's process id while one runs (diagnostics; the tests kill it). */
  get browserPid(): number | null {
    return this.browser.pid;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.browser.close();
  }
}
