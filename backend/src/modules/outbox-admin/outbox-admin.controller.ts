import { Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import type { OutboxListResponse, OutboxRetryResponse } from '@mediport/contracts/outbox';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { NotARecord, RequirePermission } from '../../core/permissions/access.decorators.js';
import { type OutboxListQuery, outboxListQueryPipe } from './dto/outbox-list-query.js';
import { OutboxAdminService } from './outbox-admin.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/** The outbox of outgoing e-mails and faxes, for the administration (/v3/postausgang). */
@Controller('outbox')
export class OutboxAdminController {
  constructor(private readonly outbox: OutboxAdminService) {}

  @Get()
  @RequirePermission('outbox_list_view')
  list(@Query(outboxListQueryPipe) query: OutboxListQuery): Promise<OutboxListResponse> {
    return this.outbox.list(query);
  }

  @NotARecord('an outbox message belongs to no home or practice: whoever may run the outbox may send any failed message again')
  @Post(':id/retry')
  @HttpCode(200)
  @RequirePermission('outbox_retry_view')
  retry(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<OutboxRetryResponse> {
    return this.outbox.retry(auth, id);
  }
}
