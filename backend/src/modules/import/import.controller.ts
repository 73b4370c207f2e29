import { Body, Controller, Get, HttpCode, Post, Put, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { IMPORT_MESSAGES, type ImportCounts, type ImportPreview, type ImportProgress } from '@mediport/contracts/import';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { RequirePermission } from '../../core/permissions/access.decorators.js';
import { ImportTaskDto } from './dto/import-task.dto.js';
import { ImportProgressRegistry, type ProgressHandle } from './import-progress.js';
import { ImportUploadInterceptor, type ImportUpload, jobOf, UploadProgress } from './import-upload.interceptor.js';
import { ImportService } from './import.service.js';
import { exampleRow, taskSheetFile } from './task-sheet.js';

/**
 * The spreadsheet import of orders (/anforderungen/import): the dry run, the import, the
 * progress of either while it runs, and the template. Multipart: `file` (.xlsx or .csv),
 * `filterPharma`, `insertHomes`, `insertHomeGroups`; `?job=<uuid>` names the upload for the progress.
 */
@Controller('import/task')
export class ImportController {
  constructor(
    private readonly imports: ImportService,
    private readonly progress: ImportProgressRegistry,
  ) {}

  /** Writes everything or nothing; answers the spec's counts. */
  @Put()
  @RequirePermission('task_import_view')
  @UseInterceptors(ImportUploadInterceptor)
  import(
    @CurrentAuth() auth: AuthContext,
    @Body() dto: ImportTaskDto,
    @Query('job') _job: string | undefined,
    @UploadProgress() progress: ProgressHandle,
    @UploadedFile() file?: ImportUpload,
  ): Promise<ImportCounts> {
    return this.imports.import(auth, file, dto, progress);
  }

  /** The dry run: what the import would write, and every problem with row and column. */
  @Post('preview')
  @HttpCode(200)
  @RequirePermission('task_import_view')
  @UseInterceptors(ImportUploadInterceptor)
  preview(
    @CurrentAuth() auth: AuthContext,
    @Body() dto: ImportTaskDto,
    @Query('job') _job: string | undefined,
    @UploadProgress() progress: ProgressHandle,
    @UploadedFile() file?: ImportUpload,
  ): Promise<ImportPreview> {
    return this.imports.preview(auth, file, dto, progress);
  }

  /** How far the caller's upload `job` (required) has come, as this instance saw it. */
  @Get('progress')
  @RequirePermission('task_import_view')
  status(@CurrentAuth() auth: AuthContext, @Query('job') job: string | undefined): ImportProgress {
    const id = jobOf(job);
    if (!id) throw new AppError(400, [{ path: 'job', code: 'invalid', message: IMPORT_MESSAGES.badJob }]);
    return this.progress.get(auth.userId, id);
  }

  /** "Vorlage herunterladen": the headers, one example row and the list of order types on the column Art. */
  @Get('template')
  @RequirePermission('task_import_view')
  template(@Res({ passthrough: true }) res: Response): StreamableFile {
    res.setHeader('Cache-Control', 'private, no-store');
    return taskSheetFile([exampleRow()], 'Vorlage_Auftragsimport.xlsx');
  }
}
