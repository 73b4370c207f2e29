import { Module } from '@nestjs/common';
import { TasksModule } from '../tasks/tasks.module.js';
import { ImportController } from './import.controller.js';
import { ImportPlanner } from './import-planner.js';
import { ImportProgressRegistry } from './import-progress.js';
import { ImportUploadInterceptor } from './import-upload.interceptor.js';
import { ImportRepository } from './import.repository.js';
import { ImportService } from './import.service.js';

/**
 * The spreadsheet import of orders (PUT /api/import/task, its dry run, progress and template). It
 * writes orders as the orders module does: their first feed event through the tasks repository,
 * the live announcements through TasksLive.
 */
@Module({
  imports: [TasksModule],
  controllers: [ImportController],
  providers: [ImportService, ImportPlanner, ImportRepository, ImportProgressRegistry, ImportUploadInterceptor],
})
export class ImportModule {}
