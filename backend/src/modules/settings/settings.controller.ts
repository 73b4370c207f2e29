import { Controller, Get } from '@nestjs/common';
import type { SettingsDto } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { Public } from '../../core/permissions/access.decorators.js';
import { SettingsService } from './settings.service.js';

@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @Public()
  read(@CurrentAuth() auth: AuthContext | undefined): Promise<SettingsDto> {
    return this.settings.read(auth);
  }
}
