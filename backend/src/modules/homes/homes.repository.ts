import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HomeGroupDto, HomeSortField } from '@mediport/contracts';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type CommonListFilter, type ListSource, qualified, runList, seenColumn } from '../../core/http/list.js';
import type { SeenSource } from '../../core/seen/unseen.js';
import { BERLIN_TODAY, hasContractSql } from '../../core/permissions/contract-rights.js';
import { homeGroups, homes, patients, users } from '../../db/schema/index.js';

export type HomeRow = typeof homes.$inferSelect;
export type HomeInsert = Omit<typeof homes.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;
export type HomePatch = Partial<Omit<typeof homes.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;
export type HomeGroupRow = typeof homeGroups.$inferSelect;

/** Homes in the one "not seen" definition: a home one created counts as seen. */
export const HOME_SEEN: SeenSource = { kind: 'home', id: homes.id, createdAt: homes.createdAt, createdBy: homes.createdBy };

/** An active user belongs to the home (spec: withLogin). */
const WITH_LOGIN = sql<boolean>`exists (select 1 from ${users} u where u.home_id = ${qualified(homes.id)} and u.status <> 'removed')`.mapWith(Boolean);
/** The home has a contract (spec: canSendTasks derives from it). */
const HAS_CONTRACT = hasContractSql({ home: qualified(homes.id) }, BERLIN_TODAY).mapWith(Boolean);

/** Active patients in a living area. */
const GROUP_PATIENTS = sql<number>`(select count(*) from ${patients} p where p.home_group_id = ${qualified(homeGroups.id)} and p.deactivated_at is null)`.mapWith(Number);

/** The home's living areas by name with their active patients, aggregated inside the home query (no N+1). */
const HOME_GROUPS = sql<HomeGroupDto[]>`(select coalesce(json_agg(json_build_object('_id', g.id, 'name', g.name, 'home', g.home_id,
    'patients', (select count(*) from ${patients} p where p.home_group_id = g.id and p.deactivated_at is null)::int)
    order by lower(g.name), g.id), '[]'::json)
  from ${homeGroups} g where g.home_id = ${qualified(homes.id)})`;

const creator = alias(users, 'home_creator');
const modifier = alias(users, 'home_modifier');

export const HOME_LIST: ListSource<HomeSortField> = {
  table: homes,
  id: homes.id,
  sort: { name: sql`lower(${homes.name})`, city: sql`lower(${homes.city})`, createdAt: homes.createdAt, modifiedAt: homes.modifiedAt },
  tieBreak: [sql`lower(${homes.name})`],
  search: homes.name,
  seen: HOME_SEEN,
  deactivatedAt: homes.deactivatedAt,
};

export interface HomeListOptions {
  query: ListQuery<HomeSortField, CommonListFilter>;
  viewerId: string;
  /** homePolicy.where(auth, 'read'). */
  scope: SQL | undefined;
  ids?: string[];
}

@Injectable()
export class HomesRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  list(options: HomeListOptions) {
    return runList(this.db, HOME_LIST, options, (plan) =>
      this.db
        .select({
          home: homes,
          homeGroups: HOME_GROUPS,
          withLogin: WITH_LOGIN,
          canSendTasks: HAS_CONTRACT,
          createdFrom: { _id: creator.id, username: creator.username },
          modifiedFrom: { _id: modifier.id, username: modifier.username },
          seen: seenColumn(HOME_SEEN, options.viewerId),
        })
        .from(homes)
        .leftJoin(creator, eq(creator.id, homes.createdBy))
        .leftJoin(modifier, eq(modifier.id, homes.modifiedBy))
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .offset(plan.offset)
        .limit(plan.limit),
    );
  }

  async findRow(id: string, viewerId: string) {
    const { rows } = await this.list({ query: { offset: 0, limit: 1, sort: { field: 'name', desc: false }, filter: {} }, viewerId, scope: undefined, ids: [id] });
    return rows[0] ?? null;
  }

  /** The home with whether it has a contract (for the policy), or null. */
  async findById(id: string): Promise<(HomeRow & { hasContract: boolean }) | null> {
    const [row] = await this.db.select({ home: homes, hasContract: HAS_CONTRACT }).from(homes).where(eq(homes.id, id)).limit(1);
    return row ? { ...row.home, hasContract: row.hasContract } : null;
  }

  async create(values: HomeInsert): Promise<string> {
    const [row] = await this.db.insert(homes).values(values).returning({ id: homes.id });
    return row!.id;
  }

  async save(id: string, patch: HomePatch): Promise<void> {
    await this.db.update(homes).set(patch).where(eq(homes.id, id));
  }

  /** The users assigned to the home (their sessions end when it is deactivated). */
  async userIds(id: string): Promise<string[]> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.homeId, id));
    return rows.map((r) => r.id);
  }

  // ---- living areas ----

  /** The home's living areas by name, with their active patients. */
  async groups(homeId: string): Promise<HomeGroupDto[]> {
    return this.db
      .select({ _id: homeGroups.id, name: homeGroups.name, home: homeGroups.homeId, patients: GROUP_PATIENTS })
      .from(homeGroups)
      .where(eq(homeGroups.homeId, homeId))
      .orderBy(asc(sql`lower(${homeGroups.name})`), asc(homeGroups.id));
  }

  async group(groupId: string): Promise<HomeGroupDto | null> {
    const [row] = await this.db
      .select({ _id: homeGroups.id, name: homeGroups.name, home: homeGroups.homeId, patients: GROUP_PATIENTS })
      .from(homeGroups)
      .where(eq(homeGroups.id, groupId))
      .limit(1);
    return row ?? null;
  }

  /** Another living area of the home (not `exceptId`) with this name, ignoring case. */
  async groupNameTaken(homeId: string, name: string, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: homeGroups.id })
      .from(homeGroups)
      .where(and(eq(homeGroups.homeId, homeId), sql`lower(${homeGroups.name}) = lower(${name})`, exceptId ? ne(homeGroups.id, exceptId) : undefined))
      .limit(1);
    return !!row;
  }

  async createGroup(homeId: string, name: string): Promise<string> {
    const [row] = await this.db.insert(homeGroups).values({ homeId, name }).returning({ id: homeGroups.id });
    return row!.id;
  }

  async renameGroup(groupId: string, name: string): Promise<void> {
    await this.db.update(homeGroups).set({ name, modifiedAt: new Date() }).where(eq(homeGroups.id, groupId));
  }

  /**
   * Locks the living area's row until the unit of work ends: a concurrent assignment of a patient
   * (whose foreign key needs a share lock on it) waits, so a check for its patients stays true.
   */
  async lockGroup(groupId: string): Promise<void> {
    await this.db.select({ id: homeGroups.id }).from(homeGroups).where(eq(homeGroups.id, groupId)).for('update');
  }

  /** Deletes the living area (its user assignments and patients are their modules' to release first). */
  async deleteGroup(groupId: string): Promise<void> {
    await this.db.delete(homeGroups).where(eq(homeGroups.id, groupId));
  }
}
