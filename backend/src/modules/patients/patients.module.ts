import { Module } from '@nestjs/common';
import { StatisticsModule } from '../statistics/statistics.module.js';
import { PatientsController } from './patients.controller.js';
import { PatientsRepository } from './patients.repository.js';
import { PatientsService } from './patients.service.js';

/**
 * Patients (/patienten): list, form, duplicate warning, deactivation. Exports the repository for the
 * homes module's unit of work (a deleted living area releases its deactivated patients).
 * StatisticsModule owns the seen marks an opened patient gets.
 */
@Module({ imports: [StatisticsModule], controllers: [PatientsController], providers: [PatientsRepository, PatientsService], exports: [PatientsService, PatientsRepository] })
export class PatientsModule {}
