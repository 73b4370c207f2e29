import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Snippet } from '@mediport/contracts';
import { doctors } from './doctors.js';
import { homes } from './homes.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    homeId: uuid('home_id').references(() => homes.id),
    doctorId: uuid('doctor_id').references(() => doctors.id),
    oncePassword: boolean('once_password').notNull().default(false),
    /** '' active, 'new' saved from the newer user form (active), 'removed' deactivated. */
    status: text('status').notNull().default(''),
    salutation: text('salutation').notNull().default(''),
    title: text('title').notNull().default(''),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('Deutschland'),
    avatar: text('avatar'),
    chargeable: smallint('chargeable').notNull().default(0),
    snippets: jsonb('snippets').$type<Snippet[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references((): AnyPgColumn => users.id),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_home_idx').on(t.homeId),
    index('users_doctor_idx').on(t.doctorId),
    index('users_status_idx').on(t.status),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Failed sign-in attempts per username and client address, kept in the database so every
 * instance sees them. Throttling counts per (username, address) and per address, never per
 * username alone, so nobody can lock a real user out from elsewhere.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usernameKey: text('username_key').notNull(),
    address: text('address').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.usernameKey, t.address, t.at), index('login_failures_address_at_idx').on(t.address, t.at)],
);
