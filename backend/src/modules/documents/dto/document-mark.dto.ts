import { Allow } from 'class-validator';

/**
 * Body of POST /api/documents/{id}/confirm and /received: the orders of the request to mark, all of
 * them when absent (checked in the service against the request's orders, whatever the client sent).
 */
export class DocumentMarkDto {
  @Allow() tasks?: string[];
}
