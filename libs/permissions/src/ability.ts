import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { AclMatrix, Role } from '@mediport/contracts';

const OWN = '_own';
const CONTRACT = '_required_contract';

export type Grant = 'all' | 'own';

export interface ParsedPermission {
  name: string;
  own: boolean;
  requiresContract: boolean;
}

/** Splits a matrix entry such as `task_create_view_own_required_contract` into its parts. */
export function parsePermission(entry: string): ParsedPermission {
  let name = entry;
  let requiresContract = false;
  let own = false;
  if (name.endsWith(CONTRACT)) {
    requiresContract = true;
    name = name.slice(0, -CONTRACT.length);
  }
  if (name.endsWith(OWN)) {
    own = true;
    name = name.slice(0, -OWN.length);
  }
  return { name, own, requiresContract };
}

/** Joins the parts back into a matrix entry. */
export function formatPermission(p: ParsedPermission): string {
  return `${p.name}${p.own ? OWN : ''}${p.requiresContract ? CONTRACT : ''}`;
}

export interface PermissionContext {
  roles: readonly Role[] | readonly string[];
  /** Whether the user's home or doctor has a contract (unlocks `_required_contract`). */
  hasContract: boolean;
}

/**
 * The effective permission list of a user: the union over the user's roles, manager lists only
 * with ROLE_MANAGER. A full grant beats an own-only grant; a contract-locked entry without a
 * contract yields only `<name>[_own]_required_contract` (shown locked, denied by the server).
 */
export function effectivePermissions(matrix: AclMatrix, ctx: PermissionContext): string[] {
  const roles = new Set<string>(ctx.roles);
  const isManager = roles.has('ROLE_MANAGER');
  const granted = new Map<string, Grant>();
  const locked = new Map<string, Grant>();
  const upgrade = (map: Map<string, Grant>, name: string, grant: Grant) => {
    if (map.get(name) !== 'all') map.set(name, grant);
  };
  for (const role of roles) {
    const column = matrix[role as Role];
    if (!column) continue;
    const entries = isManager ? [...column.permissions, ...column.manager] : column.permissions;
    for (const entry of entries) {
      const p = parsePermission(entry);
      const grant: Grant = p.own ? 'own' : 'all';
      if (p.requiresContract && !ctx.hasContract) upgrade(locked, p.name, grant);
      else upgrade(granted, p.name, grant);
    }
  }
  const out: string[] = [];
  for (const [name, grant] of granted) out.push(grant === 'own' ? `${name}${OWN}` : name);
  for (const [name, grant] of locked) {
    if (granted.has(name)) continue;
    out.push(`${name}${grant === 'own' ? OWN : ''}${CONTRACT}`);
  }
  return out.sort();
}

/** Ownership of the signed-in user: the home and doctor records they belong to. */
export interface Owner {
  home?: string | null;
  doctor?: string | null;
}

/** Subjects are plain records with a `home` and/or `doctor` id; 'all' checks the permission alone. */
export type AppAbility = MongoAbility<[string, string | Record<string, unknown>]>;

/**
 * Builds the CASL ability from an effective permission list. Actions are permission names.
 * An own-only grant matches records whose `home` or `doctor` equals the user's own.
 * Contract-locked names are granted as `<name>_required_contract` only.
 */
export function buildAbility(permissions: readonly string[], owner: Owner = {}): AppAbility {
  const rules: RawRuleOf<AppAbility>[] = [];
  const ownConditions: Record<string, unknown>[] = [];
  if (owner.home) ownConditions.push({ home: owner.home });
  if (owner.doctor) ownConditions.push({ doctor: owner.doctor });
  for (const entry of permissions) {
    const p = parsePermission(entry);
    if (p.requiresContract) {
      rules.push({ action: `${p.name}${CONTRACT}`, subject: 'all' });
      continue;
    }
    if (!p.own) {
      rules.push({ action: p.name, subject: 'all' });
    } else {
      // Own-only: the action is allowed as such (the list is narrowed server-side), and a specific
      // record passes only when it belongs to the user's home or doctor.
      // One rule per ownership field (CASL ORs rules of the same action).
      if (ownConditions.length === 0) rules.push({ action: p.name, subject: 'all', conditions: { __never: true } });
      for (const conditions of ownConditions) rules.push({ action: p.name, subject: 'all', conditions });
      rules.push({ action: `${p.name}${OWN}`, subject: 'all' });
    }
  }
  return createMongoAbility<AppAbility>(rules, {
    detectSubjectType: (s) => (typeof s === 'string' ? s : 'Record'),
  });
}

/** How far a user holds a permission: over all records, only their own, or not at all. */
export function grantOf(permissions: readonly string[], name: string): Grant | 'locked' | null {
  let result: Grant | 'locked' | null = null;
  for (const entry of permissions) {
    const p = parsePermission(entry);
    if (p.name !== name) continue;
    if (p.requiresContract) result ??= 'locked';
    else if (!p.own) return 'all';
    else result = 'own';
  }
  return result;
}

/** True when the user holds the permission in any form that is not contract-locked. */
export function hasPermission(permissions: readonly string[], name: string): boolean {
  const g = grantOf(permissions, name);
  return g === 'all' || g === 'own';
}
