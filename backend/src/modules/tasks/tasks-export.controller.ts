import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import { exportFileName } from '@mediport/contracts/import';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { RequirePermission } from '../../core/permissions/access.decorators.js';
import { taskSheetFile } from '../import/task-sheet.js';
import { type TaskListQuery, taskListQueryPipe } from './dto/task-list-query.js';
import { TasksExportService } from './tasks-export.service.js';

/**
 * GET /api/tasks/export: the orders list's filter (the same query as GET /api/tasks) as .xlsx in
 * the import's column layout, so a care home's list goes out and comes back in. Registered before
 * the tasks controller, whose `:id` would take "export".
 */
@Controller('tasks')
export class TasksExportController {
  constructor(private readonly exports: TasksExportService) {}

  @Get('export')
  @RequirePermission('task_list_view')
  async export(@CurrentAuth() auth: AuthContext, @Query(taskListQueryPipe) query: TaskListQuery, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const rows = await this.exports.rows(auth, query);
    res.setHeader('Cache-Control', 'private, no-store');
    return taskSheetFile(rows, exportFileName());
  }
}
