import { Module } from '@nestjs/common';
import { PatientsModule } from '../patients/patients.module.js';
import { StatisticsModule } from '../statistics/statistics.module.js';
import { UsersDataModule } from '../users/users-data.module.js';
import { HomesController } from './homes.controller.js';
import { HomesRepository } from './homes.repository.js';
import { HomesService } from './homes.service.js';

/**
 * Care homes (/einrichtungen, /pflegeeinrichtungen) with their living areas and sender settings.
 * PatientsModule owns the patients a deleted living area releases, UsersDataModule the user
 * assignments it ends; StatisticsModule the seen marks.
 */
@Module({ imports: [PatientsModule, StatisticsModule, UsersDataModule], controllers: [HomesController], providers: [HomesRepository, HomesService], exports: [HomesService] })
export class HomesModule {}
