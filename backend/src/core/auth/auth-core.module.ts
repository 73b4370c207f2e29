import { Global, Module } from '@nestjs/common';
import { PasswordService } from './password.service.js';
import { SessionBroadcast } from './session-broadcast.js';
import { SessionEvents } from './session-events.js';
import { SessionService } from './session.service.js';
import { SessionsRepository } from './sessions.repository.js';

@Global()
@Module({
  providers: [SessionsRepository, SessionService, SessionEvents, SessionBroadcast, PasswordService],
  exports: [SessionService, SessionEvents, PasswordService],
})
export class AuthCoreModule {}
