import { type AppAbility, buildAbility, grantOf, hasPermission, type PermissionName } from '@mediport/permissions';
import type { Role } from '@mediport/contracts';

export interface SessionUser {
  id: string;
  username: string;
  roles: Role[];
  homeId: string | null;
  doctorId: string | null;
  oncePassword: boolean;
}

/** The caller of a request: session, user, effective permissions and the CASL ability. */
export class AuthContext {
  private cachedAbility: AppAbility | null = null;

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

  get ability(): AppAbility {
    this.cachedAbility ??= buildAbility(this.permissions, { home: this.user.homeId, doctor: this.user.doctorId });
    return this.cachedAbility;
  }

  grant(name: PermissionName) {
    return grantOf(this.permissions, name);
  }

  can(name: PermissionName): boolean {
    return hasPermission(this.permissions, name);
  }
}
