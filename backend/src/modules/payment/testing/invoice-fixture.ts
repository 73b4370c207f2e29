import type { Database } from '../../../core/db/database.js';
import { invoices } from '../../../db/schema/index.js';

let seq = 0;

/**
 * An invoice written straight to the database (the billing run is the invoices module's; these
 * specs need invoices of chosen debtors, months, amounts and states). Numbers RE-2099-9xxxxx never
 * meet the run's own.
 */
export async function insertInvoice(
  db: Database,
  values: {
    debtor: { type: 'pharma' } | { type: 'homes'; homeId: string } | { type: 'doctors'; doctorId: string };
    name: string;
    period: string;
    /** The issue date; the period's first day unless given. */
    issuedOn?: string;
    grossCents: number;
    status?: 'unread' | 'open' | 'pending' | 'paid' | 'canceled';
    kind?: 'invoice' | 'credit_note';
    dueOn?: string;
    fileId?: string | null;
    number?: string;
  },
): Promise<{ id: string; number: string }> {
  seq += 1;
  const number = values.number ?? `RE-2099-${String(900000 + seq)}`;
  const d = values.debtor;
  const [row] = await db
    .insert(invoices)
    .values({
      number,
      year: Number(number.slice(3, 7)),
      seq: Number(number.slice(8)),
      kind: values.kind ?? 'invoice',
      debtorKey: d.type === 'pharma' ? 'pharma' : d.type === 'homes' ? `home:${d.homeId}` : `doctor:${d.doctorId}`,
      debtorType: d.type,
      homeId: d.type === 'homes' ? d.homeId : null,
      doctorId: d.type === 'doctors' ? d.doctorId : null,
      debtorName: values.name,
      address: { company: values.name, name: values.name, street: 'Weg 1', postalCode: '10115', city: 'Berlin', email: 'rechnung@example.org' },
      period: values.period,
      issuedOn: values.issuedOn ?? values.period,
      dueOn: values.dueOn ?? values.period,
      netCents: Math.round(values.grossCents / 1.19),
      vatCents: values.grossCents - Math.round(values.grossCents / 1.19),
      grossCents: values.grossCents,
      status: values.status ?? 'unread',
      fileId: values.fileId ?? null,
      fileName: `${number}.pdf`,
    })
    .returning({ id: invoices.id, number: invoices.number });
  return row!;
}
