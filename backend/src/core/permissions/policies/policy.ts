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
}

export function definePolicy<Action extends string, Fields extends PolicyRecord>(definition: {
  subject: string;
  columns: FieldColumns;
  rule: (auth: AuthContext, action: Action | 'read') => Condition;
}): RecordPolicy<Action, Fields> {
  // A rule depends on the caller and the action only, and an AuthContext is made per request and
  // never changed: a list's row flags (`can` per row and action) build each condition once.
  const built = new WeakMap<AuthContext, Map<Action | 'read', Condition>>();
  const rule = (auth: AuthContext, action: Action | 'read'): Condition => {
    let byAction = built.get(auth);
    if (!byAction) built.set(auth, (byAction = new Map()));
    let condition = byAction.get(action);
    if (condition === undefined) byAction.set(action, (condition = definition.rule(auth, action)));
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
