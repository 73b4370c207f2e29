import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { DeleteResponse, HomeDto, HomeGroupDto, ListResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { MAX_IMAGE_BYTES } from '../../core/files/file-types.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { HomeGroupWriteDto } from './dto/home-group-write.dto.js';
import { type HomeListQuery, homeListQueryPipe } from './dto/home-list-query.js';
import { HomeWriteDto } from './dto/home-write.dto.js';
import { HomesService, type LogoUpload } from './homes.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });
// One byte over the limit still reaches FilesService, which answers 413 with the field path.
const logoUpload = () => FileInterceptor('logo', { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1 } });

/** Care homes and their living areas (/api/homes). */
@Controller()
export class HomesController {
  constructor(private readonly homes: HomesService) {}

  @Get('homes')
  @RequirePermission('home_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(homeListQueryPipe) query: HomeListQuery): Promise<ListResponse<HomeDto>> {
    return this.homes.list(auth, query);
  }

  /** Multipart (or JSON): the fields, the sender logo as "logo". */
  @Post('homes')
  @RequirePermission('home_create_view')
  @UseInterceptors(logoUpload())
  create(@CurrentAuth() auth: AuthContext, @Body() dto: HomeWriteDto, @UploadedFile() logo?: LogoUpload): Promise<HomeDto> {
    return this.homes.create(auth, dto, logo);
  }

  @RecordRoute({ subject: 'Home', params: ['id'], action: 'read' })
  @Get('homes/:id')
  @RequirePermission('home_list_view')
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<HomeDto> {
    return this.homes.get(auth, id);
  }

  /** The sender logo; 404 when none is set. */
  @RecordRoute({ subject: 'Home', params: ['id'], action: 'read', part: true })
  @Get('homes/:id/logo')
  @RequirePermission('home_list_view')
  async logo(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.homes.logo(auth, id);
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'", 'Cache-Control': 'private, max-age=300' });
    return new StreamableFile(file.data, { type: file.row.mimeType, length: file.data.length });
  }

  /** Multipart (or JSON): changed fields, a new logo as "logo" or logo=_delete; deactivated=false reactivates. */
  @RecordRoute({ subject: 'Home', params: ['id'], action: 'update', bodyActions: { deactivated: 'reactivate' } })
  @Put('homes/:id')
  @RequirePermission('home_edit_view', 'home_delete_view')
  @UseInterceptors(logoUpload())
  update(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: HomeWriteDto, @UploadedFile() logo?: LogoUpload): Promise<HomeDto> {
    return this.homes.update(auth, id, dto, logo);
  }

  /** Deactivation: the home is kept (contracts, patients, users) and hidden from lists. */
  @RecordRoute({ subject: 'Home', params: ['id'], action: 'deactivate' })
  @Delete('homes/:id')
  @RequirePermission('home_delete_view')
  deactivate(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<HomeDto> {
    return this.homes.deactivate(auth, id);
  }

  @RecordRoute({ subject: 'Home', params: ['id'], action: 'read' })
  @Get('homes/:id/groups')
  @RequirePermission('home_list_view')
  groups(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<ListResponse<HomeGroupDto>> {
    return this.homes.groups(auth, id);
  }

  @RecordRoute({ subject: 'Home', params: ['id'], action: 'groups' })
  @Post('homes/:id/groups')
  @RequirePermission('home_group_edit_view')
  createGroup(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: HomeGroupWriteDto): Promise<HomeGroupDto> {
    return this.homes.createGroup(auth, id, dto);
  }

  @RecordRoute({ subject: 'HomeGroup', params: ['id', 'groupId'], action: 'update' })
  @Put('homes/:id/groups/:groupId')
  @RequirePermission('home_group_edit_view')
  renameGroup(
    @CurrentAuth() auth: AuthContext,
    @Param('id', notFoundOnBadId) id: string,
    @Param('groupId', notFoundOnBadId) groupId: string,
    @Body() dto: HomeGroupWriteDto,
  ): Promise<HomeGroupDto> {
    return this.homes.renameGroup(auth, id, groupId, dto);
  }

  /** Refused with 409 while active patients live in the area. */
  @RecordRoute({ subject: 'HomeGroup', params: ['groupId'], action: 'delete' })
  @Delete('homegroups/:groupId')
  @RequirePermission('home_group_edit_view')
  deleteGroup(@CurrentAuth() auth: AuthContext, @Param('groupId', notFoundOnBadId) groupId: string): Promise<DeleteResponse> {
    return this.homes.deleteGroup(auth, groupId);
  }
}
