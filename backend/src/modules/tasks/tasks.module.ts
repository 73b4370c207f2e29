import { Module, type OnModuleInit } from '@nestjs/common';
import { inArray, sql } from 'drizzle-orm';
import { TASK_ON_THE_ROAD_STATUSES } from '@mediport/contracts/task-machine';
import { qualified } from '../../core/http/list.js';
import { taskPolicy } from '../../core/permissions/policies/index.js';
import { taskEvents, tasks } from '../../db/schema/index.js';
import { MedicinesModule } from '../medicines/medicines.module.js';
import { SeenCounterRegistry } from '../statistics/seen-counter.registry.js';
import { StatisticsModule } from '../statistics/statistics.module.js';
import { PatientsModule } from '../patients/patients.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { EventsController, TaskEventsController } from './task-events.controller.js';
import { EVENT_SEEN, TaskEventsRepository } from './task-events.repository.js';
import { TaskEventsService } from './task-events.service.js';
import { TaskHooksRegistry } from './task-hooks.js';
import { TaskPickupController } from './task-pickup.controller.js';
import { TaskPickupService } from './task-pickup.service.js';
import { TaskPrintService } from './task-print.service.js';
import { PICKUP_SEEN, TASK_SEEN, TasksRepository } from './tasks.repository.js';
import { PatientMedicineController, TasksController } from './tasks.controller.js';
import { TasksLive } from './tasks.live.js';
import { TasksService } from './tasks.service.js';
import { TasksExportController } from './tasks-export.controller.js';
import { TasksExportService } from './tasks-export.service.js';

/**
 * Orders (/anforderungen): list, order form rules, status machine, the event feed ("chat") and the
 * print sheet. Registers the dashboard's task, event and pickup tiles with the statistics module,
 * each counted through the one seen definition within the Task policy's read scope.
 */
@Module({
  imports: [StatisticsModule, PatientsModule, SettingsModule, MedicinesModule],
  // The export first: TasksController's `:id` would take GET /api/tasks/export.
  controllers: [TasksExportController, TasksController, TaskPickupController, PatientMedicineController, TaskEventsController, EventsController],
  providers: [TasksExportService, TasksRepository, TasksService, TasksLive, TaskEventsRepository, TaskEventsService, TaskPrintService, TaskPickupService, TaskHooksRegistry],
  exports: [TasksService, TasksRepository, TasksLive, TaskEventsRepository, TaskHooksRegistry],
})
export class TasksModule implements OnModuleInit {
  constructor(private readonly registry: SeenCounterRegistry) {}

  onModuleInit(): void {
    this.registry.register({ source: TASK_SEEN, table: tasks, scope: (auth) => taskPolicy.where(auth, 'read') });
    // Events of the tasks whose chat the caller may read (not those seen only on the pickup list).
    this.registry.register({
      source: EVENT_SEEN,
      table: taskEvents,
      scope: (auth) => sql`exists (select 1 from ${tasks} where ${tasks.id} = ${qualified(taskEvents.taskId)} and ${taskPolicy.where(auth, 'content') ?? sql`true`})`,
    });
    // Tasks on the road (pickup, delivery) that the caller reads through the pickup list: the same
    // definition as the pickup list's "neu" and "nur neue" (filter[pickup]).
    this.registry.register({
      source: PICKUP_SEEN,
      table: tasks,
      scope: (auth) => (auth.can('pickup_list_view') ? taskPolicy.where(auth, 'read') : sql`false`),
      where: () => inArray(tasks.status, TASK_ON_THE_ROAD_STATUSES),
    });
  }
}
