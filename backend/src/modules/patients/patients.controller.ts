import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import type { ListResponse, PatientDto, PatientDuplicatesResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { PatientDuplicatesQueryDto, type PatientListQuery, patientListQueryPipe } from './dto/patient-list-query.js';
import { PatientWriteDto } from './dto/patient-write.dto.js';
import { PatientsService } from './patients.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/** Patients (/api/patients). The service checks each record against the caller. */
@Controller('patients')
export class PatientsController {
  constructor(private readonly patients: PatientsService) {}

  /** The non-blocking duplicate warning the form asks for before saving. Declared before :id. */
  @Get('duplicates')
  @RequirePermission('patient_create_view', 'patient_edit_view')
  duplicates(@CurrentAuth() auth: AuthContext, @Query() query: PatientDuplicatesQueryDto): Promise<PatientDuplicatesResponse> {
    return this.patients.duplicates(auth, query);
  }

  @Get()
  @RequirePermission('patient_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(patientListQueryPipe) query: PatientListQuery): Promise<ListResponse<PatientDto>> {
    return this.patients.list(auth, query);
  }

  @RecordRoute({ subject: 'Patient', params: ['id'], action: 'read' })
  @Get(':id')
  @RequirePermission('patient_list_view')
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<PatientDto> {
    return this.patients.get(auth, id);
  }

  @Post()
  @RequirePermission('patient_create_view')
  create(@CurrentAuth() auth: AuthContext, @Body() dto: PatientWriteDto): Promise<PatientDto> {
    return this.patients.create(auth, dto);
  }

  /** Edit; `deactivated: false` reactivates (delete right), `deactivated: true` deactivates. */
  @RecordRoute({ subject: 'Patient', params: ['id'], action: 'update', bodyActions: { deactivated: 'reactivate' } })
  @Put(':id')
  @RequirePermission('patient_edit_view', 'patient_delete_view')
  update(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: PatientWriteDto): Promise<PatientDto> {
    return this.patients.update(auth, id, dto);
  }

  /** Deactivation, never a deletion: the patient stays for the records until reactivated. */
  @RecordRoute({ subject: 'Patient', params: ['id'], action: 'deactivate' })
  @Delete(':id')
  @RequirePermission('patient_delete_view')
  deactivate(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<PatientDto> {
    return this.patients.deactivate(auth, id);
  }
}
