import { Module, type OnModuleInit } from '@nestjs/common';
import { taskPolicy } from '../../core/permissions/policies/index.js';
import { tasks } from '../../db/schema/index.js';
import { SeenCounterRegistry } from '../statistics/seen-counter.registry.js';
import { StatisticsModule } from '../statistics/statistics.module.js';
import { PatientsModule } from '../patients/patients.module.js';
import { PatientMedicineController, TasksController } from './tasks.controller.js';
import { TASK_SEEN, TasksRepository } from './tasks.repository.js';
import { TasksLive } from './tasks.live.js';
import { TasksService } from './tasks.service.js';

/**
 * Orders (/anforderungen): list, order form rules, status machine. Registers the dashboard's task
 * tile with the statistics module, counted through the list's seen definition and scope.
 */
@Module({ imports: [StatisticsModule, PatientsModule], controllers: [TasksController, PatientMedicineController], providers: [TasksRepository, TasksService, TasksLive], exports: [TasksService, TasksRepository, TasksLive] })
export class TasksModule implements OnModuleInit {
  constructor(private readonly registry: SeenCounterRegistry) {}

  onModuleInit(): void {
    this.registry.register({ source: TASK_SEEN, table: tasks, scope: (auth) => taskPolicy.where(auth, 'read') });
  }
}
