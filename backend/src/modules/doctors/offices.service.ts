import { Injectable } from '@nestjs/common';
import { type ApiErrorEntry, type DeleteResponse, type DoctorOfficeDto, LOGO_DELETE_MARKER, type ListResponse, type OfficeContactType } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { validateDoctorOffice } from '@mediport/validation';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { FilesService, type StoredFile } from '../../core/files/files.service.js';
import { type DoctorOfficeAction, doctorOfficePolicy, type DoctorOfficeSubject } from '../../core/permissions/policies/index.js';
import type { OfficeListQuery } from './dto/office-list-query.js';
import type { OfficeWriteDto } from './dto/office-write.dto.js';
import { DoctorsRepository } from './doctors.repository.js';
import { type OfficePatch, type OfficeRow, OfficesRepository } from './offices.repository.js';
import { actorRef } from '../../core/audit/actor-ref.js';

export const OFFICE_AUDIT = { create: 'doctor_office.create', update: 'doctor_office.update', delete: 'doctor_office.delete' } as const;

export interface ImageUpload {
  buffer: Buffer;
  originalname?: string;
}

type ListRow = Awaited<ReturnType<OfficesRepository['list']>>['rows'][number];


/** The doctors of a practice are assigned by administrators and the pharmacy (like the practice picker of the doctor form). */
const mayAssignDoctors = (auth: AuthContext) => auth.user.roles.includes('ROLE_ADMIN') || auth.user.roles.includes('ROLE_PHARMA');

interface OfficeForm {
  name: string;
  street: string;
  zip: string;
  city: string;
  preferred: OfficeContactType;
  phone: string;
  mail: string;
  fax: string;
}

const TEXT_FIELDS = ['name', 'street', 'zip', 'city', 'phone', 'mail', 'fax'] as const;

@Injectable()
export class OfficesService {
  constructor(
    private readonly repo: OfficesRepository,
    private readonly doctors: DoctorsRepository,
    private readonly files: FilesService,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  toDto(auth: AuthContext, r: ListRow): DoctorOfficeDto {
    const o = r.office;
    const subject: DoctorOfficeSubject = { id: o.id, doctors: r.doctors.map((d) => d._id) };
    const contact = o.contactType as OfficeContactType;
    return {
      _id: o.id,
      name: o.name,
      street: o.street,
      zip: o.zip,
      city: o.city,
      // A versioned address: a new image gets a new URL, so caches never show the old one.
      image: o.image ? `/api/doctors/offices/${o.id}/image?v=${o.image.slice(0, 8)}` : null,
      contact_type: contact,
      preferred: contact,
      phone: o.phone,
      mail: o.mail,
      fax: o.fax,
      doctors: r.doctors,
      editable: doctorOfficePolicy.can(auth, 'update', subject),
      deletable: doctorOfficePolicy.can(auth, 'delete', subject),
      createdAt: o.createdAt.toISOString(),
      modifiedAt: o.modifiedAt.toISOString(),
      createdFrom: actorRef(r.createdFrom),
      modifiedFrom: actorRef(r.modifiedFrom),
    };
  }

  async list(auth: AuthContext, query: OfficeListQuery): Promise<ListResponse<DoctorOfficeDto>> {
    const { rows, count } = await this.repo.list({ query, viewerId: auth.userId, scope: doctorOfficePolicy.where(auth, 'read') });
    return { data: rows.map((r) => this.toDto(auth, r)), count };
  }

  async get(auth: AuthContext, id: string): Promise<DoctorOfficeDto> {
    await this.officeFor(auth, id, 'read');
    return this.row(auth, id);
  }

  /** The practice's image (404 when it has none). */
  async image(auth: AuthContext, id: string): Promise<StoredFile> {
    const office = await this.officeFor(auth, id, 'read');
    const file = office.image ? await this.files.read(office.image) : null;
    if (!file) throw AppError.notFound();
    return file;
  }

  async create(auth: AuthContext, dto: OfficeWriteDto, image?: ImageUpload): Promise<DoctorOfficeDto> {
    if (!doctorOfficePolicy.can(auth, 'create', { id: '', doctors: [] })) throw AppError.forbidden();
    const form = this.form({ name: '', street: '', zip: '', city: '', preferred: 'phone', phone: '', mail: '', fax: '' }, dto);
    const doctorIds = dto.doctors ? [...new Set(dto.doctors)] : undefined;
    if (doctorIds?.length && !mayAssignDoctors(auth)) throw this.doctorsRefused();
    await this.check(form, doctorIds);
    const saved = image ? await this.saveImage(auth, image) : null;
    let id: string;
    try {
      // One unit of work: the practice, its doctors (when given) and the audit row.
      id = await this.unitOfWork.run(async () => {
        const created = await this.repo.create({ ...this.columns(form), image: saved, createdBy: auth.userId, modifiedBy: auth.userId });
        if (doctorIds?.length) await this.doctors.setOfficeDoctors(created, doctorIds);
        await this.audit.recordBy(auth, { action: OFFICE_AUDIT.create, target: created });
        return created;
      });
    } catch (error) {
      if (saved) await this.files.remove(saved);
      throw error;
    }
    return this.row(auth, id);
  }

  async update(auth: AuthContext, id: string, dto: OfficeWriteDto, image?: ImageUpload): Promise<DoctorOfficeDto> {
    const current = await this.officeFor(auth, id, 'update');
    const form = this.form(
      {
        name: current.name,
        street: current.street,
        zip: current.zip,
        city: current.city,
        preferred: current.contactType as OfficeContactType,
        phone: current.phone,
        mail: current.mail,
        fax: current.fax,
      },
      dto,
    );
    const doctorIds = dto.doctors ? [...new Set(dto.doctors)] : undefined;
    const doctorsChange = doctorIds !== undefined && [...doctorIds].sort().join() !== [...current.doctorIds].sort().join();
    if (doctorsChange && !mayAssignDoctors(auth)) throw this.doctorsRefused();
    await this.check(form, doctorIds);
    const patch: OfficePatch = { ...this.columns(form), modifiedAt: new Date(), modifiedBy: auth.userId };
    const saved = image ? await this.saveImage(auth, image) : null;
    if (saved) patch.image = saved;
    else if (dto.image === LOGO_DELETE_MARKER) patch.image = null;
    try {
      // One unit of work: the change, the practice's new list of doctors (when it changes) and the audit row.
      await this.unitOfWork.run(async () => {
        await this.repo.save(id, patch);
        if (doctorsChange) await this.doctors.setOfficeDoctors(id, doctorIds);
        await this.audit.recordBy(auth, { action: OFFICE_AUDIT.update, target: id });
      });
    } catch (error) {
      if (saved) await this.files.remove(saved);
      throw error;
    }
    // The previous image goes once the row no longer points at it.
    if (current.image && 'image' in patch && patch.image !== current.image) await this.files.remove(current.image);
    return this.row(auth, id);
  }

  /** Deletes the practice for good; its doctors stay, without a practice. */
  async delete(auth: AuthContext, id: string): Promise<DeleteResponse> {
    const current = await this.officeFor(auth, id, 'delete');
    // One unit of work: the doctors released (they stay, without a practice), the practice deleted, the audit row.
    await this.unitOfWork.run(async () => {
      await this.doctors.setOfficeDoctors(id, []);
      await this.repo.delete(id);
      await this.audit.recordBy(auth, { action: OFFICE_AUDIT.delete, target: id, meta: { name: current.name } });
    });
    if (current.image) await this.files.remove(current.image);
    return { success: true, _id: id };
  }

  // ---- helpers ----

  private form(base: OfficeForm, dto: OfficeWriteDto): OfficeForm {
    const form: OfficeForm = { ...base };
    for (const key of TEXT_FIELDS) if (dto[key] !== undefined) form[key] = dto[key]!.trim();
    const contact = dto.preferred ?? dto.contact_type;
    if (contact !== undefined) form.preferred = contact;
    return form;
  }

  private async check(form: OfficeForm, doctorIds: string[] | undefined): Promise<void> {
    const errors: ApiErrorEntry[] = validateDoctorOffice(form);
    if (doctorIds?.length && (await this.doctors.existing(doctorIds)).length !== doctorIds.length) {
      errors.push({ path: 'doctors', message: MASTERDATA_API_MESSAGES.officeDoctorUnknown });
    }
    if (errors.length) throw AppError.badRequest(errors.map((e) => ({ ...e, code: 'invalid' })));
  }

  private columns(form: OfficeForm) {
    return { name: form.name, street: form.street, zip: form.zip, city: form.city, contactType: form.preferred, phone: form.phone, mail: form.mail, fax: form.fax };
  }

  private async saveImage(auth: AuthContext, image: ImageUpload): Promise<string> {
    const file = await this.files.save(image.buffer, { accept: IMAGE_TYPES, message: UPLOAD_MESSAGES.image, maxBytes: MAX_IMAGE_BYTES, originalName: image.originalname, createdBy: auth.userId, path: 'image' });
    return file.id;
  }

  private doctorsRefused(): AppError {
    return new AppError(403, [{ path: 'doctors', code: 'forbidden', message: MASTERDATA_API_MESSAGES.officeAdminOrPharmacy }]);
  }

  private async officeFor(auth: AuthContext, id: string, action: DoctorOfficeAction | 'read'): Promise<OfficeRow & { doctorIds: string[] }> {
    const row = await this.repo.findById(id);
    doctorOfficePolicy.assert(auth, action, row ? { id: row.id, doctors: row.doctorIds } : null);
    return row!;
  }

  private async row(auth: AuthContext, id: string): Promise<DoctorOfficeDto> {
    const row = await this.repo.findRow(id, auth.userId);
    if (!row) throw AppError.notFound();
    return this.toDto(auth, row);
  }

}
