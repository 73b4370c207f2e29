import { Module, type OnModuleInit } from '@nestjs/common';
import { ne } from 'drizzle-orm';
import { doctorPolicy, homePolicy, userPolicy } from '../../core/permissions/policies/index.js';
import { USER_SEEN } from '../users/users.repository.js';
import { doctors, homes, users } from '../../db/schema/index.js';
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

  /** Counters for the tables that exist today; tasks, events, pickups and patients register with their issues. */
  onModuleInit(): void {
    this.registry.register({ source: USER_SEEN, table: users, scope: (auth) => userPolicy.where(auth, 'read'), where: () => ne(users.status, 'removed') });
    this.registry.register({
      source: { kind: 'home', id: homes.id, createdAt: homes.createdAt },
      table: homes,
      scope: (auth) => homePolicy.where(auth, 'read'),
    });
    this.registry.register({
      source: { kind: 'doctor', id: doctors.id, createdAt: doctors.createdAt },
      table: doctors,
      scope: (auth) => doctorPolicy.where(auth, 'read'),
    });
  }
}
