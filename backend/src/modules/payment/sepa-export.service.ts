import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isValidCreditorId, isValidIban, SEPA_MESSAGES, type SepaMonth } from '@mediport/contracts/payment';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { addWorkingDays } from '../../core/clock/working-days.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { invoicePolicy } from '../../core/permissions/policies/index.js';
import { buildPain008, type Pain008Transaction } from './pain008.js';
import { PaymentCipher } from './payment-cipher.js';
import { type CollectableInvoice, PaymentRepository } from './payment.repository.js';
import { PAYMENT_AUDIT } from './payment.service.js';

/** Invoices read per query while an export is put together. */
const PAGE = 1000;
/** Months offered for the export at most (the newest first). */
const MONTHS = 36;
/** Working days between the export and the earliest collection date (SEPA Core: D-1, plus a day to hand the file over). */
const LEAD_WORKING_DAYS = 2;

export interface SepaFile {
  xml: string;
  fileName: string;
  transactions: number;
}

/**
 * GET /api/invoices/sepa?month=YYYY-MM: the month's open invoices whose debtors hold an active
 * mandate (within the invoices the caller sees) as one pain.008.001.08 file. In one transaction
 * the file is kept, each invoice is recorded as submitted (never collected twice: a second export of
 * the month leaves them out) and becomes 'pending', and each mandate's next collection becomes
 * recurring (RCUR).
 */
@Injectable()
export class SepaExportService {
  constructor(
    private readonly repo: PaymentRepository,
    private readonly cipher: PaymentCipher,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** The billed months with invoices an export would collect now (within what the caller sees), newest first. */
  async months(auth: AuthContext): Promise<SepaMonth[]> {
    const rows = await this.repo.collectableMonths(invoicePolicy.where(auth, 'read'), MONTHS);
    return rows.map((r) => ({ month: r.period.slice(0, 7), invoices: r.invoices, amountCents: r.amountCents }));
  }

  async export(auth: AuthContext, month: string): Promise<SepaFile> {
    const creditor = await this.repo.creditor();
    if (!creditor.company.trim() || !isValidCreditorId(creditor.creditorId) || !isValidIban(creditor.creditorIban)) {
      throw new AppError(409, [{ code: 'conflict', message: SEPA_MESSAGES.creditorMissing }]);
    }
    const now = this.clock.now();
    const earliest = berlinDate(addWorkingDays(now, LEAD_WORKING_DAYS));
    const scope = invoicePolicy.where(auth, 'read');
    return this.unitOfWork.run(async () => {
      await this.repo.lockExports();
      const invoices: CollectableInvoice[] = [];
      for (let after: string | null = null; ; ) {
        const page = await this.repo.collectable(`${month}-01`, scope, after, PAGE);
        invoices.push(...page);
        if (page.length < PAGE) break;
        after = page.at(-1)!.number;
      }
      if (!invoices.length) throw new AppError(404, [{ code: 'not_found', message: SEPA_MESSAGES.nothingToExport }]);

      const transactions: (Pain008Transaction & { invoiceId: string; mandateRowId: string })[] = invoices.map((invoice) => ({
        invoiceId: invoice.id,
        mandateRowId: invoice.mandate.id,
        endToEndId: invoice.number,
        amountCents: invoice.grossCents,
        mandateId: invoice.mandate.reference,
        signedOn: invoice.mandate.signedOn,
        debtorName: invoice.mandate.company,
        debtorIban: this.cipher.decrypt(invoice.mandate.ibanCipher),
        debtorBic: invoice.mandate.bic,
        remittance: `Rechnung ${invoice.number}`,
        sequenceType: invoice.mandate.sequenceType,
        // Not before the due date, and not before the bank can still collect it.
        collectionDate: invoice.dueOn > earliest ? invoice.dueOn : earliest,
      }));
      const messageId = `MP-${berlinDate(now).replaceAll('-', '')}-${randomBytes(6).toString('hex').toUpperCase()}`;
      const xml = buildPain008({
        messageId,
        createdAt: now,
        creditor: { name: creditor.company, iban: creditor.creditorIban, bic: creditor.creditorBic, creditorId: creditor.creditorId },
        transactions,
      });
      const controlSumCents = transactions.reduce((n, t) => n + t.amountCents, 0);
      const exportId = await this.repo.insertExport({ month, messageId, transactions: transactions.length, controlSumCents, xml, createdAt: now, createdBy: auth.userId });
      await this.repo.insertSubmissions(
        transactions.map((t) => ({ invoiceId: t.invoiceId, exportId, mandateId: t.mandateRowId, sequenceType: t.sequenceType, amountCents: t.amountCents, collectionDate: t.collectionDate })),
      );
      await this.repo.markPending(transactions.map((t) => t.invoiceId), auth.userId, now);
      await this.repo.markCollected([...new Set(transactions.map((t) => t.mandateRowId))], now);
      await this.audit.recordBy(auth, { action: PAYMENT_AUDIT.sepaExport, target: exportId, meta: { month, messageId, transactions: transactions.length, controlSumCents } });
      return { xml, fileName: `lastschriften_${month}.xml`, transactions: transactions.length };
    });
  }
}
