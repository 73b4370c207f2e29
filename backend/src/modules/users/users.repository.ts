import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { doctors, homes, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;

const creator = alias(users, 'creator');
const modifier = alias(users, 'modifier');

@Injectable()
export class UsersRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Case-insensitive lookup (served by the unique index on lower(username)). */
  async findByUsername(username: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row ?? null;
  }

  async findById(id: string): Promise<UserRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** The user with the usernames of whoever created and last modified the record. */
  async findWithActors(id: string) {
    const [row] = await this.db
      .select({ user: users, createdFrom: { _id: creator.id, username: creator.username }, modifiedFrom: { _id: modifier.id, username: modifier.username } })
      .from(users)
      .leftJoin(creator, eq(creator.id, users.createdBy))
      .leftJoin(modifier, eq(modifier.id, users.modifiedBy))
      .where(eq(users.id, id))
      .limit(1);
    return row ?? null;
  }

  async update(id: string, patch: UserPatch): Promise<void> {
    await this.db.update(users).set(patch).where(eq(users.id, id));
  }

  async homeRef(id: string) {
    const [row] = await this.db.select({ _id: homes.id, name: homes.name }).from(homes).where(eq(homes.id, id)).limit(1);
    return row ?? null;
  }

  async doctorRef(id: string) {
    const [row] = await this.db
      .select({ _id: doctors.id, firstname: doctors.firstname, lastname: doctors.lastname, title: doctors.title, email: doctors.email })
      .from(doctors)
      .where(eq(doctors.id, id))
      .limit(1);
    return row ?? null;
  }
}
