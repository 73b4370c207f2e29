import { Injectable } from '@nestjs/common';
import type { ActorRef, Role, Salutation, UserDto, UserStatus } from '@mediport/contracts';
import { AUDIT_ACTIONS, AuditService } from '../../core/audit/audit.service.js';
import { SessionService } from '../../core/auth/session.service.js';
import { AppError } from '../../core/errors/app-error.js';
import { type UserPatch, type UserRow, UsersRepository } from './users.repository.js';

function actor(ref: { _id: string | null; username: string | null } | null): ActorRef | null {
  return ref?._id && ref.username !== null ? { _id: ref._id, username: ref.username } : null;
}

export function toUserDto(user: UserRow, createdFrom: ActorRef | null = null, modifiedFrom: ActorRef | null = null): UserDto {
  return {
    _id: user.id,
    username: user.username,
    roles: user.roles as Role[],
    doctor: user.doctorId,
    home: user.homeId,
    homeGroup: [],
    patient: null,
    salutation: user.salutation as Salutation,
    title: user.title,
    firstname: user.firstname,
    lastname: user.lastname,
    street: user.street,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
    avatar: user.avatar,
    chargeable: user.chargeable as 0 | 1 | 2,
    status: user.status as UserStatus,
    once_password: user.oncePassword,
    snippets: user.snippets,
    seen: [],
    createdAt: user.createdAt.toISOString(),
    createdFrom,
    modifiedAt: user.modifiedAt.toISOString(),
    modifiedFrom,
  };
}

/** User records as other modules need them; the user administration API comes with issue #3. */
@Injectable()
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
  ) {}

  findByUsername(username: string) {
    return this.repo.findByUsername(username);
  }

  findById(id: string) {
    return this.repo.findById(id);
  }

  async getDto(id: string): Promise<UserDto> {
    const row = await this.repo.findWithActors(id);
    if (!row) throw AppError.notFound();
    return toUserDto(row.user, actor(row.createdFrom), actor(row.modifiedFrom));
  }

  update(id: string, patch: UserPatch, actorId: string | null) {
    return this.repo.update(id, { ...patch, modifiedAt: new Date(), modifiedBy: actorId });
  }

  homeRef(id: string | null) {
    return id ? this.repo.homeRef(id) : Promise.resolve(null);
  }

  doctorRef(id: string | null) {
    return id ? this.repo.doctorRef(id) : Promise.resolve(null);
  }

  /** Deactivation (spec: status "removed"): the data stays, every session ends at once. */
  async deactivate(actorId: string, userId: string): Promise<void> {
    if (actorId === userId) throw AppError.badRequest([{ message: 'Sie können sich nicht selbst deaktivieren.', code: 'self_deactivation' }]);
    const user = await this.repo.findById(userId);
    if (!user) throw AppError.notFound();
    await this.update(userId, { status: 'removed' }, actorId);
    await this.sessions.revokeAllForUser(userId);
    await this.audit.record({ actorId, action: AUDIT_ACTIONS.userDeactivate, target: userId });
  }
}
