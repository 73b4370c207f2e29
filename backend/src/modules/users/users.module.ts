import { Module } from '@nestjs/common';
import { ContractsModule } from '../contracts/contracts.module.js';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { HomesModule } from '../homes/homes.module.js';
import { StatisticsModule } from '../statistics/statistics.module.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

// StatisticsModule owns the seen marks (SeenRepository) a new or opened user gets; the homes and
// doctors services answer which homes, living areas and doctors the caller may choose in the form.
@Module({ imports: [ContractsModule, DoctorsModule, HomesModule, StatisticsModule], controllers: [UsersController], providers: [UsersRepository, UsersService], exports: [UsersService] })
export class UsersModule {}
