import { Injectable } from '@nestjs/common';
import { type ApiErrorEntry, type ListResponse, type PatientDto, type PatientDuplicatesResponse, type PersonSalutation } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { formatGermanDate, parseGermanDate, PATIENT_MESSAGES, personSalutation, validatePatient } from '@mediport/validation';
import { AuditService, type CallerAuditEntry } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { type PatientAction, patientPolicy, type PatientSubject, stateOf } from '../../core/permissions/policies/index.js';
import type { PatientDuplicatesQueryDto } from './dto/patient-list-query.js';
import type { PatientListQuery } from './dto/patient-list-query.js';
import type { PatientWriteDto } from './dto/patient-write.dto.js';
import { SeenRepository } from '../statistics/seen.repository.js';
import { PATIENT_SEEN, type PatientListRecord, type PatientPatch, type PatientRow, PatientsRepository } from './patients.repository.js';
import { actorRef } from '../../core/audit/actor-ref.js';

export const PATIENT_AUDIT = {
  create: 'patient.create',
  update: 'patient.update',
  deactivate: 'patient.deactivate',
  reactivate: 'patient.reactivate',
} as const;

const DEFAULT_COUNTRY = 'Deutschland';

export function patientSubject(row: Pick<PatientRow, 'id' | 'homeId' | 'deactivatedAt' | 'orderDoctors'>): PatientSubject {
  return { id: row.id, home: row.homeId, state: stateOf(row.deactivatedAt), orderDoctors: row.orderDoctors };
}

/** The patient form after merging a request into the stored record (PUT) or on its own (POST). */
interface PatientForm {
  salutation: PersonSalutation;
  title: string;
  firstname: string;
  lastname: string;
  dateOfBirth: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  deceased: boolean;
  homepatient: boolean;
  home: string | null;
  homeGroup: string | null;
}

@Injectable()
export class PatientsService {
  constructor(
    private readonly repo: PatientsRepository,
    private readonly audit: AuditService,
    private readonly seen: SeenRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  toDto(auth: AuthContext, r: PatientListRecord): PatientDto {
    const p = r.patient;
    const subject: PatientSubject = { id: p.id, home: p.homeId, state: stateOf(p.deactivatedAt), orderDoctors: r.orderDoctors };
    const deactivated = p.deactivatedAt !== null;
    return {
      _id: p.id,
      salutation: personSalutation(p.salutation) ?? '',
      title: p.title,
      firstname: p.firstname,
      lastname: p.lastname,
      dateOfBirth: formatGermanDate(p.dateOfBirth),
      street: p.street,
      postalCode: p.postalCode,
      city: p.city,
      country: p.country,
      homepatient: p.homeId !== null,
      deceased: p.deceased,
      home: p.homeId,
      homeGroup: p.homeGroupId,
      // A name means the related row exists (the names are not null), as the joins it replaces said.
      homeDetails: r.homeName !== null ? { _id: p.homeId!, name: r.homeName } : null,
      homeGroupDetails: r.homeGroupName !== null ? { _id: p.homeGroupId!, name: r.homeGroupName, home: r.homeGroupHome ?? '' } : null,
      deactivated,
      seen: r.seen ? [auth.userId] : [],
      editable: patientPolicy.can(auth, 'update', subject),
      deletable: patientPolicy.can(auth, deactivated ? 'reactivate' : 'deactivate', subject),
      createdAt: p.createdAt.toISOString(),
      modifiedAt: p.modifiedAt.toISOString(),
      createdFrom: actorRef({ _id: p.createdBy, username: r.createdFromName }),
      modifiedFrom: actorRef({ _id: p.modifiedBy, username: r.modifiedFromName }),
    };
  }

  async list(auth: AuthContext, query: PatientListQuery): Promise<ListResponse<PatientDto>> {
    const { rows, count } = await this.repo.list({ query, viewerId: auth.userId, scope: patientPolicy.where(auth, 'read'), orderDoctors: !!auth.user.doctorId });
    return { data: rows.map((r) => this.toDto(auth, r)), count };
  }

  /** One patient; opening it marks it seen. Not visible → 404. */
  async get(auth: AuthContext, id: string): Promise<PatientDto> {
    await this.patientFor(auth, id, 'read');
    await this.seen.mark(PATIENT_SEEN.kind, auth.userId, [id]);
    return this.row(auth, id);
  }

  /** The non-blocking duplicate warning: matches the caller may see, with the spec's message. */
  async duplicates(auth: AuthContext, q: PatientDuplicatesQueryDto): Promise<PatientDuplicatesResponse> {
    const dateOfBirth = parseGermanDate(q.dateOfBirth);
    if (!q.lastname.trim() || !dateOfBirth) throw AppError.badRequest([{ path: 'dateOfBirth', code: 'invalid', message: MASTERDATA_API_MESSAGES.duplicateQuery }]);
    const { rows, count } = await this.repo.duplicates(
      { firstname: q.firstname ?? '', lastname: q.lastname, dateOfBirth, exceptId: q.exclude },
      auth.userId,
      patientPolicy.where(auth, 'read'),
    );
    return { data: rows.map((r) => this.toDto(auth, r)), count, message: count ? PATIENT_MESSAGES.duplicate : null };
  }

  async create(auth: AuthContext, dto: PatientWriteDto): Promise<PatientDto> {
    // A ROLE_HOME user's patients are home patients of the own home (fixed, preselected).
    const fixed = this.fixedHome(auth);
    const form = this.form(
      {
        salutation: '',
        title: '',
        firstname: '',
        lastname: '',
        dateOfBirth: '',
        street: '',
        postalCode: '',
        city: '',
        country: DEFAULT_COUNTRY,
        deceased: false,
        homepatient: fixed !== null,
        home: fixed,
        homeGroup: null,
      },
      dto,
      true,
    );
    // A home user's patient belongs to the own home (the policy's `_own` scope refuses any other).
    if (!patientPolicy.can(auth, 'create', { id: '', home: form.home, state: 'active' })) throw AppError.forbidden();
    const dateOfBirth = await this.check(form);
    // One unit of work: the patient and its audit row.
    const id = await this.unitOfWork.run(async () => {
      const created = await this.repo.create({ ...this.columns(form, dateOfBirth), createdBy: auth.userId, modifiedBy: auth.userId });
      await this.audit.recordBy(auth, { action: PATIENT_AUDIT.create, target: created });
      return created;
    });
    return this.row(auth, id);
  }

  /**
   * PUT: merges the fields into the stored patient. `deactivated: false` reactivates (the delete
   * right), `deactivated: true` deactivates; anything else is an edit of an active patient.
   */
  async update(auth: AuthContext, id: string, dto: PatientWriteDto): Promise<PatientDto> {
    if (dto.deactivated === true) return this.deactivate(auth, id);
    const action: PatientAction = dto.deactivated === false ? 'reactivate' : 'update';
    const current = await this.patientFor(auth, id, action);
    const edits = Object.keys(dto).some((k) => k !== 'deactivated');
    const patch: PatientPatch = {};
    const audits: CallerAuditEntry[] = [];
    if (action === 'reactivate' && current.deactivatedAt) {
      patch.deactivatedAt = null;
      audits.push({ action: PATIENT_AUDIT.reactivate });
    }
    if (edits) {
      const form = this.form(
        {
          salutation: personSalutation(current.salutation) ?? '',
          title: current.title,
          firstname: current.firstname,
          lastname: current.lastname,
          dateOfBirth: formatGermanDate(current.dateOfBirth),
          street: current.street,
          postalCode: current.postalCode,
          city: current.city,
          country: current.country,
          deceased: current.deceased,
          homepatient: current.homeId !== null,
          home: current.homeId,
          homeGroup: current.homeGroupId,
        },
        dto,
        false,
      );
      // Editing needs the edit right on the patient as it is and as it would be saved (no moving patients out of one's home).
      if (!patientPolicy.can(auth, 'update', { id, home: current.homeId, state: 'active' }) || !patientPolicy.can(auth, 'update', { id, home: form.home, state: 'active' })) {
        throw AppError.forbidden();
      }
      const columns = this.columns(form, await this.check(form));
      const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((k) => columns[k] !== current[k]);
      Object.assign(patch, columns);
      audits.push({ action: PATIENT_AUDIT.update, meta: { changed } });
    }
    if (audits.length) await this.save(auth, id, { ...patch, modifiedAt: new Date(), modifiedBy: auth.userId }, audits);
    return this.row(auth, id);
  }

  /** DELETE: deactivation only; the patient is kept and can be reactivated. */
  async deactivate(auth: AuthContext, id: string): Promise<PatientDto> {
    const current = await this.patientFor(auth, id, 'deactivate');
    if (!current.deactivatedAt) await this.save(auth, id, { deactivatedAt: new Date(), modifiedAt: new Date(), modifiedBy: auth.userId }, [{ action: PATIENT_AUDIT.deactivate }]);
    return this.row(auth, id);
  }

  /** One unit of work: the change and its audit rows. */
  private save(auth: AuthContext, id: string, patch: PatientPatch, audits: CallerAuditEntry[]): Promise<void> {
    return this.unitOfWork.run(async () => {
      await this.repo.save(id, patch);
      for (const entry of audits) await this.audit.recordBy(auth, { ...entry, target: id });
    });
  }

  // ---- helpers ----

  /** The own home of a caller whose patients are fixed to it (ROLE_HOME without a full grant). */
  private fixedHome(auth: AuthContext): string | null {
    return auth.user.roles.includes('ROLE_HOME') && auth.user.homeId && auth.grant('patient_create_view') !== 'all' ? auth.user.homeId : null;
  }

  /** Merges the request into `base`: unticking "home patient" clears home and living area; a new home clears the living area. */
  private form(base: PatientForm, dto: PatientWriteDto, creating: boolean): PatientForm {
    const form: PatientForm = { ...base };
    for (const key of ['salutation', 'title', 'firstname', 'lastname', 'dateOfBirth', 'street', 'postalCode', 'city', 'country'] as const) {
      if (dto[key] !== undefined) (form as unknown as Record<string, string>)[key] = key === 'salutation' ? personSalutation(dto[key])! : dto[key]!.trim();
    }
    if (!form.country) form.country = DEFAULT_COUNTRY;
    if (dto.deceased !== undefined) form.deceased = dto.deceased;
    if (dto.home !== undefined) form.home = dto.home || null;
    if (dto.homeGroup !== undefined) form.homeGroup = dto.homeGroup || null;
    else if (!creating && form.home !== base.home) form.homeGroup = null;
    form.homepatient = dto.homepatient ?? form.home !== null;
    if (!form.homepatient) {
      form.home = null;
      form.homeGroup = null;
    }
    return form;
  }

  /** The patient form's field rules (libs/validation validatePatient) on the whole form, plus the home's existence and its living areas; answers the birth date as YYYY-MM-DD. */
  private async check(form: PatientForm): Promise<string> {
    const errors: ApiErrorEntry[] = validatePatient(form);
    if (form.home && !errors.some((e) => e.path === 'home')) {
      const home = await this.repo.home(form.home);
      if (!home || !home.active) errors.push({ path: 'home', message: MASTERDATA_API_MESSAGES.homeUnknown });
      else if (form.homeGroup && !(await this.repo.groupOfHome(form.homeGroup, form.home))) errors.push({ path: 'homeGroup', message: PATIENT_MESSAGES.homeGroupOtherHome });
    } else if (form.homeGroup && !form.home) {
      errors.push({ path: 'homeGroup', message: PATIENT_MESSAGES.homeGroupOtherHome });
    }
    if (errors.length) throw AppError.badRequest(errors.map((e) => ({ ...e, code: 'invalid' })));
    return parseGermanDate(form.dateOfBirth)!;
  }

  private columns(form: PatientForm, dateOfBirth: string) {
    return {
      salutation: form.salutation,
      title: form.title,
      firstname: form.firstname,
      lastname: form.lastname,
      dateOfBirth,
      street: form.street,
      postalCode: form.postalCode,
      city: form.city,
      country: form.country,
      deceased: form.deceased,
      homeId: form.home,
      homeGroupId: form.homeGroup,
    };
  }

  /** The patient for `action`: 404 when not visible, 403 when visible but not allowed. */
  private async patientFor(auth: AuthContext, id: string, action: PatientAction | 'read'): Promise<PatientRow> {
    const row = await this.repo.findById(id);
    patientPolicy.assert(auth, action, row ? patientSubject(row) : null);
    return row!;
  }

  private async row(auth: AuthContext, id: string): Promise<PatientDto> {
    const row = await this.repo.findRow(id, auth.userId);
    if (!row) throw AppError.notFound();
    return this.toDto(auth, row);
  }

}
