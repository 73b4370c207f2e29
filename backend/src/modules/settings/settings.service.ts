import { Injectable } from '@nestjs/common';
import type { SettingsDto } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { SettingsRepository } from './settings.repository.js';

@Injectable()
export class SettingsService {
  constructor(private readonly repo: SettingsRepository) {}

  /** Imprint fields for everyone; debtorId and instanceId only with settings_list. */
  async read(auth: AuthContext | undefined): Promise<SettingsDto> {
    const row = await this.repo.get();
    const dto: SettingsDto = {
      company: row?.company ?? '',
      street: row?.street ?? '',
      postalCode: row?.postalCode ?? '',
      city: row?.city ?? '',
      phone: row?.phone ?? '',
      fax: row?.fax ?? '',
      email: row?.email ?? '',
      logo: row?.logo ?? null,
    };
    if (auth?.can('settings_list')) {
      dto.debtorId = row?.debtorId ?? '';
      dto.instanceId = row?.instanceId ?? '';
    }
    return dto;
  }
}
