import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { doctorOffices, doctors } from './doctors.js';
import { homes } from './homes.js';
import { users } from './users.js';

/**
 * Monthly backup archives (ZIP) of a home, a practice or a doctor without a practice: exactly one
 * of `homeId`, `officeId`, `doctorId` is set, and `ownerKey` names it in one column ('home:<id>',
 * 'office:<id>', 'doctor:<id>'). `name` is the public, generated name the download takes; the
 * bytes lie under `storageKey` (generated) below DATA_DIR/files/backups. `status` is 'new' until
 * one of the owner's users downloads it, then 'downloaded'.
 */
export const backupArchives = pgTable(
  'backup_archives',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerKey: text('owner_key').notNull(),
    homeId: uuid('home_id').references(() => homes.id),
    officeId: uuid('office_id').references(() => doctorOffices.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    /** The archived month, YYYY-MM. */
    month: text('month').notNull(),
    name: text('name').notNull(),
    original: text('original').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    downloadedBy: uuid('downloaded_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('backup_archives_owner_month_idx').on(t.ownerKey, t.month),
    uniqueIndex('backup_archives_name_idx').on(t.name),
    index('backup_archives_home_idx').on(t.homeId, t.month),
    index('backup_archives_office_idx').on(t.officeId, t.month),
    index('backup_archives_doctor_idx').on(t.doctorId, t.month),
    // The retention sweep pages through the months before a cut-off in (month, id) order.
    index('backup_archives_month_idx').on(t.month, t.id),
    check('backup_archives_month_chk', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('backup_archives_one_owner_chk', sql`num_nonnulls(${t.homeId}, ${t.officeId}, ${t.doctorId}) = 1`),
  ],
);
