import { grantOf, hasPermission, type PermissionName } from '@mediport/permissions';
import type { Role } from '@mediport/contracts';

export interface SessionUser {
  id: string;
  username: string;
  roles: Role[];
  homeId: string | null;
  doctorId: string | null;
  oncePassword: boolean;
}

/**
 * The caller of a request: session, user and effective permissions. Which records the caller may
 * touch is decided by the record policies (core/permissions/policies), not here.
 */
export class AuthContext {
  constructor(
    readonly sessionId: string,
    readonly token: string,
    readonly user: SessionUser,
    readonly permissions: string[],
    readonly hasContract: boolean,
    readonly masqueradeOf: string | null,
  ) {}

  get userId(): string {
    return this.user.id;
  }

  grant(name: PermissionName) {
    return grantOf(this.permissions, name);
  }

  can(name: PermissionName): boolean {
    return hasPermission(this.permissions, name);
  }
}
