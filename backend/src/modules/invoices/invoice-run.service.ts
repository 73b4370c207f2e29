import { Inject, Injectable, Logger } from '@nestjs/common';
import { INVOICE_MESSAGES as M, type InvoiceRunResponse } from '@mediport/contracts/invoices';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { AuditService } from '../../core/audit/audit.service.js';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { isUniqueViolation } from '../../core/db/unique-violation.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { ContractsService } from '../contracts/contracts.service.js';
import { periodOf, previousMonth } from './billing.js';
import { InvoicePrinter } from './invoice-printer.js';
import { createInvoices } from './invoice-run.js';
import { InvoicesRepository } from './invoices.repository.js';

function busy(): AppError {
  return new AppError(409, [{ code: 'conflict', message: M.runBusy }]);
}

/**
 * The monthly billing run: the invoices of a month that has ended, one per debtor, written with
 * their numbers in one transaction under the run lock (a second run meanwhile answers 409), then
 * printed (in the background when an administrator started it, see InvoicePrinter.printLater). Started by InvoicesJob on the 1st of each month for the month before, or by an
 * administrator for a chosen month (POST /api/invoices/run). Running a month again creates only
 * the invoices still missing (none, when nothing changed).
 */
@Injectable()
export class InvoiceRunService {
  private readonly logger = new Logger('InvoiceRun');

  constructor(
    private readonly repo: InvoicesRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly contracts: ContractsService,
    private readonly printer: InvoicePrinter,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The month the scheduled run bills today: the one before. */
  dueMonth(): string {
    return previousMonth(berlinDate(this.clock.now()));
  }

  async run(month: unknown, auth: AuthContext | null): Promise<InvoiceRunResponse> {
    const period = typeof month === 'string' ? periodOf(month) : null;
    if (!period) throw AppError.badRequest([{ path: 'month', code: 'invalid', message: M.month }]);
    const today = berlinDate(this.clock.now());
    if (period.to >= today) throw AppError.badRequest([{ path: 'month', code: 'invalid', message: M.monthNotOver }]);
    // Terms that ended are renewed first, so the contracts read below are those of today.
    await this.contracts.renewDue();
    let created: { ids: string[]; numbers: string[] };
    try {
      created = await this.unitOfWork.run(async () => {
        if (!(await this.repo.tryRunLock())) throw busy();
        const result = await createInvoices(this.repo, period, today, auth?.userId ?? null);
        const entry = { action: 'invoice.run', target: null, meta: { month: period.month, created: result.numbers.length, first: result.numbers[0] ?? null, last: result.numbers.at(-1) ?? null } };
        if (auth) await this.audit.recordBy(auth, entry);
        else await this.audit.record({ ...entry, actorId: null });
        return result;
      });
    } catch (error) {
      // A run on another instance that slipped past the lock: the month's unique index refuses the second.
      if (isUniqueViolation(error)) throw busy();
      throw error;
    }
    const billed = period.month;
    const report = (printed: { printed: number; failed: number }) => {
      if (created.ids.length) this.logger.log(`${created.ids.length} invoice(s) for ${billed}: ${created.numbers[0]} – ${created.numbers.at(-1)}; ${printed.printed} printed, ${printed.failed} not printed.`);
    };
    // The scheduled run has nobody waiting: it prints before it ends. A run started on the tab answers now.
    if (auth) this.printer.printLater(created.ids, this.config.pdf.concurrency, report);
    else report(await this.printer.printAll(created.ids, this.config.pdf.concurrency));
    return {
      success: true,
      month: billed,
      created: created.ids.length,
      numbers: created.numbers,
      printing: created.ids.length,
      message: created.ids.length ? M.runCreated(created.ids.length, billed) : M.runNothing(billed),
    };
  }
}
