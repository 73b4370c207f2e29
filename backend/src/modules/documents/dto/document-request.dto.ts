import { Allow, IsIn } from 'class-validator';
import { TASK_STATUSES, type TaskStatus } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, DOCUMENT_REQUEST_TYPES, type DocumentRequestType } from '@mediport/contracts/documents';
import { defineListQuery, listFilter, type ListQueryOf, ListQueryPipe } from '../../../core/http/list-query.js';
import { Optional } from '../../../core/validation/optional.js';

/**
 * Body of POST /api/documents/request: the orders (checked in the service, so that each refusal has
 * its own message) and how to send.
 */
export class DocumentRequestDto {
  /** Checked in the service (a list of 1 to 999 order ids), whatever the client sent. */
  @Allow() tasks!: string[];
  @Optional() @IsIn(DOCUMENT_REQUEST_TYPES, { message: DOCUMENT_MESSAGES.type }) type?: DocumentRequestType;
}

const isStatus = (v: string): v is TaskStatus => (TASK_STATUSES as readonly string[]).includes(v);

/** `?filter[status]=new`: only the listed orders in this status (the composing page's state). */
export const DOCUMENT_REQUEST_QUERY = defineListQuery({ defaultLimit: -1, sortFields: ['createdAt'] as const, defaultSort: 'createdAt', filters: { status: listFilter(isStatus) } });
export type DocumentRequestQuery = ListQueryOf<typeof DOCUMENT_REQUEST_QUERY>;
export const documentRequestQueryPipe = new ListQueryPipe(DOCUMENT_REQUEST_QUERY);
