import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { PDF_TYPES, UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { FilesService } from '../../core/files/files.service.js';
import { PdfUnavailableError } from '../../core/pdf/pdf.errors.js';
import { PdfService } from '../../core/pdf/pdf.service.js';
import { invoiceDocument } from './invoice-model.js';
import { InvoicesRepository } from './invoices.repository.js';

/** Largest invoice PDF stored (a few hundred positions print to well under 1 MB). */
const MAX_PDF_BYTES = 20 * 1024 * 1024;

/**
 * Prints an invoice or credit note (templates/invoice.hbs) with the suite's PDF service and keeps
 * the PDF in the file store. Printing happens after the invoice is committed, never inside the
 * run's transaction (a render takes ~0.1 s and must not hold the numbers' lock); an invoice whose
 * print failed (no Chromium, a full queue) is printed on its first download.
 */
@Injectable()
export class InvoicePrinter implements OnModuleDestroy {
  private readonly logger = new Logger('InvoicePrinter');
  /** Prints running in the background (printLater); awaited when the application stops. */
  private readonly background = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly repo: InvoicesRepository,
    private readonly pdf: PdfService,
    private readonly files: FilesService,
  ) {}

  /** The invoice's PDF file id, printed now when it has none yet. Throws the PDF service's German 503. */
  async ensurePrinted(id: string): Promise<string | null> {
    const invoice = await this.repo.findById(id);
    if (!invoice) return null;
    if (invoice.fileId) return invoice.fileId;
    const [positions, proofs, sender, cancels] = await Promise.all([
      this.repo.positions(id),
      this.repo.proofs([id]),
      this.repo.pharmacy(),
      invoice.cancelsId ? this.repo.findById(invoice.cancelsId) : Promise.resolve(null),
    ]);
    const title = `${invoice.kind === 'credit_note' ? 'Gutschrift' : 'Rechnung'} ${invoice.number}`;
    const data = await this.pdf.render('invoice', invoiceDocument(invoice, positions, proofs, sender, cancels), { title });
    const file = await this.files.save(data, { accept: PDF_TYPES, message: UPLOAD_MESSAGES.pdf, maxBytes: MAX_PDF_BYTES, originalName: invoice.fileName });
    if (await this.repo.attachFile(id, file.id)) return file.id;
    // Another print of the same invoice was faster: keep its file, drop ours.
    await this.files.remove(file.id);
    return (await this.repo.findById(id))?.fileId ?? null;
  }

  /**
   * Prints invoices in the background and answers at once: the billing run started on the tab
   * answers when its invoices are written, not minutes later when thousands of PDFs are. `done`
   * hears the outcome. What is not printed when the application stops is printed on its first
   * download or for its backup archive.
   */
  printLater(ids: readonly string[], concurrency: number, done: (result: { printed: number; failed: number }) => void): void {
    if (!ids.length) return;
    const job: Promise<void> = this.printAll(ids, concurrency)
      .then(done)
      .catch((error: unknown) => this.logger.error(`Background printing failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.background.delete(job));
    this.background.add(job);
  }

  /** Resolves when no background print is running (the shutdown, the tests and the benchmark wait for it). */
  async idle(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  /** Lets the prints under way finish and starts no new one, before the PDF service and the database close. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }

  /**
   * Prints invoices, `concurrency` at a time (the PDF service's pages: more would only wait in its
   * queue and run into its limit). Answers how many were printed and how many failed.
   */
  async printAll(ids: readonly string[], concurrency: number): Promise<{ printed: number; failed: number }> {
    let next = 0;
    let printed = 0;
    let failed = 0;
    const worker = async () => {
      while (next < ids.length && !this.stopping) {
        const id = ids[next++]!;
        try {
          await this.ensurePrinted(id);
          printed++;
        } catch (error) {
          failed++;
          this.logger.warn(`Invoice ${id} not printed (printed on its first download): ${error instanceof Error ? error.message : String(error)}`);
          // Without a browser the rest would fail alike: they are printed on their first download.
          if (error instanceof PdfUnavailableError && (error.reason === 'browser_missing' || error.reason === 'browser_failed')) {
            failed += ids.length - next;
            next = ids.length;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, ids.length)) }, worker));
    return { printed, failed };
  }
}
