import { Inject, Injectable } from '@nestjs/common';
import { and, isNull, asc, desc, eq, getTableColumns, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { HomeGroupRef, Role, UserSortField, UserStatusFilter } from '@mediport/contracts';
import { type Database } from '../../core/db/database.js';
import { assignmentActive } from '../../core/auth/assignment-active.js';
import { DB } from '../../core/db/db.module.js';
import { jsonRow, jsonRowFrom } from '../../core/db/json-row.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type SeenSource, unseenBy } from '../../core/seen/unseen.js';
import { doctors, homeGroups, homes, userHomeGroups, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;
export type UserInsert = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;

/** Entity kind of users in seen_marks / seen_watermarks. */
export const USER_SEEN_ENTITY = 'user' as const;

const CREATOR = 'creator';
const MODIFIER = 'modifier';
const creator = alias(users, CREATOR);
const modifier = alias(users, MODIFIER);

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
  /** False: no total needed (single-record reads); `count` is then the number of rows. */
  withCount?: boolean;
}

/** The user columns the list shows: every column but the password hash. */
const { passwordHash: _passwordHash, ...LIST_USER_COLUMNS } = getTableColumns(users);
export type UserListUser = Omit<UserRow, 'passwordHash'>;

/** One row of the user list as the repository answers it. */
export interface UserListRecord {
  user: UserListUser;
  home: { _id: string | null; name: string | null } | null;
  doctor: { _id: string | null; firstname: string | null; lastname: string | null; title: string | null; email: string | null } | null;
  homeGroups: HomeGroupRef[];
  createdFrom: { _id: string | null; username: string | null } | null;
  modifiedFrom: { _id: string | null; username: string | null } | null;
  seen: boolean;
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

/**
 * The user's living areas as a JSON list ordered by name, aggregated inside the user query (no N+1).
 * Nested in a second `sql`: in a select from one table Drizzle writes the columns found directly in
 * a field's SQL without their table, and these must stay qualified.
 */
function homeGroupsOfUser(): SQL<HomeGroupRef[]> {
  const subquery = sql`(select coalesce(json_agg(json_build_object('_id', ${homeGroups.id}, 'name', ${homeGroups.name}, 'home', ${homeGroups.homeId}) order by lower(${homeGroups.name}), ${homeGroups.id}), '[]'::json)
    from ${userHomeGroups} join ${homeGroups} on ${homeGroups.id} = ${userHomeGroups.homeGroupId} where ${userHomeGroups.userId} = ${users.id})`;
  return sql<HomeGroupRef[]>`${subquery}`;
}

/**
 * The list's fields that do not depend on the request, built once. Each group is one JSON field
 * (8 fields per row instead of 36), and the related rows are subqueries, not joins: planned in a
 * fraction of the time, run for the page's rows only (see core/db/json-row.ts).
 */
const LIST_FIELDS = {
  user: jsonRow(LIST_USER_COLUMNS),
  home: jsonRowFrom({ _id: homes.id, name: homes.name }, sql`${homes} where ${homes.id} = ${users.homeId}`),
  doctor: jsonRowFrom(
    { _id: doctors.id, firstname: doctors.firstname, lastname: doctors.lastname, title: doctors.title, email: doctors.email },
    sql`${doctors} where ${doctors.id} = ${users.doctorId}`,
  ),
  homeGroups: homeGroupsOfUser(),
  // Inside these, "users" is the listed user: the subquery's own row goes by its alias.
  createdFrom: jsonRowFrom({ _id: creator.id, username: creator.username }, sql`${users} ${sql.identifier(CREATOR)} where ${creator.id} = ${users.createdBy}`),
  modifiedFrom: jsonRowFrom({ _id: modifier.id, username: modifier.username }, sql`${users} ${sql.identifier(MODIFIER)} where ${modifier.id} = ${users.modifiedBy}`),
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

@Injectable()
export class UsersRepository {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Case-insensitive lookup (served by the unique index on lower(username)). */
  async findByUsername(username: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row ?? null;
  }

  /** The user for sign-in, with whether their doctor and home are active (case-insensitive name). */
  async findForLogin(username: string): Promise<(UserRow & { assignmentActive: boolean }) | null> {
    const [row] = await this.db
      .select({ user: users, assignmentActive: assignmentActive().mapWith(Boolean) })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1);
    return row ? { ...row.user, assignmentActive: row.assignmentActive } : null;
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

  /**
   * The rows of the user list with home, living areas, doctor, actors, the viewer's seen state and
   * the total count, in one statement: the count is an uncorrelated subquery PostgreSQL computes
   * once. Only a page past the end (no rows to carry it) asks for the count separately.
   */
  async list(q: UserListOptions): Promise<{ rows: UserListRecord[]; count: number }> {
    const where = this.listWhere(q);
    const sortColumn = SORT_COLUMNS[q.sort.field];
    const total = sql<number>`(select count(*) from ${users} where ${where ?? sql`true`})`.mapWith(Number);
    const rows = await this.db
      .select({
        ...LIST_FIELDS,
        seen: sql<boolean>`not ${unseenBy(USER_SEEN, q.viewerId)}`.mapWith(Boolean),
        ...(q.withCount === false ? {} : { total }),
      })
      .from(users)
      .where(where)
      .orderBy(q.sort.desc ? desc(sortColumn) : asc(sortColumn), asc(users.id))
      .offset(q.offset)
      .limit(q.limit);
    if (q.withCount === false) return { rows, count: rows.length };
    const first = rows[0] as { total?: number } | undefined;
    if (first?.total !== undefined) return { rows, count: first.total };
    if (q.offset === 0) return { rows, count: 0 };
    const [counted] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(where);
    return { rows, count: counted?.n ?? 0 };
  }

  /** One user as the list shows it (same joins and seen state), or null. */
  async findListRow(id: string, viewerId: string): Promise<UserListRecord | null> {
    const { rows } = await this.list({
      viewerId,
      scope: undefined,
      filter: { status: 'all' },
      sort: { field: 'username', desc: false },
      offset: 0,
      limit: 1,
      ids: [id],
      withCount: false,
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

  /** Lookup lists of the user form (active homes and doctors only), narrowed to the caller's own home / doctor when given. */
  async lookups(own: { homeId: string | null; doctorId: string | null } | null) {
    const [homeRows, groupRows, doctorRows] = await Promise.all([
      this.db
        .select({ _id: homes.id, name: homes.name })
        .from(homes)
        .where(and(isNull(homes.deactivatedAt), own ? (own.homeId ? eq(homes.id, own.homeId) : sql`false`) : undefined))
        .orderBy(asc(sql`lower(${homes.name})`)),
      this.db
        .select({ _id: homeGroups.id, name: homeGroups.name, home: homeGroups.homeId })
        .from(homeGroups)
        .where(own ? (own.homeId ? eq(homeGroups.homeId, own.homeId) : sql`false`) : undefined)
        .orderBy(asc(sql`lower(${homeGroups.name})`), asc(homeGroups.id)),
      this.db
        .select({ _id: doctors.id, firstname: doctors.firstname, lastname: doctors.lastname, title: doctors.title, email: doctors.email })
        .from(doctors)
        .where(and(isNull(doctors.deactivatedAt), own ? (own.doctorId ? eq(doctors.id, own.doctorId) : sql`false`) : undefined))
        .orderBy(asc(sql`lower(${doctors.lastname})`), asc(sql`lower(${doctors.firstname})`)),
    ]);
    return { homes: homeRows, homeGroups: groupRows, doctors: doctorRows };
  }

  /** Creates the user with its living areas (atomically; inside the caller's unit of work when one is open). */
  async create(values: UserInsert, homeGroupIds: string[]): Promise<string> {
    return this.unitOfWork.run(async () => {
      const [row] = await this.db.insert(users).values(values).returning({ id: users.id });
      const id = row!.id;
      if (homeGroupIds.length) await this.db.insert(userHomeGroups).values(homeGroupIds.map((homeGroupId) => ({ userId: id, homeGroupId })));
      return id;
    });
  }

  /** Saves a change; `homeGroupIds` (when given) replaces the user's living areas, atomically with it. */
  async save(id: string, patch: UserPatch, homeGroupIds?: string[]): Promise<void> {
    await this.unitOfWork.run(async () => {
      await this.db.update(users).set(patch).where(eq(users.id, id));
      if (homeGroupIds) {
        await this.db.delete(userHomeGroups).where(eq(userHomeGroups.userId, id));
        if (homeGroupIds.length) await this.db.insert(userHomeGroups).values(homeGroupIds.map((homeGroupId) => ({ userId: id, homeGroupId })));
      }
    });
  }
}
