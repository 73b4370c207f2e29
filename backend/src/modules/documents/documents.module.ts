import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module.js';
import { TasksModule } from '../tasks/tasks.module.js';
import { DocumentSendingService } from './document-sending.service.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { RequestRemindersService } from './request-reminders.service.js';
import { RequestTrackerRepository } from './request-tracker.repository.js';
import { RequestTrackerService } from './request-tracker.service.js';

/**
 * Prescription requests to practices: composing one document per doctor from the selected orders,
 * sending them through the outbox, and tracking each order's request until the prescription is in
 * (with reminders of unanswered ones).
 */
@Module({
  imports: [TasksModule, SettingsModule],
  controllers: [DocumentsController],
  providers: [DocumentsRepository, DocumentsService, DocumentSendingService, RequestTrackerRepository, RequestTrackerService, RequestRemindersService],
})
export class DocumentsModule {}
