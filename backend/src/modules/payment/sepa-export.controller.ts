import { Controller, Get, Header, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { SEPA_MESSAGES, type SepaMonth } from '@mediport/contracts/payment';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { contentDisposition } from '../../core/http/content-disposition.js';
import { RequirePermission } from '../../core/permissions/access.decorators.js';
import { SepaExportService } from './sepa-export.service.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The direct-debit export of a billed month (pain.008.001.08). A path of its own under
 * invoices/ (the invoices module has no `invoices/:id` route that could take it).
 */
@Controller('invoices/sepa')
export class SepaExportController {
  constructor(private readonly sepa: SepaExportService) {}

  /** The months that hold invoices to collect (the export's month picker). */
  @Get('months')
  @RequirePermission('invoice_sepa_export_view')
  @Header('Cache-Control', 'private, no-store')
  months(@CurrentAuth() auth: AuthContext): Promise<SepaMonth[]> {
    return this.sepa.months(auth);
  }

  @Get()
  @RequirePermission('invoice_sepa_export_view')
  @Header('Cache-Control', 'private, no-store')
  async export(@CurrentAuth() auth: AuthContext, @Query('month') month: unknown, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    if (typeof month !== 'string' || !MONTH.test(month)) throw AppError.badRequest([{ path: 'month', code: 'invalid', message: SEPA_MESSAGES.monthInvalid }]);
    const file = await this.sepa.export(auth, month);
    res.setHeader('X-Transactions', String(file.transactions));
    return new StreamableFile(Buffer.from(file.xml, 'utf8'), { type: 'application/xml; charset=utf-8', disposition: contentDisposition(file.fileName) });
  }
}
