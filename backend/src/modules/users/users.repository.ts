import { Inject, Injectable } from '@nestjs/common';
import { and, eq, getTableColumns, getTableName, ne, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { type DoctorRef, type HomeGroupRef, type HomeRef, personName, type Role, type UserActorRef, type UserSortField, type UserStatusFilter } from '@mediport/contracts';
import { type Database } from '../../core/db/database.js';
import { assignmentActive } from '../../core/auth/assignment-active.js';
import { DB } from '../../core/db/db.module.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import type { ListQuery } from '../../core/http/list-query.js';
import { type CommonListFilter, listSelection, type ListSource, qualified, runListInOneStatement, seenColumn } from '../../core/http/list.js';
import type { SeenSource } from '../../core/seen/unseen.js';
import { userHomeGroups, users } from '../../db/schema/index.js';
import { doctorRefSql } from '../doctors/doctors.sql.js';
import { homeGroupRefsSql, homeRefSql } from '../homes/homes.sql.js';

export type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'createdBy'>>;
export type UserInsert = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;

/** Entity kind of users in seen_marks / seen_watermarks. */
export const USER_SEEN_ENTITY = 'user' as const;

const CREATOR = 'creator';
const MODIFIER = 'modifier';
const creator = alias(users, CREATOR);
const modifier = alias(users, MODIFIER);

export interface UserListFilter extends CommonListFilter {
  roles?: Role[];
  home?: string;
  doctor?: string;
  /** Absent: active users only. */
  status?: Exclude<UserStatusFilter, ''>;
}

export interface UserListOptions {
  query: ListQuery<UserSortField, UserListFilter>;
  viewerId: string;
  /** What the viewer may see: `userPolicy.where(auth, 'read')` (undefined: everything). */
  scope: SQL | undefined;
  /** Only these users (single-record reads). */
  ids?: string[];
}

/** The user columns the list shows: every column but the password hash. */
const { passwordHash: _passwordHash, ...LIST_USER_COLUMNS } = getTableColumns(users);
export type UserListUser = Omit<UserRow, 'passwordHash'>;

/** One row of the user list as the repository answers it. */
export interface UserListRecord {
  user: UserListUser;
  home: HomeRef | null;
  doctor: DoctorRef | null;
  homeGroups: HomeGroupRef[];
  createdFrom: UserActorRef | null;
  modifiedFrom: UserActorRef | null;
  seen: boolean;
}

/** The columns of a creating / changing user as read (all null when the record names nobody). */
interface ActorColumns {
  _id: string | null;
  username: string | null;
  firstname: string | null;
  lastname: string | null;
}

/** The actor as the API shows it: account and person's name; null when there is none. */
function userActor(a: ActorColumns | null): UserActorRef | null {
  if (!a?._id || a.username === null) return null;
  return { _id: a._id, username: a.username, name: personName({ username: a.username, firstname: a.firstname ?? '', lastname: a.lastname ?? '' }) };
}

/** Users in the one "not seen" definition: the viewer's own record and users they created count as seen. */
export const USER_SEEN: SeenSource = {
  kind: USER_SEEN_ENTITY,
  id: users.id,
  createdAt: users.createdAt,
  createdBy: users.createdBy,
  seenAnyway: (viewerId) => eq(users.id, viewerId),
};

/** The user list in the one list layer: `filter[text]` finds the whole text in username, first or last name. */
export const USER_LIST: ListSource<UserSortField> = {
  table: users,
  id: users.id,
  sort: {
    username: sql`lower(${users.username})`,
    firstname: sql`lower(${users.firstname})`,
    lastname: sql`lower(${users.lastname})`,
    createdAt: users.createdAt,
    modifiedAt: users.modifiedAt,
  },
  search: [users.username, users.firstname, users.lastname],
  searchMode: 'phrase',
  seen: USER_SEEN,
};

/** The list's own filters: status (users are deactivated by status, not a timestamp), roles, home, doctor. */
function userFilters(f: UserListFilter): (SQL | undefined)[] {
  return [
    f.status === undefined ? ne(users.status, 'removed') : f.status === 'removed' ? eq(users.status, 'removed') : undefined,
    f.roles?.length ? sql`${users.roles} && array[${sql.join(f.roles.map((r) => sql`${r}`), sql`, `)}]::text[]` : undefined,
    f.home ? eq(users.homeId, f.home) : undefined,
    f.doctor ? eq(users.doctorId, f.doctor) : undefined,
  ];
}

/**
 * The user's living areas as a JSON list ordered by name, aggregated inside the user query (no N+1):
 * the user's links (this module's table) name them, the homes module's SQL describes them.
 */
function homeGroupsOfUser(): SQL<HomeGroupRef[]> {
  return homeGroupRefsSql(sql`select ${userHomeGroups.homeGroupId} from ${userHomeGroups} where ${userHomeGroups.userId} = ${users.id}`);
}

/** The placeholder of the viewer in the list's select list (the seen column). */
const VIEWER = 'viewerId';

/**
 * Username, first and last name of the user `id` refers to, as one text array (null when none; the
 * actor's `_id` is `id` itself), through `actor`, an alias of users: one subquery per actor and row.
 */
function actorColumns(actor: typeof creator | typeof modifier, id: AnyPgColumn): SQL<[string, string, string] | null> {
  // Inside, "users" is the listed user: the subquery's own row goes by its alias.
  return sql<[string, string, string] | null>`(select array[${actor.username}, ${actor.firstname}, ${actor.lastname}] from ${users} ${sql.identifier(getTableName(actor))} where ${actor.id} = ${qualified(id)})`;
}

const listActor = (id: string | null, columns: [string, string, string] | null) =>
  userActor(columns ? { _id: id, username: columns[0], firstname: columns[1], lastname: columns[2] } : null);

/**
 * The list's select list, rendered to SQL once (runListInOneStatement puts only the WHERE and ORDER
 * BY together per request). The user's own columns are selected one by one (cheaper for PostgreSQL
 * than one JSON object); the related rows are correlated subqueries, not joins, run for the page's
 * rows only: home, doctor and living areas as JSON, the actors' usernames as text.
 */
const LIST_SELECTION = listSelection({
  user: LIST_USER_COLUMNS,
  // The home and doctor as their modules describe them (homes.sql.ts, doctors.sql.ts).
  home: homeRefSql(users.homeId),
  doctor: doctorRefSql(users.doctorId),
  // Most users have no living area: the aggregate (a sort per row) only runs for those who have.
  homeGroups: sql<HomeGroupRef[]>`case when exists (select 1 from ${userHomeGroups} where ${userHomeGroups.userId} = ${qualified(users.id)})
    then ${homeGroupsOfUser()} else '[]'::json end`,
  createdFromColumns: actorColumns(creator, users.createdBy),
  modifiedFromColumns: actorColumns(modifier, users.modifiedBy),
  // The viewer fills the placeholder per request (a string where the seen definition expects the id).
  seen: seenColumn(USER_SEEN, sql.placeholder(VIEWER) as unknown as string),
});

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

  /** The user with whoever created and last modified the record (account and name). */
  async findWithActors(id: string) {
    const [row] = await this.db
      .select({
        user: users,
        homeGroups: homeGroupsOfUser(),
        createdFrom: { _id: creator.id, username: creator.username, firstname: creator.firstname, lastname: creator.lastname },
        modifiedFrom: { _id: modifier.id, username: modifier.username, firstname: modifier.firstname, lastname: modifier.lastname },
      })
      .from(users)
      .leftJoin(creator, eq(creator.id, users.createdBy))
      .leftJoin(modifier, eq(modifier.id, users.modifiedBy))
      .where(eq(users.id, id))
      .limit(1);
    return row ? { ...row, createdFrom: userActor(row.createdFrom), modifiedFrom: userActor(row.modifiedFrom) } : null;
  }

  async update(id: string, patch: UserPatch): Promise<void> {
    await this.db.update(users).set(patch).where(eq(users.id, id));
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

  /**
   * The rows of the user list with home, living areas, doctor, actors, the viewer's seen state and
   * the total count, in one statement (the list layer's runListInOneStatement).
   */
  async list(options: UserListOptions): Promise<{ rows: UserListRecord[]; count: number }> {
    const { rows, count } = await runListInOneStatement(this.db, USER_LIST, { ...options, where: userFilters(options.query.filter) }, LIST_SELECTION, {
      [VIEWER]: options.viewerId,
    });
    return {
      rows: rows.map((r) => ({
        user: r.user,
        home: r.home,
        doctor: r.doctor,
        homeGroups: r.homeGroups,
        createdFrom: listActor(r.user.createdBy, r.createdFromColumns),
        modifiedFrom: listActor(r.user.modifiedBy, r.modifiedFromColumns),
        seen: r.seen,
      })),
      count,
    };
  }

  /** One user as the list shows it (any status; same fields and seen state), or null. */
  async findListRow(id: string, viewerId: string): Promise<UserListRecord | null> {
    const { rows } = await this.list({
      query: { offset: 0, limit: 1, sort: { field: 'username', desc: false }, filter: { status: 'all' } },
      viewerId,
      scope: undefined,
      ids: [id],
    });
    return rows[0] ?? null;
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

  /**
   * Removes every user's assignment to the living area (the users themselves are untouched): the
   * homes module calls it inside the unit of work that deletes the area.
   */
  async removeHomeGroupLinks(groupId: string): Promise<void> {
    await this.db.delete(userHomeGroups).where(eq(userHomeGroups.homeGroupId, groupId));
  }
}
