import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { TasksModule } from '../tasks/tasks.module.js';
import { DocumentSendingService } from './document-sending.service.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';

/** Prescription requests to practices: composing one document per doctor from the selected orders, and sending them through the outbox. */
@Module({
  imports: [TasksModule, SettingsModule],
  controllers: [DocumentsController],
  providers: [DocumentsRepository, DocumentsService, DocumentSendingService],
})
export class DocumentsModule {}
