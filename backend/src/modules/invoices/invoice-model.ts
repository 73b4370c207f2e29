import { INVOICE_ROLE_LABELS, type InvoiceDto, type InvoiceProofDto, invoiceStatusText, monthLabel } from '@mediport/contracts/invoices';
import { germanDate } from '../contracts/contract-terms.js';
import type { DebtorRecord, InvoiceListRecord, InvoicePositionRow, InvoiceRow, ProofRecord } from './invoices.repository.js';

/** The invoice's answer and document shapes, without the database. */

export function proofDto(row: ProofRecord): InvoiceProofDto {
  return { invoice: row.invoiceId, debtor: row.debtorNo, role: row.role, withLogin: row.withLogin, name: row.name, price: row.price, modifiedAt: row.modifiedAt.toISOString() };
}

export function invoiceDto(record: InvoiceListRecord, proofs?: InvoiceProofDto[]): InvoiceDto {
  const i = record.invoice;
  return {
    _id: i.id,
    number: i.number,
    path: i.fileName,
    name: i.debtorName,
    debtor: i.debtorNo,
    role: i.debtorType,
    withLogin: i.withLogin,
    price: i.grossCents,
    net: i.netCents,
    vat: i.vatCents,
    status: i.status,
    statusText: invoiceStatusText(i.status),
    month: i.period.slice(0, 7),
    invoiceDate: germanDate(i.issuedOn)!,
    dueDate: germanDate(i.dueOn)!,
    createdAt: i.createdAt.toISOString(),
    modifiedAt: i.modifiedAt.toISOString(),
    creditNote: i.kind === 'credit_note',
    cancels: i.cancelsId && record.cancelsNumber ? { _id: i.cancelsId, number: record.cancelsNumber } : null,
    canceledBy: i.creditNoteId && record.creditNoteNumber ? { _id: i.creditNoteId, number: record.creditNoteNumber } : null,
    downloadedAt: i.downloadedAt?.toISOString() ?? null,
    directDebit: i.directDebit,
    ...(proofs ? { proofs } : {}),
  };
}

/** "10117 Berlin" */
export function place(address: Pick<DebtorRecord, 'postalCode' | 'city'>): string {
  return [address.postalCode, address.city].filter(Boolean).join(' ');
}

/** The data of templates/invoice.hbs. */
export function invoiceDocument(
  invoice: InvoiceRow,
  positions: readonly InvoicePositionRow[],
  proofs: readonly ProofRecord[],
  sender: DebtorRecord & { phone: string; fax: string },
  cancels: Pick<InvoiceRow, 'number' | 'issuedOn'> | null,
) {
  return {
    sender: { name: sender.company, street: sender.street, place: place(sender), phone: sender.phone, fax: sender.fax, email: sender.email },
    debtor: { company: invoice.address.company, name: invoice.address.name, street: invoice.address.street, place: place(invoice.address) },
    // Not `number`: that name is the templates' number helper.
    invoiceNumber: invoice.number,
    debtorNo: invoice.debtorNo,
    invoiceDate: germanDate(invoice.issuedOn),
    dueDate: germanDate(invoice.dueOn),
    periodLabel: monthLabel(invoice.period.slice(0, 7)),
    creditNote: invoice.kind === 'credit_note',
    cancels: cancels ? { invoiceNumber: cancels.number, invoiceDate: germanDate(cancels.issuedOn) } : null,
    positions: positions.map((p) => ({ title: p.title, contractRef: p.contractRef, detail: p.detail, amount: p.amount })),
    net: invoice.netCents,
    vat: invoice.vatCents,
    gross: invoice.grossCents,
    vatPercent: invoice.vatPercent,
    directDebit: invoice.directDebit,
    proofs: proofs.map((p) => ({ name: p.name, role: INVOICE_ROLE_LABELS[p.role], debtor: p.debtorNo, withLogin: p.withLogin ? 'ja' : 'nein', price: p.price, modifiedAt: p.modifiedAt })),
  };
}

/** `RE-2026-000123.pdf`: the invoice's one stored file name. */
export function fileNameOf(number: string): string {
  return `${number}.pdf`;
}
