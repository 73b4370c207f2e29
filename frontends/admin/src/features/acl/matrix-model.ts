import type { AclMatrix, AclRoleEntry, AclRuleItem, Role } from '@mediport/contracts';
import { formatPermission, parsePermission } from '@mediport/permissions';

/** Columns of the screen, in order; the manager column is hidden (manager grants are set per entry). */
export const MATRIX_ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_HOME', 'ROLE_PHARMA', 'ROLE_DOCTOR', 'ROLE_DRIVER', 'ROLE_ACCOUNTING'];

export type Toggle = 'access' | 'own' | 'manager' | 'contract';

export const TOGGLE_LABELS: Record<Toggle, string> = {
  access: 'Zugriff',
  own: 'Nur eigene',
  manager: 'Nur Manager',
  contract: 'Vertrag nötig',
};

/** What one role holds of one permission. */
export interface CellState {
  access: boolean;
  own: boolean;
  manager: boolean;
  contract: boolean;
}

const NONE: CellState = { access: false, own: false, manager: false, contract: false };

/** Reads the cell: an entry `name[_own][_required_contract]` in `permissions`, or in `manager` for manager-only. */
export function cellState(column: AclRoleEntry | undefined, name: string): CellState {
  if (!column) return NONE;
  for (const [list, manager] of [[column.permissions, false], [column.manager, true]] as const) {
    for (const entry of list) {
      const p = parsePermission(entry);
      if (p.name === name) return { access: true, own: p.own, manager, contract: p.requiresContract };
    }
  }
  return NONE;
}

/** Which toggles a column offers for a permission. */
export function togglesFor(role: Role, item: Pick<AclRuleItem, 'hasOnlyOwn' | 'canRequireContract'>): Toggle[] {
  const toggles: Toggle[] = ['access'];
  if (item.hasOnlyOwn) toggles.push('own');
  // The admin column has no manager toggle.
  if (role !== 'ROLE_ADMIN') toggles.push('manager');
  if ((role === 'ROLE_HOME' || role === 'ROLE_DOCTOR') && item.canRequireContract) toggles.push('contract');
  return toggles;
}

/** Writes a cell back: removes every entry of the name, then adds the encoded one to the right list. */
export function writeCell(column: AclRoleEntry, name: string, state: CellState): AclRoleEntry {
  const keep = (list: string[]) => list.filter((e) => parsePermission(e).name !== name);
  const permissions = keep(column.permissions);
  const manager = keep(column.manager);
  if (state.access) {
    const entry = formatPermission({ name, own: state.own, requiresContract: state.contract });
    (state.manager ? manager : permissions).push(entry);
  }
  return { permissions: permissions.sort(), manager: manager.sort() };
}

/**
 * Flips one toggle. Switching a flag on grants access too; switching access off clears the flags.
 */
export function applyToggle(matrix: AclMatrix, role: Role, name: string, toggle: Toggle, on: boolean): AclMatrix {
  const current = cellState(matrix[role], name);
  const next: CellState = on
    ? { ...current, access: true, [toggle]: true }
    : toggle === 'access'
      ? NONE
      : { ...current, [toggle]: false };
  return { ...matrix, [role]: writeCell(matrix[role], name, next) };
}

function sameColumn(a: AclRoleEntry, b: AclRoleEntry): boolean {
  const norm = (c: AclRoleEntry) => JSON.stringify([[...c.permissions].sort(), [...c.manager].sort()]);
  return norm(a) === norm(b);
}

/** The role columns that differ from the saved matrix: the body of PATCH /api/acl. */
export function changedColumns(saved: AclMatrix, edited: AclMatrix): Partial<AclMatrix> {
  const out: Partial<AclMatrix> = {};
  for (const role of Object.keys(edited) as Role[]) {
    if (!saved[role] || !sameColumn(saved[role], edited[role])) out[role] = edited[role];
  }
  return out;
}
