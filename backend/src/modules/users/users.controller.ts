import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import type { ListResponse, UserListRow, UserLookups } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { UserWriteDto } from './dto/user-write.dto.js';
import { type UserListQuery, userListQueryPipe } from './dto/user-list-query.js';
import { UsersService } from './users.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/** User administration (/api/users). The service checks each record against the caller. */
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /**
   * Interim: the user form's home and doctor choices, asked of the homes and doctors services. The
   * admin remote reads GET /api/homes and GET /api/doctors itself. Declared before :id.
   */
  @Get('lookups')
  @RequirePermission('user_list_view', 'user_create_view')
  lookups(@CurrentAuth() auth: AuthContext): Promise<UserLookups> {
    return this.users.lookups(auth);
  }

  @Get()
  @RequirePermission('user_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(userListQueryPipe) query: UserListQuery): Promise<ListResponse<UserListRow>> {
    return this.users.list(auth, query);
  }

  @RecordRoute({ subject: 'User', params: ['id'], action: 'read' })
  @Get(':id')
  @RequirePermission('user_list_view')
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<UserListRow> {
    return this.users.get(auth, id);
  }

  @Post()
  @RequirePermission('user_create_view')
  create(@CurrentAuth() auth: AuthContext, @Body() dto: UserWriteDto): Promise<UserListRow> {
    return this.users.create(auth, dto);
  }

  @RecordRoute({ subject: 'User', params: ['id'], action: 'update', bodyActions: { password: 'setPassword' } })
  @Put(':id')
  @RequirePermission('user-edit-btn')
  update(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: UserWriteDto): Promise<UserListRow> {
    return this.users.updateUser(auth, id, dto);
  }

  /** Deactivation (status "removed"), never a deletion. */
  @RecordRoute({ subject: 'User', params: ['id'], action: 'deactivate' })
  @Delete(':id')
  @RequirePermission('user-edit-btn')
  deactivate(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<UserListRow> {
    return this.users.deactivateByCaller(auth, id);
  }
}
