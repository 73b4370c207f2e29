import { Injectable } from '@nestjs/common';
import { documentApiName, parseDocumentName, type DocumentDecision, type ProfileDocumentContent, type ProfileDocumentDto } from '@mediport/contracts';
import { PROFILE_MESSAGES } from '@mediport/contracts/profile-messages';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { AppError } from '../../core/errors/app-error.js';
import { MAX_DOCUMENT_BYTES, PDF_TYPES, UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { FilesService } from '../../core/files/files.service.js';
import { userPolicy, userSubject } from '../../core/permissions/policies/index.js';
import { UsersService } from '../users/users.service.js';
import type { UploadedBlob } from './profile.service.js';
import { type ProfileDocumentRow, ProfileDocumentsRepository } from './profile-documents.repository.js';

export const DOCUMENT_AUDIT = { place: 'profile.document_place', remove: 'profile.document_remove', decide: 'profile.document_decide' } as const;

export function toDocumentDto(row: ProfileDocumentRow, size: number): ProfileDocumentDto {
  const decision = row.decision as '' | DocumentDecision;
  return {
    _id: row.id,
    name: documentApiName(row.name, decision),
    title: row.name,
    decision,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    size,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A plain document name: no path separators, no control characters, no leading brace prefix. */
export function validDocumentName(name: string): boolean {
  return name.length > 0 && name.length <= 200 && !/[/\\\u0000-\u001f]/.test(name) && !name.startsWith('{') && name.trim() === name;
}

export interface DocumentDownload {
  name: string;
  mimeType: string;
  data: Buffer;
}

/**
 * Documents placed in a user's profile (e.g. terms to accept). The owner reads and decides; users
 * with profile_document_manage_view place, read and remove them for anyone.
 */
@Injectable()
export class ProfileDocumentsService {
  constructor(
    private readonly repo: ProfileDocumentsRepository,
    private readonly users: UsersService,
    private readonly files: FilesService,
    private readonly audit: AuditService,
  ) {}

  /** The profile's user for `action` under the user policy (404 not visible, 403 visible but not allowed). */
  private async owner(auth: AuthContext, userId: string, action: 'documents' | 'manageDocuments' | 'decideDocuments' = 'documents'): Promise<void> {
    const user = await this.users.findById(userId);
    userPolicy.assert(auth, action, user ? userSubject(user) : null);
  }

  private async document(userId: string, name: string): Promise<ProfileDocumentRow> {
    const plain = parseDocumentName(name).name;
    const row = await this.repo.find(userId, plain);
    if (!row) throw AppError.notFound();
    return row;
  }

  async list(auth: AuthContext, userId: string): Promise<ProfileDocumentDto[]> {
    await this.owner(auth, userId);
    const rows = await this.repo.list(userId);
    return Promise.all(rows.map(async (r) => toDocumentDto(r, (await this.files.read(r.fileId))?.row.size ?? 0)));
  }

  async read(auth: AuthContext, userId: string, name: string): Promise<DocumentDownload> {
    await this.owner(auth, userId);
    const row = await this.document(userId, name);
    const stored = await this.files.read(row.fileId);
    if (!stored) throw AppError.notFound();
    return { name: row.name, mimeType: stored.row.mimeType, data: stored.data };
  }

  async readBase64(auth: AuthContext, userId: string, name: string): Promise<ProfileDocumentContent> {
    const doc = await this.read(auth, userId, name);
    return { name: doc.name, mimeType: doc.mimeType, data: doc.data.toString('base64') };
  }

  /** Only the owner decides; the body names the document with the decision's brace prefix. */
  async decide(auth: AuthContext, userId: string, name: string, body: string): Promise<ProfileDocumentDto> {
    await this.owner(auth, userId, 'decideDocuments');
    const row = await this.document(userId, name);
    const parsed = parseDocumentName(body);
    if (!parsed.decision) throw AppError.badRequest([{ path: 'name', code: 'invalid', message: PROFILE_MESSAGES.decisionInvalid }]);
    if (parsed.name !== row.name) throw AppError.badRequest([{ path: 'name', code: 'invalid', message: PROFILE_MESSAGES.decisionNameMismatch }]);
    const updated = await this.repo.decide(row.id, parsed.decision);
    await this.audit.recordBy(auth, { action: DOCUMENT_AUDIT.decide, target: userId, meta: { name: row.name, decision: parsed.decision } });
    return toDocumentDto(updated, 0);
  }

  async place(auth: AuthContext, userId: string, file: UploadedBlob | undefined, name: string | undefined): Promise<ProfileDocumentDto> {
    await this.owner(auth, userId, 'manageDocuments');
    if (!file) throw AppError.badRequest([{ path: 'file', code: 'invalid', message: PROFILE_MESSAGES.documentFileMissing }]);
    const plain = (name ?? '').trim() || (file.originalname ?? '').trim();
    if (!validDocumentName(plain)) throw AppError.badRequest([{ path: 'name', code: 'invalid', message: PROFILE_MESSAGES.documentNameInvalid }]);
    const saved = await this.files.save(file.buffer, {
      accept: PDF_TYPES,
      message: UPLOAD_MESSAGES.pdf,
      maxBytes: MAX_DOCUMENT_BYTES,
      originalName: file.originalname,
      createdBy: auth.userId,
      path: 'file',
    });
    let placed: Awaited<ReturnType<ProfileDocumentsRepository['place']>>;
    try {
      placed = await this.repo.place(userId, plain, saved.id, auth.userId);
    } catch (error) {
      await this.files.remove(saved.id);
      throw error;
    }
    if (placed.replacedFileId) await this.files.remove(placed.replacedFileId);
    await this.audit.recordBy(auth, { action: DOCUMENT_AUDIT.place, target: userId, meta: { name: plain } });
    return toDocumentDto(placed.row, saved.size);
  }

  async remove(auth: AuthContext, userId: string, name: string): Promise<void> {
    await this.owner(auth, userId, 'manageDocuments');
    const row = await this.document(userId, name);
    await this.repo.delete(row.id);
    await this.files.remove(row.fileId);
    await this.audit.recordBy(auth, { action: DOCUMENT_AUDIT.remove, target: userId, meta: { name: row.name } });
  }
}
