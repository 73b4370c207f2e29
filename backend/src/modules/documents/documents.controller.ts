import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import type { DocumentRequestResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { RequirePermission } from '../../core/permissions/access.decorators.js';
import { DocumentRequestDto, type DocumentRequestQuery, documentRequestQueryPipe } from './dto/document-request.dto.js';
import { DocumentsService } from './documents.service.js';

/** Prescription requests to practices (/api/documents). The service checks every listed order against the Task policy. */
@Controller('documents')
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  /** `{tasks, type}` → one group per doctor for the composing page. */
  @Post('request')
  @HttpCode(200)
  @RequirePermission('task_create_recipe_requirement')
  request(@CurrentAuth() auth: AuthContext, @Body() dto: DocumentRequestDto, @Query(documentRequestQueryPipe) query: DocumentRequestQuery): Promise<DocumentRequestResponse> {
    return this.documents.request(auth, dto, query);
  }
}
