import type { SQL } from 'drizzle-orm';
import type { PermissionName } from '@mediport/permissions';
import type { AuthContext } from '../../auth/auth-context.js';
import { AppError } from '../../errors/app-error.js';
import { type Condition, cond, FALSE, type FieldColumns, matches, type PolicyRecord, toSql, TRUE } from './condition.js';

/**
 * The one authorization definition of a record type. `rule` says, per action, which records the
 * caller may act on, as a Condition over the type's fields; from it come both the WHERE clause
 * of list queries (`where`) and the check of one loaded record (`can` / `assert`).
 *
 * Every policy has a `read` action: what the caller may see at all. A record outside `read`
 * answers 404 (not yours to see); one inside `read` but outside the action answers 403.
 */
export interface RecordPolicy<Action extends string, Fields extends PolicyRecord> {
  readonly subject: string;
  rule(auth: AuthContext, action: Action | 'read'): Condition;
  /** Columns of the type's own table, used when a query does not pass its own (aliases). */
  readonly columns: FieldColumns;
  where(auth: AuthContext, action: Action | 'read', columns?: FieldColumns): SQL | undefined;
  can(auth: AuthContext, action: Action | 'read', record: Fields): boolean;
  /** Throws 404 when the record is not readable, 403 when readable but the action is not allowed. */
  assert(auth: AuthContext, action: Action | 'read', record: Fields | null | undefined): asserts record is Fields;
  /** The live-channel rooms a socket of the caller joins for this record type (none without visibility scopes). */
  rooms(auth: AuthContext): string[];
  /**
   * The rooms whose sockets may see `record` under a visibility action (`read`, or another action
   * given as scopes): exactly the callers the rule admits, since both come from the same scopes.
   */
  audience(record: Fields, action?: Action | 'read'): string[];
}

/**
 * One way a record becomes visible: a matrix permission and what each of its grants admits.
 * A visibility action (`read`, and any other action given as scopes) is the OR of its scopes, and
 * the same scopes name the live-channel rooms of a caller and the audience of a record.
 */
export interface Scope {
  permission: PermissionName;
  /** What a full grant admits (a condition on the record alone). */
  all: Condition;
  /**
   * What an `_own` grant admits: the records whose `home` / `doctor` field is the caller's home or
   * doctor, narrowed by `where`; with neither field, `where` alone (the same for every caller).
   */
  own: { home?: string; doctor?: string; where?: Condition };
}

function ownCondition(auth: AuthContext, own: Scope['own']): Condition {
  const where = own.where ?? TRUE;
  if (!own.home && !own.doctor) return where;
  return cond.and(where, ownHomeOrDoctor(auth, own));
}

/** The records one scope admits for the caller (by the grant the caller holds of its permission). */
export function scopeCondition(auth: AuthContext, scope: Scope): Condition {
  const grant = auth.grant(scope.permission);
  if (grant === 'all') return scope.all;
  if (grant === 'own') return ownCondition(auth, scope.own);
  return FALSE;
}

/** Room names of one scope: `<subject>:<permission>:all`, `…:home:<id>`, `…:doctor:<id>` or `…:own`. */
const scopeRoom = (subject: string, scope: Scope, part: string) => `${subject}:${scope.permission}:${part}`;

function scopeRooms(subject: string, auth: AuthContext, scope: Scope): string[] {
  const grant = auth.grant(scope.permission);
  if (grant === 'all') return scope.all.kind === 'false' ? [] : [scopeRoom(subject, scope, 'all')];
  if (grant !== 'own') return [];
  const { home, doctor } = scope.own;
  if (!home && !doctor) return [scopeRoom(subject, scope, 'own')];
  const out: string[] = [];
  if (home && auth.user.homeId) out.push(scopeRoom(subject, scope, `home:${auth.user.homeId}`));
  if (doctor && auth.user.doctorId) out.push(scopeRoom(subject, scope, `doctor:${auth.user.doctorId}`));
  return out;
}

function scopeAudience(subject: string, scope: Scope, record: PolicyRecord): string[] {
  const out: string[] = [];
  if (matches(scope.all, record)) out.push(scopeRoom(subject, scope, 'all'));
  const { home, doctor, where = TRUE } = scope.own;
  if (!matches(where, record)) return out;
  if (!home && !doctor) out.push(scopeRoom(subject, scope, 'own'));
  const value = (field: string | undefined) => (field && typeof record[field] === 'string' && record[field] ? (record[field] as string) : null);
  const homeId = value(home);
  const doctorId = value(doctor);
  if (homeId) out.push(scopeRoom(subject, scope, `home:${homeId}`));
  if (doctorId) out.push(scopeRoom(subject, scope, `doctor:${doctorId}`));
  return out;
}

export function definePolicy<Action extends string, Fields extends PolicyRecord>(definition: {
  subject: string;
  columns: FieldColumns;
  /** Visibility actions given as scopes (at least `read` when given); their rule is the OR of the scopes. */
  scopes?: Partial<Record<Action | 'read', readonly Scope[]>>;
  /** The rule of every other action. */
  rule: (auth: AuthContext, action: Action | 'read') => Condition;
}): RecordPolicy<Action, Fields> {
  const scopes = (definition.scopes ?? {}) as Partial<Record<Action | 'read', readonly Scope[]>>;
  const visibility = (Object.keys(scopes) as (Action | 'read')[]).filter((a) => scopes[a]);
  const allScopes = [...new Set(visibility.flatMap((a) => scopes[a]!))];
  // A rule depends on the caller and the action only, and an AuthContext is made per request and
  // never changed: a list's row flags (`can` per row and action) build each condition once.
  const built = new WeakMap<AuthContext, Map<Action | 'read', Condition>>();
  const build = (auth: AuthContext, action: Action | 'read'): Condition => {
    const given = scopes[action];
    return given ? cond.or(...given.map((scope) => scopeCondition(auth, scope))) : definition.rule(auth, action);
  };
  const rule = (auth: AuthContext, action: Action | 'read'): Condition => {
    let byAction = built.get(auth);
    if (!byAction) built.set(auth, (byAction = new Map()));
    let condition = byAction.get(action);
    if (condition === undefined) byAction.set(action, (condition = build(auth, action)));
    return condition;
  };
  const policy: RecordPolicy<Action, Fields> = {
    subject: definition.subject,
    columns: definition.columns,
    rule,
    where: (auth, action, columns = definition.columns) => toSql(rule(auth, action), columns),
    can: (auth, action, record) => matches(rule(auth, action), record),
    assert(auth, action, record): asserts record is Fields {
      if (!record || !matches(rule(auth, 'read'), record)) throw AppError.notFound();
      if (action !== 'read' && !matches(rule(auth, action), record)) throw AppError.forbidden();
    },
    rooms: (auth) => [...new Set(allScopes.flatMap((scope) => scopeRooms(definition.subject, auth, scope)))],
    audience: (record, action = 'read') => [...new Set((scopes[action] ?? []).flatMap((scope) => scopeAudience(definition.subject, scope, record)))],
  };
  return policy;
}

/**
 * The scope a matrix permission gives: every record for a full grant, the caller's own records
 * (`own`) for an `_own` grant, nothing otherwise (also while contract-locked).
 */
export function byGrant(auth: AuthContext, permission: PermissionName, own: () => Condition): Condition {
  const grant = auth.grant(permission);
  if (grant === 'all') return TRUE;
  if (grant === 'own') return own();
  return FALSE;
}

/** Records owned by the caller's home or doctor (the usual meaning of `_own`). */
export function ownHomeOrDoctor(auth: AuthContext, fields: { home?: string; doctor?: string }): Condition {
  return cond.or(
    fields.home ? cond.eq(fields.home, auth.user.homeId) : FALSE,
    fields.doctor ? cond.eq(fields.doctor, auth.user.doctorId) : FALSE,
  );
}
