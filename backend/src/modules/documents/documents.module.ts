import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';

/** Prescription requests to practices: composing one document per doctor from the selected orders. */
@Module({
  imports: [TasksModule],
  controllers: [DocumentsController],
  providers: [DocumentsRepository, DocumentsService],
})
export class DocumentsModule {}
