import { Module } from '@nestjs/common';
import { OutboxAdminController } from './outbox-admin.controller.js';
import { OutboxAdminRepository } from './outbox-admin.repository.js';
import { OutboxAdminService } from './outbox-admin.service.js';

/** GET /api/outbox and "Erneut senden" for the administration; the outbox itself is core/outbox. */
@Module({ controllers: [OutboxAdminController], providers: [OutboxAdminRepository, OutboxAdminService] })
export class OutboxAdminModule {}
