import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Metadata of every stored file (logos, avatars, profile documents, attachments). The bytes live
 * in the FileStore under a generated key; the user-supplied name is metadata only.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull().default(''),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_created_by_idx').on(t.createdBy)],
);

/**
 * Documents placed in a user's profile (e.g. terms to accept). `decision` is '' (open),
 * 'accepted' or 'reject'; the API shows it as the spec's brace prefix `{accepted}name`.
 */
export const profileDocuments = pgTable(
  'profile_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    decision: text('decision').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_documents_user_idx').on(t.userId, t.name)],
);
