import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { DeleteResponse, DoctorOfficeDto, ListResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { MAX_IMAGE_BYTES } from '../../core/files/file-types.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { type OfficeListQuery, officeListQueryPipe } from './dto/office-list-query.js';
import { OfficeWriteDto } from './dto/office-write.dto.js';
import { type ImageUpload, OfficesService } from './offices.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });
// One byte over the limit still reaches FilesService, which answers 413 with the field path.
const imageUpload = () => FileInterceptor('image', { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1 } });

/**
 * Doctors' practices (screens /v3/arztpraxis…, API /api/doctors/offices). Registered before
 * the doctors controller so that /api/doctors/offices is never taken for a doctor's id.
 */
@Controller('doctors/offices')
export class OfficesController {
  constructor(private readonly offices: OfficesService) {}

  @Get()
  @RequirePermission('doctor_office_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(officeListQueryPipe) query: OfficeListQuery): Promise<ListResponse<DoctorOfficeDto>> {
    return this.offices.list(auth, query);
  }

  /** JSON, or multipart with the image file as "image". */
  @Post()
  @RequirePermission('doctor_office_create_view')
  @UseInterceptors(imageUpload())
  create(@CurrentAuth() auth: AuthContext, @Body() dto: OfficeWriteDto, @UploadedFile() image?: ImageUpload): Promise<DoctorOfficeDto> {
    return this.offices.create(auth, dto, image);
  }

  @RecordRoute({ subject: 'DoctorOffice', params: ['id'], action: 'read' })
  @Get(':id')
  @RequirePermission('doctor_office_list_view')
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<DoctorOfficeDto> {
    return this.offices.get(auth, id);
  }

  /** The practice's image; 404 when it has none. */
  @RecordRoute({ subject: 'DoctorOffice', params: ['id'], action: 'read', part: true })
  @Get(':id/image')
  @RequirePermission('doctor_office_list_view')
  async image(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.offices.image(auth, id);
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'", 'Cache-Control': 'private, max-age=300' });
    return new StreamableFile(file.data, { type: file.row.mimeType, length: file.data.length });
  }

  @RecordRoute({ subject: 'DoctorOffice', params: ['id'], action: 'update' })
  @Put(':id')
  @RequirePermission('doctor_office_edit_view')
  @UseInterceptors(imageUpload())
  update(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: OfficeWriteDto, @UploadedFile() image?: ImageUpload): Promise<DoctorOfficeDto> {
    return this.offices.update(auth, id, dto, image);
  }

  /** Deletes the practice; its doctors stay, without a practice. */
  @RecordRoute({ subject: 'DoctorOffice', params: ['id'], action: 'delete' })
  @Delete(':id')
  @RequirePermission('doctor_office_delete_view')
  delete(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<DeleteResponse> {
    return this.offices.delete(auth, id);
  }
}
