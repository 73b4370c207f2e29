import { Module, type OnModuleInit } from '@nestjs/common';
import { and, ne } from 'drizzle-orm';
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
    this.registry.register({
      kind: 'user',
      listPermission: 'user_list_view',
      table: users,
      id: users.id,
      createdAt: users.createdAt,
      owner: { home: users.homeId, doctor: users.doctorId },
      createdBy: users.createdBy,
      where: (auth) => and(ne(users.status, 'removed'), ne(users.id, auth.userId)),
    });
    this.registry.register({ kind: 'home', listPermission: 'home_list_view', table: homes, id: homes.id, createdAt: homes.createdAt, owner: { home: homes.id } });
    this.registry.register({
      kind: 'doctor',
      listPermission: 'doctor_list_view',
      table: doctors,
      id: doctors.id,
      createdAt: doctors.createdAt,
      owner: { doctor: doctors.id },
    });
  }
}
