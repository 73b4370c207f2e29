import { Global, Module } from '@nestjs/common';
import { PasswordService } from './password.service.js';
import { SessionService } from './session.service.js';
import { SessionsRepository } from './sessions.repository.js';

@Global()
@Module({
  providers: [SessionsRepository, SessionService, PasswordService],
  exports: [SessionService, PasswordService],
})
export class AuthCoreModule {}
