import { Global, Module } from '@nestjs/common';
import { PasswordService } from './password.service.js';
import { SessionEvents } from './session-events.js';
import { SessionService } from './session.service.js';
import { SessionsRepository } from './sessions.repository.js';

@Global()
@Module({
  providers: [SessionsRepository, SessionService, SessionEvents, PasswordService],
  exports: [SessionService, SessionEvents, PasswordService],
})
export class AuthCoreModule {}
