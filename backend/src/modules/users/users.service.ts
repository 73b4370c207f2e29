import { Injectable } from '@nestjs/common';
import {
  type ApiErrorEntry,
  type ListResponse,
  type Role,
  ROLE_NOT_ALLOWED_CODE,
  type Salutation,
  type UserActorRef,
  type UserDto,
  type UserListRow,
  type UserLookups,
  userLookupsOf,
  type UserStatus,
} from '@mediport/contracts';
import { USER_MESSAGES, validateUserForm } from '@mediport/validation';
import { ActorService } from '../../core/audit/actor.service.js';
import { AUDIT_ACTIONS, AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { PasswordService } from '../../core/auth/password.service.js';
import { SessionEvents } from '../../core/auth/session-events.js';
import { SessionService } from '../../core/auth/session.service.js';
import { isUniqueViolation } from '../../core/db/unique-violation.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { parseListQuery } from '../../core/http/list-query.js';
import { grantableRoles, matches, type UserAction, type UserSubject, userPolicy, userSubject } from '../../core/permissions/policies/index.js';
import { ContractsRepository } from '../contracts/contracts.repository.js';
import { DOCTOR_LIST_QUERY } from '../doctors/dto/doctor-list-query.js';
import { DoctorsService } from '../doctors/doctors.service.js';
import { HOME_LIST_QUERY } from '../homes/dto/home-list-query.js';
import { HomesService } from '../homes/homes.service.js';
import { SeenRepository } from '../statistics/seen.repository.js';
import type { UserWriteDto } from './dto/user-write.dto.js';
import type { UserListQuery } from './dto/user-list-query.js';
import { USER_SEEN_ENTITY, type UserListRecord, type UserListUser, type UserPatch, type UserRow, UsersRepository } from './users.repository.js';
import { ownPasswordInProfile, statusFilterAdminOnly } from './users.errors.js';

/** Audit actions of the user administration (deactivation and password change reuse the core ones). */
export const USER_AUDIT = {
  create: 'user.create',
  update: 'user.update',
  reactivate: 'user.reactivate',
  deactivate: AUDIT_ACTIONS.userDeactivate,
  passwordChange: AUDIT_ACTIONS.passwordChange,
} as const;

/** The master-data lists the user form chooses from, as GET /api/homes?limit=-1 and GET /api/doctors?limit=-1 (active only). */
const ACTIVE_HOMES = parseListQuery({ limit: '-1' }, HOME_LIST_QUERY);
const ACTIVE_DOCTORS = parseListQuery({ limit: '-1' }, DOCTOR_LIST_QUERY);

export function toUserDto(user: UserListUser, createdFrom: UserActorRef | null = null, modifiedFrom: UserActorRef | null = null, homeGroup: string[] = []): UserDto {
  return {
    _id: user.id,
    username: user.username,
    roles: user.roles as Role[],
    doctor: user.doctorId,
    home: user.homeId,
    homeGroup,
    patient: null,
    salutation: user.salutation as Salutation,
    title: user.title,
    firstname: user.firstname,
    lastname: user.lastname,
    street: user.street,
    postalCode: user.postalCode,
    city: user.city,
    country: user.country,
    // users.avatar holds a FileStore id; the API shows where the bytes are served (profile module).
    avatar: user.avatar ? `/api/users/${user.id}/avatar?v=${user.avatar.slice(0, 8)}` : null,
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

/** The user form after merging a request into the stored record (PUT) or on its own (POST). */
interface UserForm {
  username: string;
  roles: Role[];
  doctor: string | null;
  home: string | null;
  /** Living areas of `home`; empty without a home. */
  homeGroup: string[];
  password: string;
  password_confirm: string;
  once_password: boolean;
  chargeable: number | undefined;
}

/** The user as the form would save it, for the policy. */
function formSubject(id: string, form: UserForm): UserSubject {
  return { id, home: form.home, doctor: form.doctor, roles: form.roles, status: '' };
}

/** Every write to a user records who changed it and when (the form shows "Zuletzt geändert von … am …"). */
const changedBy = (actorId: string | null): Pick<UserPatch, 'modifiedAt' | 'modifiedBy'> => ({ modifiedAt: new Date(), modifiedBy: actorId });

const roleNotAllowed = () => new AppError(403, [{ path: 'roles', code: ROLE_NOT_ALLOWED_CODE, message: USER_MESSAGES.roleNotAllowed }]);

@Injectable()
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly contracts: ContractsRepository,
    private readonly homes: HomesService,
    private readonly doctors: DoctorsService,
    private readonly actors: ActorService,
    private readonly audit: AuditService,
    private readonly sessions: SessionService,
    private readonly sessionEvents: SessionEvents,
    private readonly seen: SeenRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  findByUsername(username: string) {
    return this.repo.findByUsername(username);
  }

  findForLogin(username: string) {
    return this.repo.findForLogin(username);
  }

  findById(id: string) {
    return this.repo.findById(id);
  }

  async getDto(id: string): Promise<UserDto> {
    const row = await this.repo.findWithActors(id);
    if (!row) throw AppError.notFound();
    return toUserDto(row.user, row.createdFrom, row.modifiedFrom, row.homeGroups.map((g) => g._id));
  }

  update(id: string, patch: UserPatch, actorId: string | null) {
    return this.repo.update(id, { ...patch, ...changedBy(actorId) });
  }

  /**
   * The edit and deactivate buttons of the rows of one answer: the user policy's update (or
   * reactivate for a deactivated user), its conditions built once per answer, not once per row.
   */
  private editableFor(auth: AuthContext): (subject: UserSubject) => boolean {
    const update = userPolicy.rule(auth, 'update');
    const reactivate = userPolicy.rule(auth, 'reactivate');
    return (subject) => matches(subject.status === 'removed' ? reactivate : update, subject);
  }

  /**
   * Deactivation by the system itself (no caller to check, e.g. tests and maintenance scripts):
   * status "removed", every session ends, one audit row. Requests go through deactivateByCaller.
   */
  async deactivate(actorId: string, userId: string): Promise<void> {
    const user = await this.repo.findById(userId);
    if (!user) throw AppError.notFound();
    // One unit of work: the status, the ended sessions and the audit row; the sockets end after the commit.
    await this.unitOfWork.run(async () => {
      await this.repo.save(userId, { status: 'removed', ...changedBy(actorId) });
      await this.sessions.revokeAllForUser(userId);
      await this.audit.record({ actorId, action: USER_AUDIT.deactivate, target: userId });
    });
  }

  // ---- reads ----

  private toRow(auth: AuthContext, r: UserListRecord, editable: (subject: UserSubject) => boolean): UserListRow {
    const dto = toUserDto(r.user, r.createdFrom, r.modifiedFrom, r.homeGroups.map((g) => g._id));
    // Adds to the fresh DTO instead of spreading it into a new object: with this many fields V8's
    // spread cost ~20 µs per row here (1 ms for a page of 50) and left a slower object to serialise.
    return Object.assign(dto, {
      seen: r.seen ? [auth.userId] : [],
      editable: editable(userSubject(r.user)),
      homeDetails: r.home,
      doctorDetails: r.doctor,
      homeGroupDetails: r.homeGroups,
    });
  }

  async list(auth: AuthContext, query: UserListQuery): Promise<ListResponse<UserListRow>> {
    // The status filter is the administrator's.
    if (query.filter.status !== undefined && !auth.user.roles.includes('ROLE_ADMIN')) throw statusFilterAdminOnly();
    const { rows, count } = await this.repo.list({ query, viewerId: auth.userId, scope: userPolicy.where(auth, 'read') });
    const editable = this.editableFor(auth);
    return { data: rows.map((r) => this.toRow(auth, r, editable)), count };
  }

  /** One user; opening it marks it as seen for the caller. Not visible → 404. */
  async get(auth: AuthContext, id: string): Promise<UserListRow> {
    const user = await this.userFor(auth, id, 'read');
    await this.seen.mark(USER_SEEN_ENTITY, auth.userId, [user.id]);
    return this.row(auth, id);
  }

  private async row(auth: AuthContext, id: string): Promise<UserListRow> {
    const row = await this.repo.findListRow(id, auth.userId);
    if (!row) throw AppError.notFound();
    return this.toRow(auth, row, this.editableFor(auth));
  }

  /** The user for `action` under the user policy: 404 when not visible, 403 when visible but not allowed. */
  private async userFor(auth: AuthContext, id: string, action: UserAction | 'read'): Promise<UserRow> {
    const user = await this.repo.findById(id);
    userPolicy.assert(auth, action, user ? userSubject(user) : null);
    return user!;
  }

  /**
   * GET /api/users/lookups (interim; the admin remote asks the master-data lists itself): the homes
   * with living areas and the doctors the caller may read, through their services and policies.
   * A full list or create grant offers all of them, an own-only grant the caller's own home / doctor.
   */
  async lookups(auth: AuthContext): Promise<UserLookups> {
    const all = auth.grant('user_list_view') === 'all' || auth.grant('user_create_view') === 'all';
    const own = all ? undefined : { home: auth.user.homeId, doctor: auth.user.doctorId };
    const [homes, doctors] = await Promise.all([
      !own || own.home ? this.homes.list(auth, ACTIVE_HOMES) : undefined,
      !own || own.doctor ? this.doctors.list(auth, ACTIVE_DOCTORS) : undefined,
    ]);
    return userLookupsOf(homes?.data ?? [], doctors?.data ?? [], own);
  }

  /** The living areas of the chosen home, or null when the caller may not read such a home (HomesService, home policy). */
  private async livingAreasOf(auth: AuthContext, homeId: string | null): Promise<string[] | null> {
    return homeId ? ((await this.homes.findVisible(auth, homeId))?.homeGroups ?? null) : null;
  }

  /** The chosen doctor, or null when the caller may not read such a doctor (DoctorsService, doctor policy; any state, nothing marked seen). */
  private chosenDoctor(auth: AuthContext, doctorId: string | null) {
    return doctorId ? this.doctors.findVisible(auth, doctorId) : Promise.resolve(null);
  }

  // ---- writes ----

  async create(auth: AuthContext, dto: UserWriteDto): Promise<UserListRow> {
    const roles = [...new Set(dto.roles ?? [])];
    // A role change clears the doctor / home whose role is not selected; no home, no living areas.
    const home = roles.includes('ROLE_HOME') ? (dto.home ?? null) : null;
    const form: UserForm = {
      username: (dto.username ?? '').trim(),
      roles,
      doctor: roles.includes('ROLE_DOCTOR') ? (dto.doctor ?? null) : null,
      home,
      homeGroup: home ? [...new Set(dto.homeGroup ?? [])] : [],
      password: dto.password ?? '',
      password_confirm: dto.password_confirm ?? '',
      once_password: dto.once_password ?? dto.password_once ?? false,
      chargeable: dto.chargeable,
    };
    this.assertRolesGrantable(auth, [], roles);
    if (!userPolicy.can(auth, 'create', formSubject('', form))) throw AppError.forbidden();
    const { chargeable } = await this.checkForm(auth, form, 'create', null, true);
    const passwordHash = await this.passwords.hash(form.password);
    const person = await this.actors.personId(auth);
    let id: string;
    try {
      // One unit of work: the user with its living areas, seen by its creator (the person), and the audit row.
      id = await this.unitOfWork.run(async () => {
        const created = await this.repo.create(
          {
            username: form.username,
            passwordHash,
            roles,
            doctorId: form.doctor,
            homeId: form.home,
            oncePassword: form.once_password,
            salutation: dto.salutation ?? 'mr',
            title: dto.title ?? '',
            firstname: dto.firstname ?? '',
            lastname: dto.lastname ?? '',
            chargeable,
            snippets: dto.snippets ?? [],
            status: '',
            createdBy: auth.userId,
            modifiedBy: auth.userId,
          },
          form.homeGroup,
        );
        await this.seen.mark(USER_SEEN_ENTITY, person, [created]);
        await this.audit.recordBy(auth, { action: USER_AUDIT.create, target: created, meta: { username: form.username, roles } });
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.badRequest([{ path: 'username', code: 'invalid', message: USER_MESSAGES.usernameTaken }]);
      throw error;
    }
    return this.row(auth, id);
  }

  async updateUser(auth: AuthContext, id: string, dto: UserWriteDto): Promise<UserListRow> {
    const found = await this.repo.findById(id);
    // A deactivated user is only reactivated (the form offers "Reaktivieren" instead of "Speichern").
    const reactivates = found?.status === 'removed' && dto.status === '';
    userPolicy.assert(auth, reactivates ? 'reactivate' : 'update', found ? userSubject(found) : null);
    const current = found!;

    const roles = dto.roles ? [...new Set(dto.roles)] : (current.roles as Role[]);
    const doctor = dto.doctor !== undefined ? dto.doctor : current.doctorId;
    const home = roles.includes('ROLE_HOME') ? (dto.home !== undefined ? dto.home : current.homeId) : null;
    // Living areas: replaced when given; kept while the home stays; cleared with the home or when it changes.
    const homeGroup =
      !home ? [] : dto.homeGroup !== undefined && dto.homeGroup !== null ? [...new Set(dto.homeGroup)] : home === current.homeId ? null : [];
    const form: UserForm = {
      username: dto.username !== undefined && dto.username !== null ? dto.username.trim() : current.username,
      roles,
      doctor: roles.includes('ROLE_DOCTOR') ? doctor : null,
      home,
      homeGroup: homeGroup ?? [],
      password: dto.password ?? '',
      password_confirm: dto.password_confirm ?? '',
      once_password: dto.once_password ?? dto.password_once ?? current.oncePassword,
      chargeable: dto.chargeable ?? current.chargeable,
    };
    this.assertRolesGrantable(auth, current.roles, roles);
    // The user as saved must still be one the caller may edit (no moving users out of one's scope).
    if (!userPolicy.can(auth, 'update', formSubject(id, form))) throw AppError.forbidden();
    if (form.password !== '') {
      // One's own password changes in the profile, with the current one.
      if (id === auth.userId) throw ownPasswordInProfile();
      userPolicy.assert(auth, 'setPassword', userSubject({ ...current, status: '' }));
    }

    const assignmentChanged =
      form.doctor !== current.doctorId || form.home !== current.homeId || form.roles.slice().sort().join() !== [...current.roles].sort().join();
    const { chargeable } = await this.checkForm(auth, form, 'edit', id, assignmentChanged || dto.chargeable !== undefined);

    const patch: UserPatch = {
      username: form.username,
      roles: form.roles,
      doctorId: form.doctor,
      homeId: form.home,
      oncePassword: form.once_password,
      chargeable,
      ...changedBy(auth.userId),
    };
    for (const key of ['salutation', 'title', 'firstname', 'lastname'] as const) if (dto[key] !== undefined && dto[key] !== null) patch[key] = dto[key];
    if (dto.snippets) patch.snippets = dto.snippets.map((s) => ({ name: s.name, subject: s.subject, content: s.content }));
    if (dto.avatar === '_delete') patch.avatar = null;

    // Audit rows name the person acting, also through a masquerade (AuditService.recordBy).
    const audits: string[] = [USER_AUDIT.update];
    // '' reactivates a deactivated user; 'new' (newer form) never does: a removed user stays removed.
    if (dto.status === '') patch.status = '';
    if (dto.status === 'new') patch.status = current.status === 'removed' ? 'removed' : 'new';
    if (current.status === 'removed' && patch.status === '') audits.push(USER_AUDIT.reactivate);

    const changesPassword = form.password !== '';
    if (changesPassword) {
      patch.passwordHash = await this.passwords.hash(form.password);
      audits.push(USER_AUDIT.passwordChange);
    }
    try {
      // One unit of work: the change, the ended sessions and the audit rows.
      await this.unitOfWork.run(async () => {
        await this.repo.save(id, patch, homeGroup ?? undefined);
        // A new password ends the user's sessions (their sockets after the commit); never the caller's own: that is the profile's.
        if (changesPassword) await this.sessions.revokeAllForUser(id);
        for (const action of audits) await this.audit.recordBy(auth, { action, target: id });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.badRequest([{ path: 'username', code: 'invalid', message: USER_MESSAGES.usernameTaken }]);
      throw error;
    }
    // After the commit: a changed role, home or doctor makes the user's sockets reconnect with fresh rooms;
    // any change (e.g. the one-time-password flag) reaches the user's next request.
    if (!changesPassword && assignmentChanged) this.sessionEvents.userChanged(id);
    this.sessions.forgetUser(id);
    return this.row(auth, id);
  }

  /** DELETE /api/users/{id}: deactivation, not of yourself; sessions end at once; data kept. */
  async deactivateByCaller(auth: AuthContext, id: string): Promise<UserListRow> {
    const current = await this.userFor(auth, id, 'read');
    // The policy refuses deactivating oneself; the answer says why in the spec's words.
    if (id === auth.userId) throw new AppError(403, [{ message: USER_MESSAGES.selfDeactivate, code: 'self_deactivation' }]);
    userPolicy.assert(auth, 'deactivate', userSubject(current));
    if (current.status !== 'removed') {
      // One unit of work: the status, the ended sessions (their sockets end after the commit) and the audit row.
      await this.unitOfWork.run(async () => {
        await this.repo.save(id, { status: 'removed', ...changedBy(auth.userId) });
        await this.sessions.revokeAllForUser(id);
        await this.audit.recordBy(auth, { action: USER_AUDIT.deactivate, target: id, meta: { username: current.username } });
      });
    }
    return this.row(auth, id);
  }

  /** Every role added or removed must be one the caller may grant (grantableRoles). */
  private assertRolesGrantable(auth: AuthContext, before: readonly string[], after: readonly string[]): void {
    const allowed = grantableRoles(auth);
    const changed = [...after.filter((r) => !before.includes(r)), ...before.filter((r) => !after.includes(r))];
    if (changed.some((r) => !allowed.includes(r as Role))) throw roleNotAllowed();
  }

  /**
   * The user form's rules on the whole form: libs/validation's validateUserForm with the chosen
   * doctor's e-mail, a home and doctor the caller may read (asked of the homes and doctors services),
   * living areas of the chosen home only,
   * case-insensitive username uniqueness, and the chargeable acknowledgement (a home or doctor without a contract costs money: chargeable must be 2).
   */
  private async checkForm(auth: AuthContext, form: UserForm, mode: 'create' | 'edit', selfId: string | null, checkCosts: boolean): Promise<{ chargeable: number }> {
    const errors: ApiErrorEntry[] = [];
    const [doctor, livingAreas] = await Promise.all([this.chosenDoctor(auth, form.doctor), this.livingAreasOf(auth, form.home)]);
    const home = livingAreas ? form.home : null;
    if (form.doctor && !doctor) errors.push({ path: 'doctor', message: USER_MESSAGES.doctorRequired });
    if (form.home && !home) errors.push({ path: 'home', message: USER_MESSAGES.homeRequired });
    if (livingAreas && form.homeGroup.some((id) => !livingAreas.includes(id))) errors.push({ path: 'homeGroup', message: USER_MESSAGES.homeGroupOtherHome });
    errors.push(...validateUserForm(form, { mode, doctorEmail: doctor ? doctor.email : undefined }));
    if (form.username && (await this.repo.usernameTaken(form.username, selfId))) errors.push({ path: 'username', message: USER_MESSAGES.usernameTaken });

    let chargeable = form.chargeable ?? 0;
    if (checkCosts) {
      const costs =
        (form.roles.includes('ROLE_HOME') && !!home && !(await this.contracts.exists({ home }))) ||
        (form.roles.includes('ROLE_DOCTOR') && !!doctor && !(await this.contracts.exists({ doctor: doctor._id })));
      if (costs && chargeable !== 2 && !errors.some((e) => e.path === 'chargeable')) {
        errors.push({ path: 'chargeable', message: USER_MESSAGES.chargeable });
      }
      chargeable = costs ? 2 : 0;
    }
    if (errors.length) {
      const seen = new Set<string>();
      throw AppError.badRequest(
        errors
          .filter((e) => {
            const key = `${e.path}|${e.message}`;
            return seen.has(key) ? false : (seen.add(key), true);
          })
          .map((e) => ({ ...e, code: 'invalid' })),
      );
    }
    return { chargeable };
  }
}
