import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctors } from './doctors.js';
import { homes } from './homes.js';
import { users } from './users.js';

/**
 * Webinars / appointments booked as contract options. Keyed by the
 * contract and option id the API uses; `date` null means the meeting is still being planned.
 * `homeId` / `doctorId` name the contract's party: the meeting is theirs (plus pharmacy and admins).
 */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: text('contract_id').notNull(),
    optionId: text('option_id').notNull(),
    homeId: uuid('home_id').references(() => homes.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    company: text('company').notNull().default(''),
    title: text('title').notNull().default(''),
    type: text('type').notNull().default('webinar'),
    date: date('date'),
    time: text('time'),
    system: text('system'),
    url: text('url').notNull().default(''),
    info: text('info').notNull().default(''),
    description: text('description').notNull().default(''),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references(() => users.id),
  },
  (t) => [uniqueIndex('meetings_contract_option_idx').on(t.contractId, t.optionId), index('meetings_date_idx').on(t.date), index('meetings_home_idx').on(t.homeId), index('meetings_doctor_idx').on(t.doctorId)],
);
