import {
  BadRequestException,
  Body,
  type CallHandler,
  Controller,
  type ExecutionContext,
  Get,
  Injectable,
  type NestInterceptor,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
  StreamableFile,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import {
  EVENT_ATTACHMENT_MAX_BYTES,
  EVENT_ATTACHMENT_MAX_FILES,
  EVENT_MESSAGES,
  type EventListItemDto,
  type ListResponse,
  type TaskEventCreateResponse,
  type TaskEventDto,
  type TaskEventMetaResponse,
  type TaskSeenResponse,
} from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { type AuthedRequest, CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { NotARecord, RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { type EventListQuery, eventListQueryPipe, eventMetaQueryPipe, EventsSeenDto, type TaskEventQuery, taskEventQueryPipe, TaskEventsSeenDto, TaskEventWriteDto } from './dto/task-event.dto.js';
import { type EventUpload, TaskEventsService } from './task-events.service.js';
import { TaskPrintService } from './task-print.service.js';
import { contentDisposition } from '../../core/http/content-disposition.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/**
 * Multipart attachments of a chat message: up to 5 files, 10 MB each (one byte more still reaches
 * the service, which answers 413). multer stops reading a file at the limit and drains the rest of
 * the body without keeping it, so a 50 MB upload is refused without being buffered. A sixth file
 * answers the feed's own message instead of multer's. File names are read as UTF-8 (browsers send
 * them so; multer's default would read latin1).
 */
@Injectable()
class EventUploadInterceptor implements NestInterceptor {
  private readonly multer = new (AnyFilesInterceptor({ defParamCharset: 'utf8', limits: { fileSize: EVENT_ATTACHMENT_MAX_BYTES + 1, files: EVENT_ATTACHMENT_MAX_FILES } }))();

  constructor(private readonly events: TaskEventsService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    // The task first: for an order the caller may not read (or none at all) the answer is 404
    // before a byte of the upload is read, so nobody makes the server take in 50 MB for a foreign id.
    const req = context.switchToHttp().getRequest<AuthedRequest & { params: Record<string, string | undefined> }>();
    // (The guards before this one have signed the caller in; without a caller there is no task to show.)
    if (!req.auth) throw AppError.notFound();
    await this.events.assertReadable(req.auth, req.params.id ?? '');
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      const code = error instanceof BadRequestException ? (error.cause as { code?: unknown } | undefined)?.code : undefined;
      if (code === 'LIMIT_FILE_COUNT') throw AppError.badRequest([{ path: 'files', code: 'too_many', message: EVENT_MESSAGES.tooManyFiles }]);
      throw error;
    }
  }
}

/** The event feed of one order (/api/tasks/{id}/events), and its print sheet. */
@Controller('tasks')
export class TaskEventsController {
  constructor(
    private readonly events: TaskEventsService,
    private readonly print: TaskPrintService,
  ) {}

  @RecordRoute({ subject: 'Task', params: ['id'], action: 'content' })
  @Get(':id/events')
  @RequirePermission('task_list_view')
  feed(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Query(taskEventQueryPipe) query: TaskEventQuery): Promise<ListResponse<TaskEventDto>> {
    return this.events.feed(auth, id, query);
  }

  /** Multipart: type=message, data (the text), files (up to 5 attachments). */
  @RecordRoute({ subject: 'Task', params: ['id'], action: 'content' })
  @Post(':id/events')
  @RequirePermission('task_list_view')
  @UseInterceptors(EventUploadInterceptor)
  create(
    @CurrentAuth() auth: AuthContext,
    @Param('id', notFoundOnBadId) id: string,
    @Body() dto: TaskEventWriteDto,
    @UploadedFiles() files?: EventUpload[],
  ): Promise<TaskEventCreateResponse> {
    return this.events.create(auth, id, dto, files ?? []);
  }

  /** `{seen: true}`: every event of the task is seen by the caller (on leaving the feed). */
  @RecordRoute({ subject: 'Task', params: ['id'], action: 'content' })
  @Put(':id/events')
  @RequirePermission('task_list_view')
  markSeen(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() _dto: TaskEventsSeenDto): Promise<TaskSeenResponse> {
    return this.events.markTaskSeen(auth, id);
  }

  /** An attachment as a download (its sniffed type, never rendered inline); the path names the task `taskId`, as the spec does. */
  @RecordRoute({ subject: 'Task', params: ['taskId'], action: 'content', part: true })
  @Get(':taskId/events/:eventId/attachment/:name')
  @RequirePermission('task_list_view')
  async attachment(
    @CurrentAuth() auth: AuthContext,
    @Param('taskId', notFoundOnBadId) taskId: string,
    @Param('eventId') eventId: string,
    @Param('name') name: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.events.attachment(auth, taskId, eventId, name);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.data, { type: file.row.mimeType, disposition: contentDisposition(name), length: file.data.length });
  }

  /** The order sheet (PDF), shown inline in the browser's viewer. */
  @RecordRoute({ subject: 'Task', params: ['id'], action: 'content' })
  @Get(':id/print')
  @RequirePermission('task_action_print_view')
  async sheet(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const pdf = await this.print.sheet(auth, id);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: 'inline; filename="auftrag.pdf"', length: pdf.length });
  }
}

/** Events across orders (/api/events): notifications, unread counts, mark seen. */
@Controller('events')
export class EventsController {
  constructor(private readonly events: TaskEventsService) {}

  @Get()
  @RequirePermission('task_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(eventListQueryPipe) query: EventListQuery): Promise<ListResponse<EventListItemDto>> {
    return this.events.list(auth, query);
  }

  /** ?tasks=a,b (at most 100): events, seen, lastSender and error per task the caller may read. */
  @Get('meta')
  @RequirePermission('task_list_view')
  meta(@CurrentAuth() auth: AuthContext, @Query(eventMetaQueryPipe) tasks: string[]): Promise<TaskEventMetaResponse> {
    return this.events.meta(auth, tasks);
  }

  /** Declared before :id/seen. */
  @Put('seen')
  @RequirePermission('task_list_view')
  markManySeen(@CurrentAuth() auth: AuthContext, @Body() dto: EventsSeenDto): Promise<TaskSeenResponse> {
    return this.events.markManySeen(auth, dto);
  }

  @NotARecord("An event id: the service answers 404 unless the event's task is readable under the Task policy (tested in task-events.e2e-spec).")
  @Put(':id/seen')
  @RequirePermission('task_list_view')
  markSeen(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<TaskSeenResponse> {
    return this.events.markOneSeen(auth, id);
  }
}
