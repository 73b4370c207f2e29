import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HomeGroupRef, Role, UserSortField, UserStatusFilter } from '@mediport/contracts';
import { type Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type SeenSource, unseenBy } from '../../core/seen/unseen.js';
import { auditLog, doctors, homeGroups, homes, seenMarks, sessions, userHomeGroups, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;
export type UserInsert = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;

/** Entity kind of users in seen_marks / seen_watermarks. */
export const USER_SEEN_ENTITY = 'user' as const;

const creator = alias(users, 'creator');
const modifier = alias(users, 'modifier');

export interface UserListFilter {
  text?: string;
  roles?: Role[];
  home?: string;
  doctor?: string;
  /** Absent: active users only. */
  status?: Exclude<UserStatusFilter, ''>;
  notSeen?: boolean;
}

export interface UserListOptions extends ListQuery<UserSortField, UserListFilter> {
  viewerId: string;
  /** What the viewer may see: `userPolicy.where(auth, 'read')` (undefined: everything). */
  scope: SQL | undefined;
  /** Only these users (single-record reads). */
  ids?: string[];
}

export interface AuditWrite {
  actorId: string;
  action: string;
  meta?: Record<string, unknown>;
}

const SORT_COLUMNS = {
  username: sql`lower(${users.username})`,
  firstname: sql`lower(${users.firstname})`,
  lastname: sql`lower(${users.lastname})`,
  createdAt: users.createdAt,
  modifiedAt: users.modifiedAt,
} as const;

/** Users in the one "not seen" definition: the viewer's own record and users they created count as seen. */
export const USER_SEEN: SeenSource = {
  kind: USER_SEEN_ENTITY,
  id: users.id,
  createdAt: users.createdAt,
  createdBy: users.createdBy,
  seenAnyway: (viewerId) => eq(users.id, viewerId),
};

/** The user's living areas as a JSON list ordered by name, aggregated inside the user query (no N+1). */
function homeGroupsOfUser(): SQL<HomeGroupRef[]> {
  return sql<HomeGroupRef[]>`(select coalesce(json_agg(json_build_object('_id', ${homeGroups.id}, 'name', ${homeGroups.name}, 'home', ${homeGroups.homeId}) order by lower(${homeGroups.name}), ${homeGroups.id}), '[]'::json)
    from ${userHomeGroups} join ${homeGroups} on ${homeGroups.id} = ${userHomeGroups.homeGroupId} where ${userHomeGroups.userId} = ${users.id})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

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
      .select({
        user: users,
        homeGroups: homeGroupsOfUser(),
        createdFrom: { _id: creator.id, username: creator.username },
        modifiedFrom: { _id: modifier.id, username: modifier.username },
      })
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

  /** Another user (not `exceptId`) whose username equals this one, ignoring case. */
  async usernameTaken(username: string, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
    return !!row;
  }

  /** Those of `ids` that are living areas of the home. */
  async homeGroupsOfHome(ids: string[], homeId: string): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.db
      .select({ id: homeGroups.id })
      .from(homeGroups)
      .where(and(inArray(homeGroups.id, ids), eq(homeGroups.homeId, homeId)));
    return rows.map((r) => r.id);
  }

  /** The rows of the user list with home, living areas, doctor, actors and the viewer's seen state, in one query. */
  async list(q: UserListOptions) {
    const where = this.listWhere(q);
    const sortColumn = SORT_COLUMNS[q.sort.field];
    const rowsQuery = this.db
      .select({
        user: users,
        home: { _id: homes.id, name: homes.name },
        doctor: { _id: doctors.id, firstname: doctors.firstname, lastname: doctors.lastname, title: doctors.title, email: doctors.email },
        homeGroups: homeGroupsOfUser(),
        createdFrom: { _id: creator.id, username: creator.username },
        modifiedFrom: { _id: modifier.id, username: modifier.username },
        seen: sql<boolean>`not ${unseenBy(USER_SEEN, q.viewerId)}`.mapWith(Boolean),
      })
      .from(users)
      .leftJoin(homes, eq(homes.id, users.homeId))
      .leftJoin(doctors, eq(doctors.id, users.doctorId))
      .leftJoin(creator, eq(creator.id, users.createdBy))
      .leftJoin(modifier, eq(modifier.id, users.modifiedBy))
      .where(where)
      .orderBy(q.sort.desc ? desc(sortColumn) : asc(sortColumn), asc(users.id))
      .offset(q.offset)
      .limit(q.limit);
    const [rows, [total]] = await Promise.all([
      rowsQuery,
      this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** One user as the list shows it (same joins and seen state), or null. */
  async findListRow(id: string, viewerId: string) {
    const { rows } = await this.list({
      viewerId,
      scope: undefined,
      filter: { status: 'all' },
      sort: { field: 'username', desc: false },
      offset: 0,
      limit: 1,
      ids: [id],
    });
    return rows[0] ?? null;
  }

  private listWhere(q: UserListOptions): SQL | undefined {
    const f = q.filter;
    const conditions: (SQL | undefined)[] = [q.scope];
    if (q.ids) conditions.push(inArray(users.id, q.ids));
    if (f.status === undefined) conditions.push(ne(users.status, 'removed'));
    if (f.status === 'removed') conditions.push(eq(users.status, 'removed'));
    if (f.text) {
      const pattern = `%${escapeLike(f.text)}%`;
      conditions.push(or(ilike(users.username, pattern), ilike(users.firstname, pattern), ilike(users.lastname, pattern)));
    }
    if (f.roles?.length) conditions.push(sql`${users.roles} && array[${sql.join(f.roles.map((r) => sql`${r}`), sql`, `)}]::text[]`);
    if (f.home) conditions.push(eq(users.homeId, f.home));
    if (f.doctor) conditions.push(eq(users.doctorId, f.doctor));
    if (f.notSeen) conditions.push(unseenBy(USER_SEEN, q.viewerId));
    return and(...conditions);
  }

  /** Lookup lists of the user form, narrowed to the caller's own home / doctor when given. */
  async lookups(own: { homeId: string | null; doctorId: string | null } | null) {
    const [homeRows, groupRows, doctorRows] = await Promise.all([
      this.db
        .select({ _id: homes.id, name: homes.name })
        .from(homes)
        .where(own ? (own.homeId ? eq(homes.id, own.homeId) : sql`false`) : undefined)
        .orderBy(asc(sql`lower(${homes.name})`)),
      this.db
        .select({ _id: homeGroups.id, name: homeGroups.name, home: homeGroups.homeId })
        .from(homeGroups)
        .where(own ? (own.homeId ? eq(homeGroups.homeId, own.homeId) : sql`false`) : undefined)
        .orderBy(asc(sql`lower(${homeGroups.name})`), asc(homeGroups.id)),
      this.db
        .select({ _id: doctors.id, firstname: doctors.firstname, lastname: doctors.lastname, title: doctors.title, email: doctors.email })
        .from(doctors)
        .where(own ? (own.doctorId ? eq(doctors.id, own.doctorId) : sql`false`) : undefined)
        .orderBy(asc(sql`lower(${doctors.lastname})`), asc(sql`lower(${doctors.firstname})`)),
    ]);
    return { homes: homeRows, homeGroups: groupRows, doctors: doctorRows };
  }

  /** Creates the user with its living areas, marks it seen for its creator and writes the audit row, in one transaction. */
  async create(values: UserInsert, homeGroupIds: string[], audit: AuditWrite): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id });
      const id = row!.id;
      if (homeGroupIds.length) await tx.insert(userHomeGroups).values(homeGroupIds.map((homeGroupId) => ({ userId: id, homeGroupId })));
      await tx.insert(seenMarks).values({ entity: USER_SEEN_ENTITY, entityId: id, userId: audit.actorId }).onConflictDoNothing();
      await tx.insert(auditLog).values({ actorId: audit.actorId, action: audit.action, target: id, meta: audit.meta ?? {} });
      return id;
    });
  }

  /**
   * Saves a change with its audit rows; `homeGroupIds` (when given) replaces the user's living areas;
   * with `revokeSessions` the user's sessions end in the same transaction (password change,
   * deactivation), except `keepSessionId` (the caller's own).
   */
  async save(
    id: string,
    patch: UserPatch,
    audits: AuditWrite[],
    revokeSessions: { keepSessionId: string | null } | null,
    homeGroupIds?: string[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set(patch).where(eq(users.id, id));
      if (homeGroupIds) {
        await tx.delete(userHomeGroups).where(eq(userHomeGroups.userId, id));
        if (homeGroupIds.length) await tx.insert(userHomeGroups).values(homeGroupIds.map((homeGroupId) => ({ userId: id, homeGroupId })));
      }
      if (revokeSessions) {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.userId, id),
              isNull(sessions.revokedAt),
              revokeSessions.keepSessionId ? ne(sessions.id, revokeSessions.keepSessionId) : undefined,
            ),
          );
      }
      for (const a of audits) await tx.insert(auditLog).values({ actorId: a.actorId, action: a.action, target: id, meta: a.meta ?? {} });
    });
  }

  /** Marks one user as seen by the viewer ("neu" badge gone). */
  async markSeen(id: string, viewerId: string): Promise<void> {
    await this.db.insert(seenMarks).values({ entity: USER_SEEN_ENTITY, entityId: id, userId: viewerId }).onConflictDoNothing();
  }
}
