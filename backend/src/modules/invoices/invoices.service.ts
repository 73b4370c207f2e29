import { Injectable } from '@nestjs/common';
import {
  INVOICE_MESSAGES as M,
  INVOICE_VAT_PERCENT,
  type InvoiceListResponse,
  invoiceNumber,
  type InvoiceProofListResponse,
  type InvoiceUpdateResponse,
} from '@mediport/contracts/invoices';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { AuditService } from '../../core/audit/audit.service.js';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { FilesService } from '../../core/files/files.service.js';
import { invoicePolicy, type InvoiceSubject } from '../../core/permissions/policies/index.js';
import { fileNameOf, invoiceDto, proofDto } from './invoice-model.js';
import { InvoicePrinter } from './invoice-printer.js';
import { type InvoiceListOptions, type InvoiceRow, InvoicesRepository } from './invoices.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function subjectOf(row: Pick<InvoiceRow, 'id' | 'homeId' | 'doctorId'>): InvoiceSubject {
  return { id: row.id, home: row.homeId, doctor: row.doctorId };
}

function refused(message: string): AppError {
  return new AppError(409, [{ code: 'conflict', message }]);
}

/** Body of PUT /api/invoices as the controller passes it (checked here, each refusal with its German message). */
export interface InvoiceUpdate {
  id?: unknown;
  path?: unknown;
  action?: unknown;
  data?: unknown;
}

/**
 * Invoices as the callers see them: the list (with the proof lists on request), the proof rows,
 * the download (an unread invoice becomes open) and the two writes: the paid toggle and the
 * cancellation by a credit note. Every invoice goes through the Invoice policy (404 / 403).
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly repo: InvoicesRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly printer: InvoicePrinter,
    private readonly files: FilesService,
    private readonly audit: AuditService,
  ) {}

  async list(auth: AuthContext, query: InvoiceListOptions['query'], withProofs: boolean): Promise<InvoiceListResponse> {
    const { rows, count } = await this.repo.list({ query, scope: invoicePolicy.where(auth, 'read') });
    if (!withProofs) return { data: rows.map((r) => invoiceDto(r)), count };
    const proofs = await this.repo.proofs(rows.map((r) => r.invoice.id));
    return { data: rows.map((r) => invoiceDto(r, proofs.filter((p) => p.invoiceId === r.invoice.id).map(proofDto))), count };
  }

  /** GET /api/invoices/proof: one invoice's proof rows (`id`), else those of every invoice the caller sees. */
  async proofs(auth: AuthContext, id: string | undefined, filter: { period?: string; text?: string }, page: { offset: number; limit: number }): Promise<InvoiceProofListResponse> {
    if (id !== undefined) {
      const invoice = await this.load(auth, id, 'read');
      const rows = await this.repo.proofs([invoice.id]);
      return { data: rows.map(proofDto), count: rows.length };
    }
    const { rows, count } = await this.repo.proofList(invoicePolicy.where(auth, 'read'), filter, page);
    return { data: rows.map(proofDto), count };
  }

  /**
   * GET /api/invoices/download/{id}?path=…: the invoice's PDF. `path`, when given, must be the name
   * of a file of this invoice (it is compared, never used as a path). Printed now when it has no
   * PDF yet. The first download of an unread invoice makes it open.
   */
  async download(auth: AuthContext, id: string, path: unknown): Promise<{ name: string; data: Buffer }> {
    const invoice = await this.load(auth, id, 'download');
    if (path !== undefined && path !== invoice.fileName) throw AppError.notFound();
    const fileId = invoice.fileId ?? (await this.printer.ensurePrinted(invoice.id));
    const file = fileId ? await this.files.read(fileId) : null;
    if (!file) throw AppError.notFound();
    if (await this.repo.markDownloaded(invoice.id, auth.userId, this.clock.now())) {
      await this.audit.recordBy(auth, { action: 'invoice.open', target: invoice.id, meta: { number: invoice.number } });
    }
    return { name: invoice.fileName, data: file.data };
  }

  /** PUT /api/invoices: `change_status` (data paid | open) or `cancel`. */
  async update(auth: AuthContext, body: InvoiceUpdate): Promise<InvoiceUpdateResponse> {
    if (typeof body.id !== 'string' || !body.id) throw AppError.badRequest([{ path: 'id', code: 'invalid', message: M.invoiceId }]);
    if (body.path !== undefined && typeof body.path !== 'string') throw AppError.badRequest([{ path: 'path', code: 'invalid', message: M.path }]);
    if (body.action === 'change_status') {
      if (body.data !== 'paid' && body.data !== 'open') throw AppError.badRequest([{ path: 'data', code: 'invalid', message: M.paymentState }]);
      return this.changeStatus(auth, body.id, body.path, body.data);
    }
    if (body.action === 'cancel') return this.cancel(auth, body.id, body.path);
    throw AppError.badRequest([{ path: 'action', code: 'invalid', message: M.unknownAction }]);
  }

  private async changeStatus(auth: AuthContext, id: string, path: string | undefined, status: 'paid' | 'open'): Promise<InvoiceUpdateResponse> {
    return this.unitOfWork.run(async () => {
      const invoice = await this.load(auth, id, 'changeStatus', { lock: true, path });
      if (invoice.status === 'canceled' || invoice.kind === 'credit_note') throw refused(M.statusOfCanceled);
      const now = this.clock.now();
      if (invoice.status !== status) {
        await this.repo.update(invoice.id, { status, paidAt: status === 'paid' ? now : null, modifiedAt: now, modifiedBy: auth.userId });
        await this.audit.recordBy(auth, { action: status === 'paid' ? 'invoice.paid' : 'invoice.reopen', target: invoice.id, meta: { number: invoice.number, from: invoice.status } });
      }
      return { success: true, _id: invoice.id, status, message: status === 'paid' ? M.markedPaid : M.markedOpen };
    });
  }

  /** Cancels an invoice: a credit note with its own number repeats its positions negated; the invoice stays, canceled. */
  private async cancel(auth: AuthContext, id: string, path: string | undefined): Promise<InvoiceUpdateResponse> {
    const created = await this.unitOfWork.run(async () => {
      const invoice = await this.load(auth, id, 'cancel', { lock: true, path });
      if (invoice.kind === 'credit_note') throw refused(M.creditNoteNotCancelable);
      if (invoice.status === 'canceled') throw refused(M.alreadyCanceled);
      const now = this.clock.now();
      const today = berlinDate(now);
      const year = Number(today.slice(0, 4));
      const seq = await this.repo.reserveNumbers(year, 1);
      const number = invoiceNumber(year, seq);
      const [note] = await this.repo.insertInvoices([
        {
          number,
          year,
          seq,
          kind: 'credit_note',
          debtorKey: invoice.debtorKey,
          debtorType: invoice.debtorType,
          homeId: invoice.homeId,
          doctorId: invoice.doctorId,
          debtorNo: invoice.debtorNo,
          debtorName: invoice.debtorName,
          address: invoice.address,
          withLogin: invoice.withLogin,
          period: invoice.period,
          issuedOn: today,
          dueOn: today,
          netCents: -invoice.netCents,
          vatCents: -invoice.vatCents,
          grossCents: -invoice.grossCents,
          vatPercent: INVOICE_VAT_PERCENT,
          status: 'canceled',
          directDebit: invoice.directDebit,
          fileName: fileNameOf(number),
          cancelsId: invoice.id,
          canceledAt: now,
          modifiedBy: auth.userId,
        },
      ]);
      const positions = await this.repo.positions(invoice.id);
      await this.repo.insertPositions(positions.map(({ id: _id, invoiceId: _invoice, amount, ...p }) => ({ ...p, invoiceId: note!.id, amount: -amount })));
      await this.repo.update(invoice.id, { status: 'canceled', canceledAt: now, creditNoteId: note!.id, modifiedAt: now, modifiedBy: auth.userId });
      await this.audit.recordBy(auth, { action: 'invoice.cancel', target: invoice.id, meta: { number: invoice.number, creditNote: number } });
      return { id: note!.id, number, invoice: invoice.id };
    });
    await this.printer.printAll([created.id], 1);
    return { success: true, _id: created.invoice, status: 'canceled', message: M.canceled(created.number), creditNote: { _id: created.id, number: created.number } };
  }

  /**
   * The invoice a request names, checked against the policy (outside `read` 404, outside the
   * action 403); a `path` that is not its file is 404 as well. Locked for a write.
   */
  private async load(auth: AuthContext, id: string, action: 'read' | 'download' | 'changeStatus' | 'cancel', options: { lock?: boolean; path?: string } = {}): Promise<InvoiceRow> {
    const row = UUID.test(id) ? await this.repo.findById(id, { lock: options.lock }) : null;
    invoicePolicy.assert(auth, action, row ? subjectOf(row) : null);
    if (options.path !== undefined && options.path !== row!.fileName) throw AppError.notFound();
    return row!;
  }
}
