import { Injectable } from '@nestjs/common';
import { type ApiErrorEntry, type DeleteResponse, HOME_GROUP_IN_USE_CODE, type HomeDto, type HomeGroupDto, type HomeRef, type ListResponse, LOGO_DELETE_MARKER } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { validateHome, validateHomeGroup } from '@mediport/validation';
import { AuditService, type CallerAuditEntry } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { SessionService } from '../../core/auth/session.service.js';
import { isUniqueViolation } from '../../core/db/unique-violation.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { FilesService, type StoredFile } from '../../core/files/files.service.js';
import { type HomeAction, type HomeGroupAction, homeGroupPolicy, homePolicy, type HomeSubject, stateOf } from '../../core/permissions/policies/index.js';
import type { HomeGroupWriteDto } from './dto/home-group-write.dto.js';
import type { HomeListQuery } from './dto/home-list-query.js';
import type { HomeWriteDto } from './dto/home-write.dto.js';
import { PatientsRepository } from '../patients/patients.repository.js';
import { SeenRepository } from '../statistics/seen.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { HOME_SEEN, type HomePatch, type HomeRow, HomesRepository } from './homes.repository.js';
import { actorRef } from '../../core/audit/actor-ref.js';

export const HOME_AUDIT = {
  create: 'home.create',
  update: 'home.update',
  deactivate: 'home.deactivate',
  reactivate: 'home.reactivate',
  groupCreate: 'home_group.create',
  groupUpdate: 'home_group.update',
  groupDelete: 'home_group.delete',
} as const;

const DEFAULT_COUNTRY = 'Deutschland';

export interface LogoUpload {
  buffer: Buffer;
  originalname?: string;
}

type ListRow = Awaited<ReturnType<HomesRepository['list']>>['rows'][number];
type LoadedHome = HomeRow & { hasContract: boolean };


export function homeSubject(row: Pick<HomeRow, 'id' | 'deactivatedAt'>, hasContract: boolean): HomeSubject {
  return { id: row.id, state: stateOf(row.deactivatedAt), contract: hasContract ? 'active' : '' };
}

const isAdmin = (auth: AuthContext) => auth.user.roles.includes('ROLE_ADMIN');

const BASE_FIELDS = ['name', 'company', 'firstname', 'lastname', 'email', 'fax', 'phone', 'street', 'postalCode', 'city', 'country', 'debtorId'] as const;
const SENDER_FIELDS = ['senderName', 'senderPhone', 'senderFax'] as const;

type HomeForm = Record<(typeof BASE_FIELDS)[number] | (typeof SENDER_FIELDS)[number], string>;

const notFoundGroup = () => AppError.notFound();

/** Two saves of the same name at once: the unique index refuses the second, answered like the pre-check. */
function groupNameRace(error: unknown): never {
  if (isUniqueViolation(error)) throw AppError.badRequest([{ path: 'name', code: 'invalid', message: MASTERDATA_API_MESSAGES.homeGroupTaken }]);
  throw error;
}

@Injectable()
export class HomesService {
  constructor(
    private readonly repo: HomesRepository,
    private readonly files: FilesService,
    private readonly audit: AuditService,
    private readonly sessions: SessionService,
    private readonly patients: PatientsRepository,
    private readonly seen: SeenRepository,
    private readonly users: UsersRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  toDto(auth: AuthContext, r: ListRow): HomeDto {
    const h = r.home;
    const subject = homeSubject(h, r.canSendTasks);
    const deactivated = h.deactivatedAt !== null;
    return {
      _id: h.id,
      name: h.name,
      company: h.company,
      firstname: h.firstname,
      lastname: h.lastname,
      email: h.email,
      fax: h.fax,
      phone: h.phone,
      street: h.street,
      postalCode: h.postalCode,
      city: h.city,
      country: h.country,
      // A versioned address: a new logo gets a new URL, so caches never show the old one.
      logo: h.logo ? `/api/homes/${h.id}/logo?v=${h.logo.slice(0, 8)}` : null,
      debtorId: h.debtorId,
      senderName: h.senderName,
      senderPhone: h.senderPhone,
      senderFax: h.senderFax,
      homeGroups: r.homeGroups,
      withLogin: r.withLogin,
      selfPay: h.selfPay,
      canSendTasks: r.canSendTasks,
      deactivated,
      seen: r.seen ? [auth.userId] : [],
      editable: homePolicy.can(auth, 'update', subject),
      deletable: homePolicy.can(auth, deactivated ? 'reactivate' : 'deactivate', subject),
      senderEditable: homePolicy.can(auth, 'sender', subject),
      groupsEditable: homePolicy.can(auth, 'groups', subject),
      createdAt: h.createdAt.toISOString(),
      modifiedAt: h.modifiedAt.toISOString(),
      createdFrom: actorRef(r.createdFrom),
      modifiedFrom: actorRef(r.modifiedFrom),
    };
  }

  async list(auth: AuthContext, query: HomeListQuery): Promise<ListResponse<HomeDto>> {
    const { rows, count } = await this.repo.list({ query, viewerId: auth.userId, scope: homePolicy.where(auth, 'read') });
    return { data: rows.map((r) => this.toDto(auth, r)), count };
  }

  /** One home; opening it marks it seen. Not visible → 404. */
  async get(auth: AuthContext, id: string): Promise<HomeDto> {
    await this.homeFor(auth, id, 'read');
    await this.seen.mark(HOME_SEEN.kind, auth.userId, [id]);
    return this.row(auth, id);
  }

  /**
   * The home with the ids of its living areas when the caller may read it (any state), else null:
   * for another module's form (the user form's home). Unlike get() it marks nothing as seen.
   */
  async findVisible(auth: AuthContext, id: string): Promise<(HomeRef & { homeGroups: string[] }) | null> {
    const home = await this.repo.findById(id);
    if (!home || !homePolicy.can(auth, 'read', homeSubject(home, home.hasContract))) return null;
    const groups = await this.repo.groups(id);
    return { _id: home.id, name: home.name, homeGroups: groups.map((g) => g._id) };
  }

  /**
   * The home as `{ _id, name }` without a policy check, or null: only for the signed-in user's own
   * assignment (the auth record shows one's home whatever one's master-data rights).
   */
  async assignedRef(id: string | null): Promise<HomeRef | null> {
    const home = id ? await this.repo.findById(id) : null;
    return home ? { _id: home.id, name: home.name } : null;
  }

  /** The sender logo (404 when none is set). */
  async logo(auth: AuthContext, id: string): Promise<StoredFile> {
    const home = await this.homeFor(auth, id, 'read');
    const file = home.logo ? await this.files.read(home.logo) : null;
    if (!file) throw AppError.notFound();
    return file;
  }

  async create(auth: AuthContext, dto: HomeWriteDto, logo?: LogoUpload): Promise<HomeDto> {
    const empty: HomeForm = Object.fromEntries([...BASE_FIELDS, ...SENDER_FIELDS].map((k) => [k, ''])) as HomeForm;
    empty.country = DEFAULT_COUNTRY;
    const subject: HomeSubject = { id: '', state: 'active', contract: '' };
    if (!homePolicy.can(auth, 'create', subject)) throw AppError.forbidden();
    const form = this.form(empty, dto);
    // A new home has no contract yet, so it has no sender settings either.
    this.assertMayChange(auth, empty, form, subject, !!logo);
    this.check(form, false);
    // One unit of work: the home and its audit row.
    const id = await this.unitOfWork.run(async () => {
      const created = await this.repo.create({ ...form, createdBy: auth.userId, modifiedBy: auth.userId });
      await this.audit.recordBy(auth, { action: HOME_AUDIT.create, target: created });
      return created;
    });
    return this.row(auth, id);
  }

  /** PUT: merges into the stored home; `deactivated=false` reactivates (delete right). */
  async update(auth: AuthContext, id: string, dto: HomeWriteDto, logo?: LogoUpload): Promise<HomeDto> {
    const reactivates = dto.deactivated === false || dto.deactivated === 'false';
    const current = await this.homeFor(auth, id, reactivates ? 'reactivate' : 'update');
    const subject = homeSubject({ ...current, deactivatedAt: null }, current.hasContract);
    const patch: HomePatch = {};
    const audits: CallerAuditEntry[] = [];
    if (reactivates && current.deactivatedAt) {
      patch.deactivatedAt = null;
      audits.push({ action: HOME_AUDIT.reactivate });
    }
    const edits = Object.keys(dto).some((k) => k !== 'deactivated') || !!logo;
    let saved: string | null = null;
    if (edits) {
      if (!homePolicy.can(auth, 'update', subject)) throw AppError.forbidden();
      const stored = Object.fromEntries([...BASE_FIELDS, ...SENDER_FIELDS].map((k) => [k, current[k]])) as HomeForm;
      const form = this.form(stored, dto);
      this.assertMayChange(auth, stored, form, subject, !!logo || (dto.logo === LOGO_DELETE_MARKER && current.logo !== null));
      const logoAfter = logo ? true : dto.logo === LOGO_DELETE_MARKER ? false : current.logo !== null;
      this.check(form, logoAfter);
      const changed: string[] = (Object.keys(form) as (keyof HomeForm)[]).filter((k) => form[k] !== current[k]);
      Object.assign(patch, form);
      if (logo) {
        saved = (await this.files.save(logo.buffer, { accept: IMAGE_TYPES, message: UPLOAD_MESSAGES.image, maxBytes: MAX_IMAGE_BYTES, originalName: logo.originalname, createdBy: auth.userId, path: 'logo' })).id;
        patch.logo = saved;
      } else if (dto.logo === LOGO_DELETE_MARKER) {
        patch.logo = null;
      }
      if ('logo' in patch) changed.push('logo');
      audits.push({ action: HOME_AUDIT.update, meta: { changed } });
    }
    if (audits.length) {
      try {
        // One unit of work: the change and its audit rows.
        await this.unitOfWork.run(async () => {
          await this.repo.save(id, { ...patch, modifiedAt: new Date(), modifiedBy: auth.userId });
          for (const entry of audits) await this.audit.recordBy(auth, { ...entry, target: id });
        });
      } catch (error) {
        if (saved) await this.files.remove(saved);
        throw error;
      }
    }
    // The previous logo file goes once the row no longer points at it.
    if (current.logo && 'logo' in patch && patch.logo !== current.logo) await this.files.remove(current.logo);
    return this.row(auth, id);
  }

  /**
   * DELETE: deactivation. The home stays (contracts, patients and users keep it), is hidden from
   * lists and lookups, and its users' sessions end in the same unit of work (their sockets after the commit).
   */
  async deactivate(auth: AuthContext, id: string): Promise<HomeDto> {
    const current = await this.homeFor(auth, id, 'deactivate');
    if (!current.deactivatedAt) {
      await this.unitOfWork.run(async () => {
        await this.repo.save(id, { deactivatedAt: new Date(), modifiedAt: new Date(), modifiedBy: auth.userId });
        for (const userId of await this.repo.userIds(id)) await this.sessions.revokeAllForUser(userId);
        await this.audit.recordBy(auth, { action: HOME_AUDIT.deactivate, target: id });
      });
    }
    return this.row(auth, id);
  }

  // ---- living areas ----

  async groups(auth: AuthContext, homeId: string): Promise<ListResponse<HomeGroupDto>> {
    await this.homeFor(auth, homeId, 'read');
    const data = await this.repo.groups(homeId);
    return { data, count: data.length };
  }

  async createGroup(auth: AuthContext, homeId: string, dto: HomeGroupWriteDto): Promise<HomeGroupDto> {
    await this.homeFor(auth, homeId, 'groups');
    const name = await this.checkGroupName(homeId, dto.name, null);
    const id = await this.unitOfWork
      .run(async () => {
        const created = await this.repo.createGroup(homeId, name);
        await this.audit.recordBy(auth, { action: HOME_AUDIT.groupCreate, target: created, meta: { name, home: homeId } });
        return created;
      })
      .catch(groupNameRace);
    return (await this.repo.group(id))!;
  }

  async renameGroup(auth: AuthContext, homeId: string, groupId: string, dto: HomeGroupWriteDto): Promise<HomeGroupDto> {
    const group = await this.groupFor(auth, groupId, 'update', homeId);
    const name = await this.checkGroupName(group.home, dto.name, group._id);
    await this.unitOfWork
      .run(async () => {
        await this.repo.renameGroup(groupId, name);
        await this.audit.recordBy(auth, { action: HOME_AUDIT.groupUpdate, target: groupId, meta: { from: group.name, to: name } });
      })
      .catch(groupNameRace);
    return (await this.repo.group(groupId))!;
  }

  /**
   * DELETE /api/homegroups/{groupId}: refused (409) while an active patient lives in the area, so no
   * patient is silently moved out; otherwise deleted with its user assignments (the users module's
   * links), and deactivated patients in it lose the area (they keep the home). One unit of work; the
   * check runs under a lock of the area's row, so a concurrent assignment cannot slip in between.
   */
  async deleteGroup(auth: AuthContext, groupId: string): Promise<DeleteResponse> {
    const group = await this.groupFor(auth, groupId, 'delete');
    const deleted = await this.unitOfWork.run(async () => {
      await this.repo.lockGroup(groupId);
      if (await this.patients.activeInGroup(groupId)) return false;
      await this.patients.releaseGroup(groupId);
      await this.users.removeHomeGroupLinks(groupId);
      await this.repo.deleteGroup(groupId);
      await this.audit.recordBy(auth, { action: HOME_AUDIT.groupDelete, target: groupId, meta: { name: group.name, home: group.home } });
      return true;
    });
    if (!deleted) throw new AppError(409, [{ path: 'homeGroup', code: HOME_GROUP_IN_USE_CODE, message: MASTERDATA_API_MESSAGES.homeGroupInUse }]);
    return { success: true, _id: groupId };
  }

  // ---- helpers ----

  private form(base: HomeForm, dto: HomeWriteDto): HomeForm {
    const form: HomeForm = { ...base };
    for (const key of [...BASE_FIELDS, ...SENDER_FIELDS]) if (dto[key] !== undefined) form[key] = dto[key]!.trim();
    return form;
  }

  /**
   * Kundennummer: administrators only. Sender settings (name, phone, fax, logo): administrators and
   * managers, for a home with a contract (policy action `sender`). A different value is refused with
   * 403; resending the stored one is fine.
   */
  private assertMayChange(auth: AuthContext, stored: HomeForm, form: HomeForm, subject: HomeSubject, logoChanges: boolean): void {
    const refused: ApiErrorEntry[] = [];
    if (form.debtorId !== stored.debtorId && !isAdmin(auth)) refused.push({ path: 'debtorId', code: 'forbidden', message: MASTERDATA_API_MESSAGES.debtorIdAdminOnly });
    const senderChanges: string[] = SENDER_FIELDS.filter((k) => form[k] !== stored[k]);
    if (logoChanges) senderChanges.push('logo');
    if (senderChanges.length && !homePolicy.can(auth, 'sender', subject)) {
      for (const path of senderChanges) refused.push({ path, code: 'forbidden', message: MASTERDATA_API_MESSAGES.senderSettingsNotAllowed });
    }
    if (refused.length) throw new AppError(403, refused);
  }

  /** The home form's field rules (libs/validation validateHome) on the whole form; sender name and phone once the home uses sender settings. */
  private check(form: HomeForm, hasLogo: boolean): void {
    const sender = hasLogo || SENDER_FIELDS.some((k) => form[k] !== '');
    const errors = validateHome(form, { sender });
    if (errors.length) throw AppError.badRequest(errors.map((e) => ({ ...e, code: 'invalid' })));
  }

  private async checkGroupName(homeId: string, raw: string, exceptId: string | null): Promise<string> {
    const name = raw.trim();
    const errors: ApiErrorEntry[] = validateHomeGroup({ name });
    if (!errors.length && (await this.repo.groupNameTaken(homeId, name, exceptId))) errors.push({ path: 'name', message: MASTERDATA_API_MESSAGES.homeGroupTaken });
    if (errors.length) throw AppError.badRequest(errors.map((e) => ({ ...e, code: 'invalid' })));
    return name;
  }

  private async homeFor(auth: AuthContext, id: string, action: HomeAction | 'read'): Promise<LoadedHome> {
    const row = await this.repo.findById(id);
    homePolicy.assert(auth, action, row ? homeSubject(row, row.hasContract) : null);
    return row!;
  }

  /** The living area for `action` (404 when not visible or not of `homeId`, 403 when not allowed). */
  private async groupFor(auth: AuthContext, groupId: string, action: HomeGroupAction, homeId?: string): Promise<HomeGroupDto> {
    const group = await this.repo.group(groupId);
    if (group && homeId !== undefined && group.home !== homeId) throw notFoundGroup();
    homeGroupPolicy.assert(auth, action, group ? { id: group._id, home: group.home } : null);
    return group!;
  }

  private async row(auth: AuthContext, id: string): Promise<HomeDto> {
    const row = await this.repo.findRow(id, auth.userId);
    if (!row) throw AppError.notFound();
    return this.toDto(auth, row);
  }

}
