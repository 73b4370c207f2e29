import { Injectable } from '@nestjs/common';
import {
  type ApiErrorEntry,
  LOGO_DELETE_MARKER,
  SETTINGS_LOGO_PATH,
  SETTINGS_MESSAGES,
  type SettingsAdminDto,
  type SettingsDto,
} from '@mediport/contracts';
import { compactSepaInput, formatIban } from '@mediport/contracts/payment';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { AppError } from '../../core/errors/app-error.js';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { FilesService, type StoredFile } from '../../core/files/files.service.js';
import type { SettingsUpdateDto } from './dto/settings-update.dto.js';
import { type SettingsPatch, SettingsRepository, type SettingsRow } from './settings.repository.js';

export const SETTINGS_AUDIT_ACTION = 'settings.update';

export interface LogoUpload {
  buffer: Buffer;
  originalname?: string;
}

const OPERATOR_FIELDS = ['company', 'street', 'postalCode', 'city', 'phone', 'fax', 'email'] as const;

@Injectable()
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly files: FilesService,
    private readonly audit: AuditService,
  ) {}

  /** Imprint fields and the logo for everyone; debtorId, instanceId and the partner flag only with settings_list. */
  async read(auth: AuthContext | undefined): Promise<SettingsDto | SettingsAdminDto> {
    const row = await this.repo.get();
    const dto: SettingsDto = {
      company: row?.company ?? '',
      street: row?.street ?? '',
      postalCode: row?.postalCode ?? '',
      city: row?.city ?? '',
      phone: row?.phone ?? '',
      fax: row?.fax ?? '',
      email: row?.email ?? '',
      // A versioned address: a new logo gets a new URL, so caches never show the old one.
      logo: row?.logo ? `${SETTINGS_LOGO_PATH}?v=${row.logo}` : null,
    };
    if (!auth?.can('settings_list')) return dto;
    return {
      ...dto,
      debtorId: row?.debtorId ?? '',
      instanceId: row?.instanceId ?? '',
      partnerInstance: row?.partnerInstance ?? false,
      creditorId: row?.creditorId ?? '',
      creditorIban: formatIban(row?.creditorIban ?? ''),
      creditorBic: row?.creditorBic ?? '',
    };
  }

  /**
   * Saves the operator data. debtorId and instanceId: only an administrator may change them
   * (others may resend the stored value; a different one is refused with 403). On a
   * partner-platform instance the company name cannot change (403).
   */
  async update(auth: AuthContext, dto: SettingsUpdateDto, logo?: LogoUpload): Promise<SettingsAdminDto> {
    const row = await this.repo.get();
    if (!row) throw AppError.notFound();
    this.assertMayChange(auth, row, dto);

    const patch: SettingsPatch = {};
    for (const key of OPERATOR_FIELDS) patch[key] = dto[key].trim();
    // The direct-debit creditor: stored without spaces, upper case (absent: unchanged).
    for (const key of ['creditorId', 'creditorIban', 'creditorBic'] as const) if (dto[key] !== undefined) patch[key] = compactSepaInput(dto[key]);
    if (auth.user.roles.includes('ROLE_ADMIN')) {
      if (dto.debtorId !== undefined) patch.debtorId = dto.debtorId.trim();
      if (dto.instanceId !== undefined) patch.instanceId = dto.instanceId.trim();
    }

    let saved: string | null = null;
    if (logo) {
      saved = (await this.files.save(logo.buffer, { accept: IMAGE_TYPES, message: UPLOAD_MESSAGES.image, maxBytes: MAX_IMAGE_BYTES, originalName: logo.originalname, createdBy: auth.userId, path: 'logo' })).id;
      patch.logo = saved;
    } else if (dto.logo === LOGO_DELETE_MARKER) {
      patch.logo = null;
    }

    try {
      await this.repo.update(patch, auth.userId);
    } catch (error) {
      if (saved) await this.files.remove(saved);
      throw error;
    }
    // The previous logo file goes once the row no longer points at it.
    if (row.logo && 'logo' in patch && patch.logo !== row.logo) await this.files.remove(row.logo);

    const changed = (Object.keys(patch) as (keyof SettingsPatch)[]).filter((k) => patch[k] !== row[k]);
    await this.audit.recordBy(auth, { action: SETTINGS_AUDIT_ACTION, target: 'settings', meta: { changed } });
    return (await this.read(auth)) as SettingsAdminDto;
  }

  /** The stored logo (public: imprint, documents); null when none is set. */
  async logo(): Promise<StoredFile | null> {
    const row = await this.repo.get();
    return row?.logo ? this.files.read(row.logo) : null;
  }

  private assertMayChange(auth: AuthContext, row: SettingsRow, dto: SettingsUpdateDto): void {
    const refused: ApiErrorEntry[] = [];
    if (!auth.user.roles.includes('ROLE_ADMIN')) {
      for (const key of ['debtorId', 'instanceId'] as const) {
        if (dto[key] !== undefined && dto[key].trim() !== row[key]) refused.push({ path: key, code: 'forbidden', message: SETTINGS_MESSAGES.adminOnly });
      }
    }
    if (row.partnerInstance && dto.company.trim() !== row.company) {
      refused.push({ path: 'company', code: 'forbidden', message: SETTINGS_MESSAGES.partnerCompany });
    }
    if (refused.length) throw new AppError(403, refused);
  }
}
