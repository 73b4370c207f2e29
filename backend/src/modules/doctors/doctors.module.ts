import { Module } from '@nestjs/common';
import { StatisticsModule } from '../statistics/statistics.module.js';
import { DoctorsController } from './doctors.controller.js';
import { DoctorsRepository } from './doctors.repository.js';
import { DoctorsService } from './doctors.service.js';
import { OfficesController } from './offices.controller.js';
import { OfficesRepository } from './offices.repository.js';
import { OfficesService } from './offices.service.js';

/**
 * Doctors (/aerzte, /arzt…) and their practices (/v3/arztpraxis…). The practices' controller comes
 * first: Express matches in registration order, and /api/doctors/offices must not reach /api/doctors/:id.
 * StatisticsModule owns the seen marks an opened doctor gets.
 */
@Module({
  imports: [StatisticsModule],
  controllers: [OfficesController, DoctorsController],
  providers: [DoctorsRepository, DoctorsService, OfficesRepository, OfficesService],
  exports: [DoctorsService],
})
export class DoctorsModule {}
