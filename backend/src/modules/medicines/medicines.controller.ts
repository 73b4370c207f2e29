import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type { ListResponse, MedicineDto } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { RequirePermission, RequirePermissionByBody } from '../../core/permissions/access.decorators.js';
import { type MedicineListQuery, medicineListQueryPipe } from './dto/medicine-list-query.js';
import { MedicineToggleDto } from './dto/medicine-toggle.dto.js';
import { MedicinesService } from './medicines.service.js';

@Controller('medicine')
export class MedicinesController {
  constructor(private readonly medicines: MedicinesService) {}

  @Get()
  @RequirePermission('medicine_list_view')
  list(@Query(medicineListQueryPipe) query: MedicineListQuery): Promise<ListResponse<MedicineDto>> {
    return this.medicines.list(query);
  }

  /** Enables (medicine_activate_view) or disables (medicine_disable_view) one medicine, by the body's `disabled`. */
  @Put()
  @RequirePermissionByBody('disabled', { true: 'medicine_disable_view', false: 'medicine_activate_view' })
  toggle(@CurrentAuth() auth: AuthContext, @Body() dto: MedicineToggleDto): Promise<MedicineDto> {
    return this.medicines.toggle(auth, dto);
  }
}
