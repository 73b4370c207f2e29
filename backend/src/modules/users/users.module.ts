import { Module } from '@nestjs/common';
import { ContractsModule } from '../contracts/contracts.module.js';
import { StatisticsModule } from '../statistics/statistics.module.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

// StatisticsModule owns the seen marks (SeenRepository) a new or opened user gets.
@Module({ imports: [ContractsModule, StatisticsModule], controllers: [UsersController], providers: [UsersRepository, UsersService], exports: [UsersService] })
export class UsersModule {}
