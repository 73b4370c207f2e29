import { Module } from '@nestjs/common';
import { PatientsController } from './patients.controller.js';
import { PatientsRepository } from './patients.repository.js';
import { PatientsService } from './patients.service.js';

/** Patients (/patienten): list, form, duplicate warning, deactivation. */
@Module({ controllers: [PatientsController], providers: [PatientsRepository, PatientsService], exports: [PatientsService] })
export class PatientsModule {}
