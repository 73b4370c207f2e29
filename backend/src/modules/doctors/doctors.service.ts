import { Injectable } from '@nestjs/common';
import { type ApiErrorEntry, type DoctorDto, type DoctorPreferred, type DoctorRef, type ExpertisesResponse, type ListResponse, type PersonSalutation } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { personSalutation, validateDoctor } from '@mediport/validation';
import { AuditService, type CallerAuditEntry } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { SessionService } from '../../core/auth/session.service.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { type DoctorAction, doctorPolicy, type DoctorSubject, stateOf } from '../../core/permissions/policies/index.js';
import type { DoctorListQuery, ExpertiseQuery } from './dto/doctor-list-query.js';
import type { DoctorWriteDto } from './dto/doctor-write.dto.js';
import { SeenRepository } from '../statistics/seen.repository.js';
import { DOCTOR_SEEN, type DoctorPatch, type DoctorRow, DoctorsRepository } from './doctors.repository.js';
import { actorRef } from '../../core/audit/actor-ref.js';

export const DOCTOR_AUDIT = {
  create: 'doctor.create',
  update: 'doctor.update',
  deactivate: 'doctor.deactivate',
  reactivate: 'doctor.reactivate',
} as const;

const DEFAULT_COUNTRY = 'Deutschland';

type ListRow = Awaited<ReturnType<DoctorsRepository['list']>>['rows'][number];


export function doctorSubject(row: Pick<DoctorRow, 'id' | 'deactivatedAt'>): DoctorSubject {
  return { id: row.id, state: stateOf(row.deactivatedAt) };
}

/** The doctor as other modules show it (user form, auth record). */
const doctorRef = (row: DoctorRow): DoctorRef => ({ _id: row.id, firstname: row.firstname, lastname: row.lastname, title: row.title, email: row.email });

const isAdmin = (auth: AuthContext) => auth.user.roles.includes('ROLE_ADMIN');
/** The practice picker is for administrators and the pharmacy. */
const mayAssignOffice = (auth: AuthContext) => isAdmin(auth) || auth.user.roles.includes('ROLE_PHARMA');

/** The doctor form after merging a request into the stored record (PUT) or on its own (POST). */
interface DoctorForm {
  salutation: PersonSalutation;
  title: string;
  firstname: string;
  lastname: string;
  expertise: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  office: string | null;
  email: string;
  fax: string;
  phone: string;
  preferred: string;
  debtorId: string;
}

const TEXT_FIELDS = ['title', 'firstname', 'lastname', 'expertise', 'street', 'postalCode', 'city', 'country', 'email', 'fax', 'phone', 'debtorId'] as const;

@Injectable()
export class DoctorsService {
  constructor(
    private readonly repo: DoctorsRepository,
    private readonly audit: AuditService,
    private readonly sessions: SessionService,
    private readonly seen: SeenRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  toDto(auth: AuthContext, r: ListRow): DoctorDto {
    const d = r.doctor;
    const subject = doctorSubject(d);
    const deactivated = d.deactivatedAt !== null;
    return {
      _id: d.id,
      salutation: personSalutation(d.salutation) ?? '',
      title: d.title,
      firstname: d.firstname,
      lastname: d.lastname,
      expertise: d.expertise,
      department: d.expertise,
      street: d.street,
      postalCode: d.postalCode,
      city: d.city,
      country: d.country,
      office: d.officeId,
      officeDetails: r.office?._id ? { _id: r.office._id, name: r.office.name ?? '' } : null,
      email: d.email,
      fax: d.fax,
      phone: d.phone,
      preferred: d.preferred as DoctorPreferred,
      debtorId: d.debtorId,
      withLogin: r.withLogin,
      deactivated,
      seen: r.seen ? [auth.userId] : [],
      editable: doctorPolicy.can(auth, 'update', subject),
      deletable: doctorPolicy.can(auth, deactivated ? 'reactivate' : 'deactivate', subject),
      createdAt: d.createdAt.toISOString(),
      modifiedAt: d.modifiedAt.toISOString(),
      createdFrom: actorRef(r.createdFrom),
      modifiedFrom: actorRef(r.modifiedFrom),
    };
  }

  async list(auth: AuthContext, query: DoctorListQuery): Promise<ListResponse<DoctorDto>> {
    const { rows, count } = await this.repo.list({ query, viewerId: auth.userId, scope: doctorPolicy.where(auth, 'read') });
    return { data: rows.map((r) => this.toDto(auth, r)), count };
  }

  expertises(auth: AuthContext, query: ExpertiseQuery): Promise<ExpertisesResponse> {
    return this.repo.expertises(doctorPolicy.where(auth, 'read'), query.filter.text, query.limit);
  }

  /** One doctor; opening it marks it seen. Not visible → 404. */
  async get(auth: AuthContext, id: string): Promise<DoctorDto> {
    await this.doctorFor(auth, id, 'read');
    await this.seen.mark(DOCTOR_SEEN.kind, auth.userId, [id]);
    return this.row(auth, id);
  }

  /**
   * The doctor when the caller may read it (any state), else null: for another module's form (the
   * user form's doctor and its e-mail). Unlike get() it marks nothing as seen.
   */
  async findVisible(auth: AuthContext, id: string): Promise<DoctorRef | null> {
    const row = await this.repo.findById(id);
    return row && doctorPolicy.can(auth, 'read', doctorSubject(row)) ? doctorRef(row) : null;
  }

  /**
   * The doctor without a policy check, or null: only for the signed-in user's own assignment (the
   * auth record shows one's doctor whatever one's master-data rights).
   */
  async assignedRef(id: string | null): Promise<DoctorRef | null> {
    const row = id ? await this.repo.findById(id) : null;
    return row ? doctorRef(row) : null;
  }

  async create(auth: AuthContext, dto: DoctorWriteDto): Promise<DoctorDto> {
    if (!doctorPolicy.can(auth, 'create', { id: '', state: 'active' })) throw AppError.forbidden();
    const empty: DoctorForm = {
      salutation: '',
      title: '',
      firstname: '',
      lastname: '',
      expertise: '',
      street: '',
      postalCode: '',
      city: '',
      country: DEFAULT_COUNTRY,
      office: null,
      email: '',
      fax: '',
      phone: '',
      preferred: '',
      debtorId: '',
    };
    const form = this.form(empty, dto);
    this.assertMayChange(auth, empty, form);
    await this.check(form, false);
    // One unit of work: the doctor and its audit row.
    const id = await this.unitOfWork.run(async () => {
      const created = await this.repo.create({ ...this.columns(form), createdBy: auth.userId, modifiedBy: auth.userId });
      await this.audit.recordBy(auth, { action: DOCTOR_AUDIT.create, target: created });
      return created;
    });
    return this.row(auth, id);
  }

  /** PUT: merges into the stored doctor. `deactivated: false` reactivates, `true` deactivates; else an edit of an active doctor. */
  async update(auth: AuthContext, id: string, dto: DoctorWriteDto): Promise<DoctorDto> {
    if (dto.deactivated === true) return this.deactivate(auth, id);
    const action: DoctorAction = dto.deactivated === false ? 'reactivate' : 'update';
    const current = await this.doctorFor(auth, id, action);
    const patch: DoctorPatch = {};
    const audits: CallerAuditEntry[] = [];
    if (action === 'reactivate' && current.deactivatedAt) {
      patch.deactivatedAt = null;
      audits.push({ action: DOCTOR_AUDIT.reactivate });
    }
    if (Object.keys(dto).some((k) => k !== 'deactivated')) {
      if (!doctorPolicy.can(auth, 'update', { id, state: 'active' })) throw AppError.forbidden();
      const stored: DoctorForm = {
        salutation: personSalutation(current.salutation) ?? '',
        title: current.title,
        firstname: current.firstname,
        lastname: current.lastname,
        expertise: current.expertise,
        street: current.street,
        postalCode: current.postalCode,
        city: current.city,
        country: current.country,
        office: current.officeId,
        email: current.email,
        fax: current.fax,
        phone: current.phone,
        preferred: current.preferred,
        debtorId: current.debtorId,
      };
      const form = this.form(stored, dto);
      this.assertMayChange(auth, stored, form);
      await this.check(form, await this.repo.withLogin(id));
      const columns = this.columns(form);
      const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((k) => columns[k] !== current[k]);
      Object.assign(patch, columns);
      audits.push({ action: DOCTOR_AUDIT.update, meta: { changed } });
    }
    if (audits.length) {
      // One unit of work: the change and its audit rows.
      await this.unitOfWork.run(async () => {
        await this.repo.save(id, { ...patch, modifiedAt: new Date(), modifiedBy: auth.userId });
        for (const entry of audits) await this.audit.recordBy(auth, { ...entry, target: id });
      });
    }
    return this.row(auth, id);
  }

  /**
   * DELETE: deactivation. The doctor stays for documentation and is ignored in billing; its users'
   * sessions end in the same unit of work, their sockets after the commit (signing in again is
   * refused while it is deactivated).
   */
  async deactivate(auth: AuthContext, id: string): Promise<DoctorDto> {
    const current = await this.doctorFor(auth, id, 'deactivate');
    if (!current.deactivatedAt) {
      await this.unitOfWork.run(async () => {
        await this.repo.save(id, { deactivatedAt: new Date(), modifiedAt: new Date(), modifiedBy: auth.userId });
        for (const userId of await this.repo.userIds(id)) await this.sessions.revokeAllForUser(userId);
        await this.audit.recordBy(auth, { action: DOCTOR_AUDIT.deactivate, target: id });
      });
    }
    return this.row(auth, id);
  }

  // ---- helpers ----

  private form(base: DoctorForm, dto: DoctorWriteDto): DoctorForm {
    const form: DoctorForm = { ...base };
    for (const key of TEXT_FIELDS) if (dto[key] !== undefined) form[key] = dto[key]!.trim();
    if (dto.expertise === undefined && dto.department !== undefined) form.expertise = dto.department.trim();
    // Saved in the answered form: 'mr' / 'mrs' become 'Herr' / 'Frau' (the DTO let nothing else through).
    if (dto.salutation !== undefined) form.salutation = personSalutation(dto.salutation)!;
    if (dto.preferred !== undefined) form.preferred = dto.preferred;
    if (dto.office !== undefined) form.office = dto.office || null;
    if (!form.country) form.country = DEFAULT_COUNTRY;
    return form;
  }

  /** Practice: administrators and the pharmacy; Kundennummer: administrators (403; resending the stored value is fine). */
  private assertMayChange(auth: AuthContext, stored: DoctorForm, form: DoctorForm): void {
    const refused: ApiErrorEntry[] = [];
    if (form.office !== stored.office && !mayAssignOffice(auth)) refused.push({ path: 'office', code: 'forbidden', message: MASTERDATA_API_MESSAGES.officeAdminOrPharmacy });
    if (form.debtorId !== stored.debtorId && !isAdmin(auth)) refused.push({ path: 'debtorId', code: 'forbidden', message: MASTERDATA_API_MESSAGES.debtorIdAdminOnly });
    if (refused.length) throw new AppError(403, refused);
  }

  /** The doctor form's field rules on the whole form (libs/validation validateDoctor) and the practice's existence. */
  private async check(form: DoctorForm, withLogin: boolean): Promise<void> {
    const errors: ApiErrorEntry[] = validateDoctor({ ...form, withLogin });
    if (form.office && !(await this.repo.officeExists(form.office))) errors.push({ path: 'office', message: MASTERDATA_API_MESSAGES.officeUnknown });
    if (errors.length) throw AppError.badRequest(errors.map((e) => ({ ...e, code: 'invalid' })));
  }

  private columns(form: DoctorForm) {
    return {
      salutation: form.salutation,
      title: form.title,
      firstname: form.firstname,
      lastname: form.lastname,
      expertise: form.expertise,
      street: form.street,
      postalCode: form.postalCode,
      city: form.city,
      country: form.country,
      officeId: form.office,
      email: form.email,
      fax: form.fax,
      phone: form.phone,
      preferred: form.preferred,
      debtorId: form.debtorId,
    };
  }

  private async doctorFor(auth: AuthContext, id: string, action: DoctorAction | 'read'): Promise<DoctorRow> {
    const row = await this.repo.findById(id);
    doctorPolicy.assert(auth, action, row ? doctorSubject(row) : null);
    return row!;
  }

  private async row(auth: AuthContext, id: string): Promise<DoctorDto> {
    const row = await this.repo.findRow(id, auth.userId);
    if (!row) throw AppError.notFound();
    return this.toDto(auth, row);
  }

}
