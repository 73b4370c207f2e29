import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { ListResponse } from '@mediport/contracts';
import type { DocumentCreateResponse, DocumentMarkResponse, DocumentRequestResponse, DocumentResendResponse, DocumentTrackerDto } from '@mediport/contracts/documents';
import { AppError } from '../../core/errors/app-error.js';
import { RecordRoute } from '../../core/permissions/access.decorators.js';
import { DocumentCreateDto } from './dto/document-create.dto.js';
import { DocumentSendingService } from './document-sending.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { RequirePermission } from '../../core/permissions/access.decorators.js';
import { DocumentRequestDto, type DocumentRequestQuery, documentRequestQueryPipe } from './dto/document-request.dto.js';
import { DocumentsService } from './documents.service.js';
import { type DocumentListQuery, documentListQueryPipe } from './dto/document-list-query.js';
import { DocumentMarkDto } from './dto/document-mark.dto.js';
import { RequestTrackerService } from './request-tracker.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/** Prescription requests to practices (/api/documents). The service checks every listed order against the Task policy. */
@Controller('documents')
export class DocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly sending: DocumentSendingService,
    private readonly tracker: RequestTrackerService,
  ) {}

  /** The tracker: the requests the caller may read (Document policy), newest first, `filter[state]`, each order with its state and history. */
  @Get()
  @RequirePermission('task_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(documentListQueryPipe) query: DocumentListQuery): Promise<ListResponse<DocumentTrackerDto>> {
    return this.tracker.list(auth, query);
  }

  /** 'Bestätigt': the practice has the request (its own users, or the pharmacy on its behalf); `tasks` narrows it to some orders. */
  @RecordRoute({ subject: 'Document', params: ['id'], action: 'confirm' })
  @Post(':id/confirm')
  @HttpCode(200)
  @RequirePermission('task_list_view')
  confirm(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: DocumentMarkDto): Promise<DocumentMarkResponse> {
    return this.tracker.confirm(auth, id, dto);
  }

  /** 'Rezept eingegangen': the pharmacy has the prescription; `tasks` narrows it to some orders. */
  @RecordRoute({ subject: 'Document', params: ['id'], action: 'receive' })
  @Post(':id/received')
  @HttpCode(200)
  @RequirePermission('document_create')
  received(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: DocumentMarkDto): Promise<DocumentMarkResponse> {
    return this.tracker.receive(auth, id, dto);
  }

  /** `{type, documents: [{doctor, subject, content, tasks}]}`: one PDF per doctor, queued for sending. */
  @Post()
  @RequirePermission('document_create', 'task_action_mail_view', 'task_action_fax_view')
  create(@CurrentAuth() auth: AuthContext, @Body() dto: DocumentCreateDto): Promise<DocumentCreateResponse> {
    return this.sending.create(auth, dto);
  }

  /** 'Erneut senden': a failed request goes to the outbox again. */
  @RecordRoute({ subject: 'Document', params: ['id'], action: 'resend' })
  @Post(':id/resend')
  @HttpCode(200)
  @RequirePermission('document_create')
  resend(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<DocumentResendResponse> {
    return this.sending.resend(auth, id);
  }

  /** The request's PDF (inline, for the browser's viewer). */
  @RecordRoute({ subject: 'Document', params: ['id'], action: 'read' })
  @Get(':id/pdf')
  @RequirePermission('task_list_view')
  async pdf(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.sending.pdfOf(auth, id);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.data, { type: 'application/pdf', disposition: 'inline; filename="Rezeptanforderung.pdf"', length: file.data.length });
  }

  /** `{tasks, type}` → one group per doctor for the composing page. */
  @Post('request')
  @HttpCode(200)
  @RequirePermission('task_create_recipe_requirement')
  request(@CurrentAuth() auth: AuthContext, @Body() dto: DocumentRequestDto, @Query(documentRequestQueryPipe) query: DocumentRequestQuery): Promise<DocumentRequestResponse> {
    return this.documents.request(auth, dto, query);
  }
}
