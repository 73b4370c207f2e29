import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { InvoiceListResponse, InvoiceProofListResponse, InvoiceRunResponse, InvoiceUpdateResponse } from '@mediport/contracts/invoices';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { contentDisposition } from '../../core/http/content-disposition.js';
import { RecordRoute, RequirePermission, RequirePermissionByBody } from '../../core/permissions/access.decorators.js';
import { type InvoiceListQuery, invoiceListQueryPipe, type ProofListQuery, proofListQueryPipe } from './dto/invoice-list-query.js';
import { InvoiceRunDto, InvoiceUpdateDto } from './dto/invoice-update.dto.js';
import { InvoiceRunService } from './invoice-run.service.js';
import { InvoicesService } from './invoices.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TYPE_MESSAGE = 'Der Parameter type muss 0 oder 1 sein.';

/** `type=1`: the invoices with their proof lists; absent or 0: without. */
function withProofs(type: unknown): boolean {
  if (type === undefined || type === '' || type === '0') return false;
  if (type === '1') return true;
  throw AppError.badRequest([{ path: 'type', code: 'invalid', message: TYPE_MESSAGE }]);
}

/** Invoices (/api/invoices): the list, proof lists, the download, the paid toggle, cancelling and the billing run. */
@Controller('invoices')
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly runs: InvoiceRunService,
  ) {}

  /** The invoices the caller sees (Invoice policy), newest number first; `type=1` adds each one's proof list. */
  @Get()
  @RequirePermission('invoice_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(invoiceListQueryPipe) query: InvoiceListQuery, @Query('type') type?: string): Promise<InvoiceListResponse> {
    return this.invoices.list(auth, query, withProofs(type));
  }

  /** The proof rows (billed homes, practices, the pharmacy) of one invoice (`id`) or of all the caller sees. */
  @Get('proof')
  @RequirePermission('invoice_list_view')
  proofs(@CurrentAuth() auth: AuthContext, @Query(proofListQueryPipe) query: ProofListQuery, @Query('id') id?: string): Promise<InvoiceProofListResponse> {
    if (id !== undefined && (typeof id !== 'string' || !UUID.test(id))) throw AppError.notFound();
    return this.invoices.proofs(auth, id, { period: query.filter.month, text: query.filter.text }, query);
  }

  /** The invoice's PDF; `path` (optional) must name its file. Downloading an unread invoice makes it open. */
  @RecordRoute({ subject: 'Invoice', params: ['id'], action: 'download' })
  @Get('download/:id')
  @RequirePermission('download_invoice_view')
  async download(@CurrentAuth() auth: AuthContext, @Param('id') id: string, @Query('path') path: unknown, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.invoices.download(auth, id, path);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.data, { type: 'application/pdf', disposition: contentDisposition(file.name), length: file.data.length });
  }

  /** `{id, path, action: 'change_status', data: 'paid' | 'open'}` or `{id, action: 'cancel'}` (a credit note). */
  @Put()
  @RequirePermissionByBody('action', { change_status: 'switch_payment_state_invoice_view', cancel: 'invoice_cancel_view' })
  update(@CurrentAuth() auth: AuthContext, @Body() dto: InvoiceUpdateDto): Promise<InvoiceUpdateResponse> {
    return this.invoices.update(auth, dto);
  }

  /** The billing run for a month that has ended (`{month: 'YYYY-MM'}`); 409 while another run is busy. */
  @Post('run')
  @HttpCode(200)
  @RequirePermission('invoice_run_view')
  run(@CurrentAuth() auth: AuthContext, @Body() dto: InvoiceRunDto): Promise<InvoiceRunResponse> {
    return this.runs.run(dto.month, auth);
  }
}

/** GET /api/invoice/list: the same list under the path older clients call. */
@Controller('invoice')
export class InvoiceListController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get('list')
  @RequirePermission('invoice_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(invoiceListQueryPipe) query: InvoiceListQuery, @Query('type') type?: string): Promise<InvoiceListResponse> {
    return this.invoices.list(auth, query, withProofs(type));
  }
}
