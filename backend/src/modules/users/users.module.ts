import { Module } from '@nestjs/common';
import { ContractsModule } from '../contracts/contracts.module.js';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { HomesModule } from '../homes/homes.module.js';
import { StatisticsModule } from '../statistics/statistics.module.js';
import { UsersController } from './users.controller.js';
import { UsersDataModule } from './users-data.module.js';
import { UsersService } from './users.service.js';

// StatisticsModule owns the seen marks (SeenRepository) a new or opened user gets; the homes and
// doctors services answer which homes, living areas and doctors the caller may choose in the form.
// UsersDataModule holds the repository, shared with the homes module's units of work.
@Module({
  imports: [ContractsModule, DoctorsModule, HomesModule, StatisticsModule, UsersDataModule],
  controllers: [UsersController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
