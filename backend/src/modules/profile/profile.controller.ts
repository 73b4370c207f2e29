import { Body, Controller, Get, Header, Param, ParseUUIDPipe, Put, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { ProfileUpdateResponse, UserDto } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { MAX_IMAGE_BYTES } from '../../core/files/file-types.js';
import { AllowOncePassword, RecordRoute, SignedIn } from '../../core/permissions/access.decorators.js';
import { ProfileUpdateDto } from './dto/profile-update.dto.js';
import { ProfileService, type UploadedBlob } from './profile.service.js';

export const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/** The own profile (any signed-in user, also during a forced password change); others need user-edit-btn (checked in the service). */
@Controller('users/:id/profile')
@SignedIn()
@AllowOncePassword()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  @RecordRoute({ subject: 'User', params: ['id'], action: 'profile' })
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<UserDto> {
    return this.profile.get(auth, id);
  }

  @Put()
  @RecordRoute({ subject: 'User', params: ['id'], action: 'profile', bodyActions: { password: 'profilePassword' } })
  @UseInterceptors(FileInterceptor('avatar', { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }))
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', notFoundOnBadId) id: string,
    @Body() dto: ProfileUpdateDto,
    @UploadedFile() avatar?: UploadedBlob,
  ): Promise<ProfileUpdateResponse> {
    return this.profile.update(auth, id, dto, avatar);
  }
}

/** The avatar bytes behind the `avatar` URL of a user record (own, or a user the caller may see). */
@Controller('users/:id/avatar')
@SignedIn()
@AllowOncePassword()
export class AvatarController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  @RecordRoute({ subject: 'User', params: ['id'], action: 'read', part: true })
  @Header('Cache-Control', 'private, max-age=86400')
  @Header('X-Content-Type-Options', 'nosniff')
  async get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<StreamableFile> {
    const avatar = await this.profile.avatar(auth, id);
    return new StreamableFile(avatar.data, { type: avatar.mimeType, length: avatar.data.length });
  }
}
