import { Module } from '@nestjs/common';
import { MeetingsModule } from '../meetings/meetings.module.js';
import { ContractsController, ProductsController } from './contracts.controller.js';
import { ContractsJob } from './contracts.job.js';
import { ContractsRepository } from './contracts.repository.js';
import { ContractsService } from './contracts.service.js';

/** Contracts and the shop. Exports the repository for the user form's contract check (`exists`). */
@Module({
  imports: [MeetingsModule],
  controllers: [ContractsController, ProductsController],
  providers: [ContractsRepository, ContractsService, ContractsJob],
  exports: [ContractsRepository, ContractsService],
})
export class ContractsModule {}
