import { Injectable } from '@nestjs/common';
import type { ListResponse, MedicineDto, MedicineGroup } from '@mediport/contracts';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { AppError } from '../../core/errors/app-error.js';
import type { MedicineListQuery } from './dto/medicine-list-query.js';
import type { MedicineToggleDto } from './dto/medicine-toggle.dto.js';
import { medicineNotFound } from './medicines.errors.js';
import { type MedicineRow, MedicinesRepository } from './medicines.repository.js';

export const MEDICINE_AUDIT = { activate: 'medicine.activate', disable: 'medicine.disable' } as const;

function toDto(row: MedicineRow): MedicineDto {
  return { _id: row.id, name: row.name, group: row.group as MedicineGroup, disabled: row.disabled };
}

@Injectable()
export class MedicinesService {
  constructor(
    private readonly repo: MedicinesRepository,
    private readonly audit: AuditService,
  ) {}

  async list(query: MedicineListQuery): Promise<ListResponse<MedicineDto>> {
    const { rows, count } = await this.repo.list(query);
    return { data: rows.map(toDto), count };
  }

  /** Enabling needs medicine_activate_view, disabling medicine_disable_view (declared at the route). */
  async toggle(auth: AuthContext, dto: MedicineToggleDto): Promise<MedicineDto> {
    const found = dto._id !== undefined ? await this.repo.findById(dto._id) : await this.repo.findByName(dto.name!.trim());
    if (!found) throw medicineNotFound();
    if (found.disabled === dto.disabled) return toDto(found);
    const row = (await this.repo.setDisabled(found.id, dto.disabled)) ?? found;
    await this.audit.recordBy(auth, { action: dto.disabled ? MEDICINE_AUDIT.disable : MEDICINE_AUDIT.activate,
      target: row.id,
      meta: { name: row.name },
    });
    return toDto(row);
  }

  /** Whether a medicine of that name (any case) was deactivated: it is not ordered any more. */
  async isDisabled(name: string): Promise<boolean> {
    return (await this.repo.findByName(name.trim()))?.disabled ?? false;
  }

  /**
   * The medicine of that name (any case), created when new: medicines are created by name this way;
   * there is no create route or screen.
   */
  async ensure(name: string, group: MedicineGroup = 'medicine'): Promise<MedicineDto> {
    return toDto(await this.repo.ensure(name.trim(), group));
  }
}
