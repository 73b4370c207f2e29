import { Module } from '@nestjs/common';
import { ContractsModule } from '../contracts/contracts.module.js';
import { InvoicePrinter } from './invoice-printer.js';
import { InvoiceRunService } from './invoice-run.service.js';
import { InvoiceListController, InvoicesController } from './invoices.controller.js';
import { InvoicesJob } from './invoices.job.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/**
 * Invoices: the monthly billing run over the contracts, the invoice PDFs with their proof lists,
 * the list, download, paid toggle and credit notes. Exports the repository for the SEPA export
 * (the open invoices of a month and their debtors) and the printer for the backup archives.
 */
@Module({
  imports: [ContractsModule],
  controllers: [InvoicesController, InvoiceListController],
  providers: [InvoicesRepository, InvoicesService, InvoiceRunService, InvoicePrinter, InvoicesJob],
  exports: [InvoicesRepository, InvoicePrinter],
})
export class InvoicesModule {}
