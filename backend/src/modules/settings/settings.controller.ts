import { Body, Controller, Get, Put, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { SettingsAdminDto, SettingsDto } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { MAX_IMAGE_BYTES } from '../../core/files/file-types.js';
import { Public, RequirePermission } from '../../core/permissions/access.decorators.js';
import { SettingsUpdateDto } from './dto/settings-update.dto.js';
import { type LogoUpload, SettingsService } from './settings.service.js';

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @Public()
  read(@CurrentAuth() auth: AuthContext | undefined): Promise<SettingsDto | SettingsAdminDto> {
    return this.settings.read(auth);
  }

  /** Multipart: the fields, plus the logo file as "logo" or logo=_delete. */
  @Put()
  @RequirePermission('settings_list')
  // One byte over the limit still reaches FilesService, which answers 413 with the field path.
  @UseInterceptors(FileInterceptor('logo', { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1 } }))
  update(@CurrentAuth() auth: AuthContext, @Body() dto: SettingsUpdateDto, @UploadedFile() logo?: LogoUpload): Promise<SettingsAdminDto> {
    return this.settings.update(auth, dto, logo);
  }

  /** The operator's logo, public like the imprint. */
  @Get('logo')
  @Public()
  async logo(@Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.settings.logo();
    if (!file) throw AppError.notFound();
    res.set({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'public, max-age=300',
    });
    return new StreamableFile(file.data, { type: file.row.mimeType, length: file.data.length });
  }
}
