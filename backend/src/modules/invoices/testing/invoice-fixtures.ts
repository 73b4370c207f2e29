import type { NestExpressApplication } from '@nestjs/platform-express';
import { eq } from 'drizzle-orm';
import { invoiceNumber } from '@mediport/contracts/invoices';
import type { Database } from '../../../core/db/database.js';
import { DB } from '../../../core/db/db.module.js';
import { invoicePositions, invoices } from '../../../db/schema/index.js';
import { fileNameOf } from '../invoice-model.js';
import { InvoicesRepository } from '../invoices.repository.js';

/** Test invoices written straight to the database (numbers of the year 2099, taken from its counter). */

export interface InvoiceFixture {
  home?: string | null;
  doctor?: string | null;
  name?: string;
  status?: 'unread' | 'open' | 'pending' | 'paid' | 'canceled';
  kind?: 'invoice' | 'credit_note';
  month?: string;
  net?: number;
  /** Proof rows: party name and amount. */
  parties?: { name: string; amount: number; home?: string | null; doctor?: string | null }[];
}

let monthSeq = 0;

/** An invoice to the home, the doctor or (neither) the pharmacy; answers its id, number and file name. */
export async function addInvoice(app: NestExpressApplication, values: InvoiceFixture = {}): Promise<{ id: string; number: string; path: string }> {
  const db = app.get<Database>(DB, { strict: false });
  const repo = app.get(InvoicesRepository);
  const seq = await repo.reserveNumbers(2099, 1);
  const number = invoiceNumber(2099, seq);
  const home = values.home ?? null;
  const doctor = values.doctor ?? null;
  const role = home ? 'homes' : doctor ? 'doctors' : 'pharma';
  const parties = values.parties ?? [{ name: values.name ?? 'Probe', amount: values.net ?? 5900, home, doctor }];
  const net = parties.reduce((s, p) => s + p.amount, 0);
  // Each fixture of a debtor gets a month of its own (one invoice per debtor and month).
  monthSeq += 1;
  const period = values.month ? `${values.month}-01` : `${2000 + Math.floor(monthSeq / 12)}-${String((monthSeq % 12) + 1).padStart(2, '0')}-01`;
  const [row] = await db
    .insert(invoices)
    .values({
      number,
      year: 2099,
      seq,
      kind: values.kind ?? 'invoice',
      debtorKey: home ? `home:${home}` : doctor ? `doctor:${doctor}` : 'pharma',
      debtorType: role,
      homeId: home,
      doctorId: doctor,
      debtorNo: 'FX-1',
      debtorName: values.name ?? 'Probe',
      address: { company: values.name ?? 'Probe', name: values.name ?? 'Probe', street: 'Weg 1', postalCode: '10115', city: 'Berlin', email: 'probe@example.de' },
      withLogin: true,
      period,
      issuedOn: '2099-01-01',
      dueOn: '2099-01-15',
      netCents: net,
      vatCents: Math.round(net * 0.19),
      grossCents: net + Math.round(net * 0.19),
      status: values.status ?? 'unread',
      fileName: fileNameOf(number),
    })
    .returning({ id: invoices.id });
  await db.insert(invoicePositions).values(
    parties.map((p, sort) => ({
      invoiceId: row!.id,
      sort,
      kind: 'package' as const,
      contractRef: `9${sort}_FX-1`,
      title: 'Paket Basis',
      detail: 'monatlich',
      periodFrom: period,
      periodTo: period,
      unitPrice: p.amount,
      amount: p.amount,
      partyRole: p.home ? ('homes' as const) : p.doctor ? ('doctors' as const) : ('pharma' as const),
      partyHomeId: p.home ?? null,
      partyDoctorId: p.doctor ?? null,
      partyName: p.name,
      partyDebtorNo: 'FX-P',
      withLogin: true,
      partyModifiedAt: new Date('2099-01-01T09:00:00Z'),
    })),
  );
  return { id: row!.id, number, path: fileNameOf(number) };
}

export async function invoiceRow(app: NestExpressApplication, id: string) {
  const [row] = await app.get<Database>(DB, { strict: false }).select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

