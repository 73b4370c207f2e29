import { ROLES, type AclMatrix, type Role } from '@mediport/contracts';
import { parsePermission } from './ability.js';
import { isPermissionName } from './catalogue.js';

/** Roles whose column may mark a permission as requiring a contract (homes and practices sign contracts). */
export const CONTRACT_ROLES: readonly Role[] = ['ROLE_HOME', 'ROLE_DOCTOR'];

export interface MatrixProblem {
  path: string;
  message: string;
}

/**
 * Checks a (partial) matrix: known roles, known permission names, the contract flag only for
 * Heim and Arzt, no manager list for the admin column. Messages are German for the client.
 */
export function validateMatrix(matrix: Partial<Record<string, unknown>>): MatrixProblem[] {
  const problems: MatrixProblem[] = [];
  for (const [role, column] of Object.entries(matrix)) {
    if (!(ROLES as readonly string[]).includes(role)) {
      problems.push({ path: `acl.${role}`, message: `Unbekannte Rolle: ${role}` });
      continue;
    }
    const col = column as { permissions?: unknown; manager?: unknown } | null;
    if (!col || !Array.isArray(col.permissions) || !Array.isArray(col.manager)) {
      problems.push({ path: `acl.${role}`, message: 'Ungültige Rechte-Spalte.' });
      continue;
    }
    if (role === 'ROLE_ADMIN' && col.manager.length > 0) {
      problems.push({ path: `acl.${role}.manager`, message: 'Die Administrator-Spalte hat keine Manager-Rechte.' });
    }
    for (const [listName, list] of [['permissions', col.permissions], ['manager', col.manager]] as const) {
      list.forEach((entry: unknown, i: number) => {
        const path = `acl.${role}.${listName}.${i}`;
        if (typeof entry !== 'string') {
          problems.push({ path, message: 'Ungültiges Recht.' });
          return;
        }
        const p = parsePermission(entry);
        if (!isPermissionName(p.name)) problems.push({ path, message: `Unbekanntes Recht: ${p.name}` });
        else if (p.requiresContract && !CONTRACT_ROLES.includes(role as Role)) {
          problems.push({ path, message: 'Nur Heim und Arzt können einen Vertrag voraussetzen.' });
        }
      });
    }
  }
  return problems;
}

/** Applies a partial matrix over a full one. */
export function mergeMatrix(base: AclMatrix, patch: Partial<AclMatrix>): AclMatrix {
  const next = { ...base };
  for (const role of ROLES) {
    const col = patch[role];
    if (col) next[role] = { permissions: [...new Set(col.permissions)].sort(), manager: [...new Set(col.manager)].sort() };
  }
  return next;
}
