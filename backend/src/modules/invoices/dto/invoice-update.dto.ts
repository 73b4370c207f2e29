import { Allow } from 'class-validator';
import type { InvoiceRunRequest, InvoiceUpdateRequest } from '@mediport/contracts/invoices';

/**
 * Body of PUT /api/invoices: id, optional path, action (change_status | cancel), data (paid | open).
 * Checked in the service, each refusal with its German message and the field's path.
 */
export class InvoiceUpdateDto {
  @Allow() id!: InvoiceUpdateRequest['id'];
  @Allow() path?: InvoiceUpdateRequest['path'];
  @Allow() action!: InvoiceUpdateRequest['action'];
  @Allow() data?: InvoiceUpdateRequest['data'];
}

/** Body of POST /api/invoices/run: the month to bill, YYYY-MM (checked in the service). */
export class InvoiceRunDto {
  @Allow() month!: InvoiceRunRequest['month'];
}
