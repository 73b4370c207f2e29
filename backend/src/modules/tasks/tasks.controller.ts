import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import type { ListResponse, PastMedicineDto, TaskDto, TaskSeenResponse, TaskSuggestionsResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { type SuggestionQuery, suggestionQueryPipe, type TaskListQuery, taskListQueryPipe } from './dto/task-list-query.js';
import { TaskSeenDto, TaskWriteDto } from './dto/task-write.dto.js';
import { TasksService } from './tasks.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/** Orders (/api/tasks): list, create, edit, status changes. The service checks each record against the caller. */
@Controller('tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  /** The orders list, and the drivers' pickup list (status filter pickup/delivery). */
  @Get()
  @RequirePermission('task_list_view', 'pickup_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(taskListQueryPipe) query: TaskListQuery): Promise<ListResponse<TaskDto>> {
    return this.tasks.list(auth, query);
  }

  /** Earlier doses of the caller's visible orders, for the order form (declared before :id). */
  @Get('dosage')
  @RequirePermission('task_create_view', 'task_action_edit_view')
  dosage(@CurrentAuth() auth: AuthContext, @Query(suggestionQueryPipe) query: SuggestionQuery): Promise<TaskSuggestionsResponse> {
    return this.tasks.suggestions(auth, 'dose', query);
  }

  /** Earlier medicine names of the caller's visible orders, for the order form (declared before :id). */
  @Get('medicine')
  @RequirePermission('task_create_view', 'task_action_edit_view')
  medicine(@CurrentAuth() auth: AuthContext, @Query(suggestionQueryPipe) query: SuggestionQuery): Promise<TaskSuggestionsResponse> {
    return this.tasks.suggestions(auth, 'medicine', query);
  }

  /** Mark the listed tasks (or all: `true`) as read. Declared before :id. */
  @Put('seen')
  @RequirePermission('task_list_view', 'pickup_list_view')
  markManySeen(@CurrentAuth() auth: AuthContext, @Body() dto: TaskSeenDto): Promise<TaskSeenResponse> {
    return this.tasks.markManySeen(auth, dto);
  }

  @RecordRoute({ subject: 'Task', params: ['id'], action: 'read' })
  @Get(':id')
  @RequirePermission('task_list_view', 'pickup_list_view')
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<TaskDto> {
    return this.tasks.get(auth, id);
  }

  /** Place an order (contract-locked callers get 403 contract_required from the guard). */
  @Post()
  @RequirePermission('task_create_view')
  create(@CurrentAuth() auth: AuthContext, @Body() dto: TaskWriteDto): Promise<TaskDto> {
    return this.tasks.create(auth, dto);
  }

  /** Edit the fields, or `{status}` alone: the status machine, each step behind its own permission (the service decides). */
  @RecordRoute({ subject: 'Task', params: ['id'], action: 'update' })
  @Put(':id')
  @RequirePermission(
    'task_action_edit_view',
    'task_action_pickup_view',
    'task_action_finish_view',
    'task_action_cancel_view',
    'task_action_reopen_view',
    'pickup_task_delivery_view',
    'pickup_task_solve_view',
    'pickup_task_back_view',
  )
  update(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string, @Body() dto: TaskWriteDto): Promise<TaskDto> {
    return this.tasks.update(auth, id, dto);
  }

  /** Opening a row marks the task seen by the caller. */
  @RecordRoute({ subject: 'Task', params: ['id'], action: 'read' })
  @Put(':id/seen')
  @RequirePermission('task_list_view', 'pickup_list_view')
  markSeen(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<TaskSeenResponse> {
    return this.tasks.markSeen(auth, id);
  }
}

/** A patient's earlier medicines (GET /api/patients/{id}/medicine): read from the orders, so it lives here. */
@Controller('patients')
export class PatientMedicineController {
  constructor(private readonly tasks: TasksService) {}

  @RecordRoute({ subject: 'Patient', params: ['id'], action: 'read' })
  @Get(':id/medicine')
  @RequirePermission('task_create_view')
  pastMedicines(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<ListResponse<PastMedicineDto>> {
    return this.tasks.pastMedicines(auth, id);
  }
}
