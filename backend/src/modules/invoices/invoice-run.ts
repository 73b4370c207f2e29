import { INVOICE_PAYMENT_DAYS, INVOICE_VAT_PERCENT, invoiceNumber } from '@mediport/contracts/invoices';
import { addDays } from '../contracts/contract-terms.js';
import { billMonth, type Debtor, type Period, totals } from './billing.js';
import { fileNameOf } from './invoice-model.js';
import type { DebtorRecord, InvoiceInsert, InvoicePositionInsert, InvoicesRepository } from './invoices.repository.js';

export interface CreatedInvoices {
  ids: string[];
  numbers: string[];
}

/**
 * Writes the invoices of one month that do not exist yet: one per debtor with billable positions,
 * numbered on from the year's counter (the year of `issuedOn`), due INVOICE_PAYMENT_DAYS later. The
 * caller runs it inside one transaction holding the run lock (InvoiceRunService, the demo seed), so
 * the invoices, their positions and the numbers commit together or not at all.
 */
export async function createInvoices(repo: InvoicesRepository, period: Period, issuedOn: string, createdBy: string | null): Promise<CreatedInvoices> {
  const billed = billMonth(await repo.billableContracts(period.from), period);
  const done = await repo.billedDebtors(
    period.from,
    billed.map((b) => b.debtor.key),
  );
  const todo = billed.filter((b) => !done.has(b.debtor.key));
  if (!todo.length) return { ids: [], numbers: [] };

  const homeIds = todo.flatMap((b) => (b.debtor.homeId ? [b.debtor.homeId] : []));
  const doctorIds = todo.flatMap((b) => (b.debtor.doctorId ? [b.debtor.doctorId] : []));
  // One after another: inside the run's transaction all three share one connection.
  const pharmacy = await repo.pharmacy();
  const parties = await repo.parties(homeIds, doctorIds);
  const mandates = await repo.activeMandates(todo.map((b) => b.debtor.key));
  const recordOf = (debtor: Debtor): DebtorRecord | undefined => (debtor.homeId ? parties.homes.get(debtor.homeId) : debtor.doctorId ? parties.doctors.get(debtor.doctorId) : pharmacy);

  const year = Number(issuedOn.slice(0, 4));
  const first = await repo.reserveNumbers(year, todo.length);
  const dueOn = addDays(issuedOn, INVOICE_PAYMENT_DAYS);
  const rows: InvoiceInsert[] = todo.map((b, i) => {
    const record = recordOf(b.debtor);
    const name = record?.name || b.positions[0]!.party.name;
    const sums = totals(b.positions.map((p) => p.amount));
    const number = invoiceNumber(year, first + i);
    return {
      number,
      year,
      seq: first + i,
      kind: 'invoice',
      debtorKey: b.debtor.key,
      debtorType: b.debtor.role,
      homeId: b.debtor.homeId,
      doctorId: b.debtor.doctorId,
      // The customer number of the debtor's record, else the one its contracts carry.
      debtorNo: record?.debtorNo || b.positions[0]!.contractRef.slice(b.positions[0]!.contractRef.indexOf('_') + 1),
      debtorName: name,
      address: { company: record?.company || name, name, street: record?.street ?? '', postalCode: record?.postalCode ?? '', city: record?.city ?? '', email: record?.email ?? '' },
      withLogin: b.positions.some((p) => p.party.withLogin),
      period: period.from,
      issuedOn,
      dueOn,
      netCents: sums.net,
      vatCents: sums.vat,
      grossCents: sums.gross,
      vatPercent: INVOICE_VAT_PERCENT,
      status: 'unread',
      directDebit: mandates.has(b.debtor.key),
      fileName: fileNameOf(number),
      modifiedBy: createdBy,
    };
  });
  const inserted = await repo.insertInvoices(rows);
  const idOf = new Map(inserted.map((r) => [r.debtorKey, r.id]));
  const positions: InvoicePositionInsert[] = todo.flatMap((b) =>
    b.positions.map((p, sort) => ({
      invoiceId: idOf.get(b.debtor.key)!,
      sort,
      kind: p.kind,
      contractId: p.contractId,
      contractRef: p.contractRef,
      itemKey: p.itemKey,
      title: p.title,
      detail: p.detail,
      periodFrom: p.periodFrom,
      periodTo: p.periodTo,
      unitPrice: p.unitPrice,
      amount: p.amount,
      partyRole: p.party.role,
      partyHomeId: p.party.homeId,
      partyDoctorId: p.party.doctorId,
      partyName: p.party.name,
      partyDebtorNo: p.party.debtorNo,
      withLogin: p.party.withLogin,
      partyModifiedAt: p.party.modifiedAt,
    })),
  );
  await repo.insertPositions(positions);
  return { ids: todo.map((b) => idOf.get(b.debtor.key)!), numbers: rows.map((r) => r.number) };
}
