import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './doctors.js';
import { homes } from './homes.js';

/**
 * Contracts of a home or a doctor (minimal: what the rights need; billing is not built yet). A contract in state
 * 'active' unlocks the `_required_contract` permissions of the home's / doctor's users.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id').references(() => homes.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    state: text('state').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contracts_home_idx').on(t.homeId, t.state), index('contracts_doctor_idx').on(t.doctorId, t.state)],
);
