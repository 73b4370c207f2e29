import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import type { DoctorDto, ExpertisesResponse, ListResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { type DoctorListQuery, doctorListQueryPipe, type ExpertiseQuery, expertiseQueryPipe } from './dto/doctor-list-query.js';
import { DoctorWriteDto } from './dto/doctor-write.dto.js';
import { DoctorsService } from './doctors.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/** Doctors (/api/doctors). The service checks each record against the caller. */
@Controller('doctors')
export class DoctorsController {
  constructor(private readonly doctors: DoctorsService) {}

  /** Suggestions of the expertise field and values of the list's expertise filter. Declared before :id. */
  @Get('expertises')
  @RequirePermission('doctor_list_view', 'doctor_create_view', 'doctor_edit_view')
  expertises(@CurrentAuth() auth: AuthContext, @Query(expertiseQueryPipe) query: ExpertiseQuery): Promise<ExpertisesResponse> {
    return this.doctors.expertises(auth, query);
  }

  @Get()
  @RequirePermission('doctor_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(doctorListQueryPipe) query: DoctorListQuery): Promise<ListResponse<DoctorDto>> {
    return this.doctors.list(auth, query);
  }

  @RecordRoute({ subject: 'Doctor', params: ['id'], action: 'read' })
  @Get(':id')
  @RequirePermission('doctor_list_view')
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<DoctorDto> {
    return this.doctors.get(auth, id);
  }

  @Post()
  @RequirePermission('doctor_create_view')
  create(@CurrentAuth() auth: AuthContext, @Body() dto: DoctorWriteDto): Promise<DoctorDto> {
    return this.doctors.create(auth, dto);
  }

  /** Edit; `deactivated: false` reactivates (delete right), `deactivated: true` deactivates. */
  @RecordRoute({ subject: 'Doctor', params: ['id'], action: 'update', bodyActions: { deactivated: 'reactivate' } })
  @Put(':id')
  @RequirePermission('doctor_edit_view', 'doctor_delete_view')
  update(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: DoctorWriteDto): Promise<DoctorDto> {
    return this.doctors.update(auth, id, dto);
  }

  /** Deactivation, never a deletion: kept for documentation, ignored in billing, its users cannot sign in. */
  @RecordRoute({ subject: 'Doctor', params: ['id'], action: 'deactivate' })
  @Delete(':id')
  @RequirePermission('doctor_delete_view')
  deactivate(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<DoctorDto> {
    return this.doctors.deactivate(auth, id);
  }
}
