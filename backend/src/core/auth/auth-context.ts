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

  /** Grants asked for so far: a list's row flags ask the same few names for every row. */
  private readonly grants = new Map<PermissionName, ReturnType<typeof grantOf>>();

  grant(name: PermissionName): ReturnType<typeof grantOf> {
    let grant = this.grants.get(name);
    if (grant === undefined) this.grants.set(name, (grant = grantOf(this.permissions, name)));
    return grant;
  }

  can(name: PermissionName): boolean {
    return hasPermission(this.permissions, name);
  }
}
