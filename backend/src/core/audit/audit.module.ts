import { Global, Module } from '@nestjs/common';
import { ActorService } from './actor.service.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';

@Global()
@Module({ providers: [AuditRepository, ActorService, AuditService], exports: [AuditService, ActorService] })
export class AuditModule {}
