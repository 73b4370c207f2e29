import { Allow, IsIn } from 'class-validator';
import { DOCUMENT_MESSAGES, DOCUMENT_REQUEST_TYPES, type DocumentCreateGroup, type DocumentRequestType } from '@mediport/contracts/documents';
import { Optional } from '../../../core/validation/optional.js';

/**
 * Body of POST /api/documents. The groups are checked in the service (each refusal with its own
 * message and path: documents.N.subject, documents.N.tasks, …), whatever the client sent.
 */
export class DocumentCreateDto {
  @Optional() @IsIn(DOCUMENT_REQUEST_TYPES, { message: DOCUMENT_MESSAGES.type }) type?: DocumentRequestType;
  @Allow() documents!: DocumentCreateGroup[];
}
