import { Body, Controller, Get, HttpCode, Ip, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import type { AuthRecord } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AllowOncePassword, Public, RecordRoute, RequirePermission, SignedIn } from '../../core/permissions/access.decorators.js';
import { AppError } from '../../core/errors/app-error.js';
import { AuthService } from './auth.service.js';
import { LoginDto } from './dto/login.dto.js';
import { SwitchBackDto } from './dto/switch-back.dto.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

// @AllowOncePassword per route, never on the class: masquerading must wait for the password change.
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post()
  @Public()
  @AllowOncePassword()
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Ip() address: string | undefined): Promise<AuthRecord> {
    return this.auth.login(dto.username, dto.password, address ?? '');
  }

  @Get('session')
  @SignedIn()
  @AllowOncePassword()
  session(@CurrentAuth() auth: AuthContext): Promise<AuthRecord> {
    return this.auth.record(auth);
  }

  @Post('logout')
  @SignedIn()
  @AllowOncePassword()
  @HttpCode(204)
  async logout(@CurrentAuth() auth: AuthContext): Promise<void> {
    await this.auth.logout(auth);
  }

  @Post('masquerade/:userId')
  @RequirePermission('masquerade_view')
  @RecordRoute({ subject: 'User', params: ['userId'], action: 'masquerade' })
  @HttpCode(200)
  masquerade(@CurrentAuth() auth: AuthContext, @Param('userId', notFoundOnBadId) userId: string): Promise<AuthRecord> {
    return this.auth.masquerade(auth, userId);
  }

  @Post('switch-back')
  @SignedIn()
  @AllowOncePassword()
  @HttpCode(200)
  switchBack(@CurrentAuth() auth: AuthContext, @Body() dto: SwitchBackDto): Promise<AuthRecord> {
    return this.auth.switchBack(auth, dto.switchBackToken);
  }
}
