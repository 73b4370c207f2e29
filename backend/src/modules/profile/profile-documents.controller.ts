import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import type { ProfileDocumentContent, ProfileDocumentDto } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { MAX_DOCUMENT_BYTES } from '../../core/files/file-types.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { DocumentDecisionDto, DocumentReadQuery, DocumentUploadDto } from './dto/profile-documents.dto.js';
import { notFoundOnBadId } from './profile.controller.js';
import { ProfileDocumentsService } from './profile-documents.service.js';
import type { UploadedBlob } from './profile.service.js';
import { contentDisposition } from '../../core/http/content-disposition.js';

/**
 * Profile documents (the "Dokumente" tab of /profil). Reading and deciding: the owner (tab permission
 * profile_document_view); placing and removing: profile_document_manage_view.
 */
@Controller('users/:id/profile/documents')
export class ProfileDocumentsController {
  constructor(private readonly documents: ProfileDocumentsService) {}

  @RecordRoute({ subject: 'User', params: ['id'], action: 'documents' })
  @Get()
  @RequirePermission('profile_document_view')
  list(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<ProfileDocumentDto[]> {
    return this.documents.list(auth, id);
  }

  /** The PDF as base64 JSON, or with noBase64=1 the raw PDF for download. */
  @RecordRoute({ subject: 'User', params: ['id'], action: 'documents', part: true })
  @Get(':name')
  @RequirePermission('profile_document_view')
  async read(
    @CurrentAuth() auth: AuthContext,
    @Param('id', notFoundOnBadId) id: string,
    @Param('name') name: string,
    @Query() query: DocumentReadQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProfileDocumentContent | StreamableFile> {
    if (query.noBase64 !== '1' && query.noBase64 !== 'true') return this.documents.readBase64(auth, id, name);
    const doc = await this.documents.read(auth, id, name);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(doc.data, { type: doc.mimeType, disposition: contentDisposition(doc.name), length: doc.data.length });
  }

  @RecordRoute({ subject: 'User', params: ['id'], action: 'decideDocuments', part: true })
  @Put(':name')
  @RequirePermission('profile_document_view')
  decide(
    @CurrentAuth() auth: AuthContext,
    @Param('id', notFoundOnBadId) id: string,
    @Param('name') name: string,
    @Body() dto: DocumentDecisionDto,
  ): Promise<ProfileDocumentDto> {
    return this.documents.decide(auth, id, name, dto.name);
  }

  @RecordRoute({ subject: 'User', params: ['id'], action: 'manageDocuments' })
  @Post()
  @RequirePermission('profile_document_manage_view')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1 } }))
  place(
    @CurrentAuth() auth: AuthContext,
    @Param('id', notFoundOnBadId) id: string,
    @Body() dto: DocumentUploadDto,
    @UploadedFile() file?: UploadedBlob,
  ): Promise<ProfileDocumentDto> {
    return this.documents.place(auth, id, file, dto.name);
  }

  @RecordRoute({ subject: 'User', params: ['id'], action: 'manageDocuments', part: true })
  @Delete(':name')
  @HttpCode(204)
  @RequirePermission('profile_document_manage_view')
  remove(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Param('name') name: string): Promise<void> {
    return this.documents.remove(auth, id, name);
  }
}
