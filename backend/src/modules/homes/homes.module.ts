import { Module } from '@nestjs/common';
import { HomesController } from './homes.controller.js';
import { HomesRepository } from './homes.repository.js';
import { HomesService } from './homes.service.js';

/** Care homes (/einrichtungen, /pflegeeinrichtungen) with their living areas and sender settings. */
@Module({ controllers: [HomesController], providers: [HomesRepository, HomesService], exports: [HomesService] })
export class HomesModule {}
