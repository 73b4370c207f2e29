import { hash } from '@node-rs/argon2';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { asc, eq } from 'drizzle-orm';
import type { AuthRecord, Role } from '@mediport/contracts';
import type { ContractRuntime, ContractState, ContractType, PackageType } from '@mediport/contracts/shop';
import type { Database } from '../../../core/db/database.js';
import { DB } from '../../../core/db/db.module.js';
import { contractItems, contracts, doctors, homes, outboxMessages, users } from '../../../db/schema/index.js';
import { login } from '../../../testing/test-app.js';

/** Test records of the contract specs: parties, their users and contracts written straight to the database. */

export const FIXTURE_PASSWORD = 'Vertrag#Probe2031!';
let passwordHash: string | null = null;
let seq = 0;

export function databaseOf(app: NestExpressApplication): Database {
  return app.get(DB, { strict: false });
}

export async function addUser(app: NestExpressApplication, values: { username: string; roles: Role[]; homeId?: string | null; doctorId?: string | null; firstname?: string; lastname?: string }): Promise<AuthRecord> {
  passwordHash ??= await hash(FIXTURE_PASSWORD);
  await databaseOf(app)
    .insert(users)
    .values({ passwordHash, firstname: 'Test', lastname: values.username, ...values, homeId: values.homeId ?? null, doctorId: values.doctorId ?? null });
  return login(app, values.username, FIXTURE_PASSWORD);
}

export async function addHome(app: NestExpressApplication, name: string, values: { email?: string; debtorId?: string } = {}): Promise<string> {
  const [row] = await databaseOf(app)
    .insert(homes)
    .values({ name, email: values.email ?? `info@${name.toLowerCase().replace(/\W+/g, '-')}.de`, debtorId: values.debtorId ?? '', street: 'Weg 1', postalCode: '10115', city: 'Berlin', fax: '030 1' })
    .returning({ id: homes.id });
  return row!.id;
}

export async function addDoctor(app: NestExpressApplication, lastname: string, values: { email?: string; debtorId?: string } = {}): Promise<string> {
  const [row] = await databaseOf(app)
    .insert(doctors)
    .values({ title: 'Dr.', firstname: 'Test', lastname, email: values.email ?? `praxis@${lastname.toLowerCase()}.de`, debtorId: values.debtorId ?? '' })
    .returning({ id: doctors.id });
  return row!.id;
}

export interface ContractFixture {
  contractNo?: number;
  debtorId?: string;
  type?: ContractType;
  homeId?: string | null;
  doctorId?: string | null;
  state?: ContractState;
  runtime?: ContractRuntime;
  productType?: PackageType;
  basePrice?: number;
  startedOn?: string;
  validFrom?: string | null;
  validTo?: string | null;
  withLogin?: boolean;
  /** Options: product name, interval and price (cents). */
  items?: { key: string; interval: '1 month' | '12 months' | 'once'; price: number; required?: boolean; bookedAt?: Date }[];
}

/** A contract (booked, yearly from 1 January 2031, with login, paid by the pharmacy unless said otherwise); answers its `_id`. */
export async function addContract(app: NestExpressApplication, values: ContractFixture = {}): Promise<string> {
  seq += 1;
  const { items = [], ...rest } = values;
  const row = {
    contractNo: 700_000 + seq,
    debtorId: 'T-1',
    type: 'ROLE_PHARMA' as ContractType,
    state: 'booked' as ContractState,
    runtime: 'year' as ContractRuntime,
    productType: 'basic' as PackageType,
    basePrice: 5900,
    startedOn: '2031-01-01',
    validFrom: '2031-01-01',
    validTo: '2031-12-31',
    withLogin: true,
    ...rest,
  };
  const [inserted] = await databaseOf(app).insert(contracts).values(row).returning({ id: contracts.id });
  if (items.length) {
    await databaseOf(app)
      .insert(contractItems)
      .values(items.map((i) => ({ contractId: inserted!.id, itemKey: i.key, product: i.key, title: `Option ${i.key}`, interval: i.interval, price: i.price, required: i.required ?? false, bookedAt: i.bookedAt ?? new Date('2031-01-01T09:00:00Z') })));
  }
  return `${row.contractNo}_${row.debtorId}`;
}

/** The stored row of a contract by its `_id`. */
export async function contractRow(app: NestExpressApplication, id: string) {
  const [no, debtor] = [Number(id.slice(0, id.indexOf('_'))), id.slice(id.indexOf('_') + 1)];
  const rows = await databaseOf(app).select().from(contracts).where(eq(contracts.contractNo, no));
  return rows.find((r) => r.debtorId === debtor) ?? null;
}

/** The e-mails in the outbox about contracts. */
export async function contractMails(app: NestExpressApplication) {
  return (await databaseOf(app).select().from(outboxMessages).where(eq(outboxMessages.referenceKind, 'contract')).orderBy(asc(outboxMessages.createdAt))).map((m) => m.payload as { to: string[]; subject: string; text: string });
}
