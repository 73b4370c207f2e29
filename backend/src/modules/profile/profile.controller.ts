import { Body, Controller, Get, Param, ParseUUIDPipe, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { ProfileUpdateResponse, UserDto } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { AllowOncePassword, SignedIn } from '../../core/permissions/access.decorators.js';
import { ProfileUpdateDto } from './dto/profile-update.dto.js';
import { type AvatarFile, ProfileService } from './profile.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });
const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** The own profile (any signed-in user, also during a forced password change); others need user-edit-btn (checked in the service). */
@Controller('users/:id/profile')
@SignedIn()
@AllowOncePassword()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<UserDto> {
    return this.profile.get(auth, id);
  }

  @Put()
  @UseInterceptors(FileInterceptor('avatar', { limits: { fileSize: MAX_AVATAR_BYTES, files: 1 } }))
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', notFoundOnBadId) id: string,
    @Body() dto: ProfileUpdateDto,
    @UploadedFile() avatar?: AvatarFile,
  ): Promise<ProfileUpdateResponse> {
    return this.profile.update(auth, id, dto, avatar);
  }
}
