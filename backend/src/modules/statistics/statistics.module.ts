import { Module, type OnModuleInit } from '@nestjs/common';
import { isNull, ne } from 'drizzle-orm';
import { doctorPolicy, homePolicy, patientPolicy, userPolicy } from '../../core/permissions/policies/index.js';
import { USER_SEEN } from '../users/users.repository.js';
import { DOCTOR_SEEN } from '../doctors/doctors.repository.js';
import { HOME_SEEN } from '../homes/homes.repository.js';
import { PATIENT_SEEN } from '../patients/patients.repository.js';
import { doctors, homes, patients, users } from '../../db/schema/index.js';
import { MeetingsModule } from '../meetings/meetings.module.js';
import { SeenCounterRegistry } from './seen-counter.registry.js';
import { SeenRepository } from './seen.repository.js';
import { StatisticsController } from './statistics.controller.js';
import { StatisticsService } from './statistics.service.js';

/**
 * Dashboard statistics and per-user seen marks. Modules owning a countable table import this
 * module and register a SeenCounter; SeenRepository.unseen() serves their "neu" badges and
 * notSeen filters with the same definition.
 */
@Module({
  imports: [MeetingsModule],
  controllers: [StatisticsController],
  providers: [SeenCounterRegistry, SeenRepository, StatisticsService],
  exports: [SeenCounterRegistry, SeenRepository],
})
export class StatisticsModule implements OnModuleInit {
  constructor(private readonly registry: SeenCounterRegistry) {}

  /**
   * Counters of users, homes, doctors and patients (the tasks module registers tasks, events and pickups).
   * Each uses its list's seen source and default filter (no deactivated records), so tile and
   * `filter[notSeen]` count alike.
   */
  onModuleInit(): void {
    this.registry.register({ source: USER_SEEN, table: users, scope: (auth) => userPolicy.where(auth, 'read'), where: () => ne(users.status, 'removed') });
    this.registry.register({ source: HOME_SEEN, table: homes, scope: (auth) => homePolicy.where(auth, 'read'), where: () => isNull(homes.deactivatedAt) });
    this.registry.register({ source: DOCTOR_SEEN, table: doctors, scope: (auth) => doctorPolicy.where(auth, 'read'), where: () => isNull(doctors.deactivatedAt) });
    this.registry.register({ source: PATIENT_SEEN, table: patients, scope: (auth) => patientPolicy.where(auth, 'read'), where: () => isNull(patients.deactivatedAt) });
  }
}
