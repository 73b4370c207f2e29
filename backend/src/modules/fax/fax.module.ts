import { Module } from '@nestjs/common';
import { FaxCallbackController } from './fax-callback.controller.js';
import { FaxCallbackService } from './fax-callback.service.js';
import { FaxSignatureGuard } from './fax-signature.guard.js';

/**
 * The HTTP fax gateway's delivery reports (POST /api/fax/callback, docs/decisions/fax-gateway.md).
 * Sending itself is the outbox's fax transport (core/outbox/http-fax.gateway.ts).
 */
@Module({
  controllers: [FaxCallbackController],
  providers: [FaxCallbackService, FaxSignatureGuard],
})
export class FaxModule {}
