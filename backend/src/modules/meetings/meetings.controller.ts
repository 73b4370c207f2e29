import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import type { ListResponse, MeetingDto } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { type MeetingListQuery, meetingListQueryPipe } from './dto/meeting-list-query.js';
import { MeetingUpdateDto } from './dto/meeting-update.dto.js';
import { MeetingsService } from './meetings.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

@Controller('meetings')
export class MeetingsController {
  constructor(private readonly meetings: MeetingsService) {}

  @Get()
  @RequirePermission('meeting_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(meetingListQueryPipe) query: MeetingListQuery): Promise<ListResponse<MeetingDto>> {
    return this.meetings.list(auth, query);
  }

  /** Details page /v3/termine/{id}. */
  @RecordRoute({ subject: 'Meeting', params: ['id'], action: 'read' })
  @Get(':id')
  @RequirePermission('meeting_list_view')
  byId(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<MeetingDto> {
    return this.meetings.byId(auth, id);
  }

  @RecordRoute({ subject: 'Meeting', params: ['contractId', 'option'], action: 'read' })
  @Get(':contractId/:option')
  @RequirePermission('meeting_list_view')
  get(@CurrentAuth() auth: AuthContext, @Param('contractId') contractId: string, @Param('option') option: string): Promise<MeetingDto> {
    return this.meetings.get(auth, contractId, option);
  }

  @RecordRoute({ subject: 'Meeting', params: ['contractId', 'option'], action: 'update' })
  @Put(':contractId/:option')
  @RequirePermission('meeting_edit_view')
  update(
    @CurrentAuth() auth: AuthContext,
    @Param('contractId') contractId: string,
    @Param('option') option: string,
    @Body() dto: MeetingUpdateDto,
  ): Promise<MeetingDto> {
    return this.meetings.update(auth, contractId, option, dto);
  }
}
