import { Controller, Get, HttpCode, Put } from '@nestjs/common';
import type { ReadAllResponse, StatisticsResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { RequirePermission } from '../../core/permissions/access.decorators.js';
import { StatisticsService } from './statistics.service.js';

/**
 * Dashboard statistics and mark-all-read. Marking needs the kind's list
 * permission, not dashboard_view, so list screens (e.g. the user list) can mark too.
 */
@Controller()
export class StatisticsController {
  constructor(private readonly statistics: StatisticsService) {}

  @Get('statistics')
  @RequirePermission('dashboard_view')
  get(@CurrentAuth() auth: AuthContext): Promise<StatisticsResponse> {
    return this.statistics.get(auth);
  }

  @Put('statistics/task_read_all')
  @HttpCode(200)
  @RequirePermission('task_list_view')
  tasks(@CurrentAuth() auth: AuthContext): Promise<ReadAllResponse> {
    return this.statistics.readAll(auth, 'task');
  }

  /** Events are the messages of orders: whoever lists orders sees them. */
  @Put('statistics/event_read_all')
  @HttpCode(200)
  @RequirePermission('task_list_view')
  events(@CurrentAuth() auth: AuthContext): Promise<ReadAllResponse> {
    return this.statistics.readAll(auth, 'event');
  }

  @Put('statistics/pickup_read_all')
  @HttpCode(200)
  @RequirePermission('pickup_list_view')
  pickups(@CurrentAuth() auth: AuthContext): Promise<ReadAllResponse> {
    return this.statistics.readAll(auth, 'pickup');
  }

  @Put('statistics/home_read_all')
  @HttpCode(200)
  @RequirePermission('home_list_view')
  homes(@CurrentAuth() auth: AuthContext): Promise<ReadAllResponse> {
    return this.statistics.readAll(auth, 'home');
  }

  @Put('statistics/doctor_read_all')
  @HttpCode(200)
  @RequirePermission('doctor_list_view')
  doctors(@CurrentAuth() auth: AuthContext): Promise<ReadAllResponse> {
    return this.statistics.readAll(auth, 'doctor');
  }

  @Put('statistics/user_read_all')
  @HttpCode(200)
  @RequirePermission('user_list_view')
  users(@CurrentAuth() auth: AuthContext): Promise<ReadAllResponse> {
    return this.statistics.readAll(auth, 'user');
  }

  /** Older path of the user list's mark-all-read, kept for older clients. */
  @Put('seen/users')
  @HttpCode(200)
  @RequirePermission('user_list_view')
  seenUsers(@CurrentAuth() auth: AuthContext): Promise<ReadAllResponse> {
    return this.statistics.readAll(auth, 'user');
  }

  @Put('statistics/patient_read_all')
  @HttpCode(200)
  @RequirePermission('patient_list_view')
  patients(@CurrentAuth() auth: AuthContext): Promise<ReadAllResponse> {
    return this.statistics.readAll(auth, 'patient');
  }
}
