import { Module } from '@nestjs/common';
import { ContractsController } from './contracts.controller.js';
import { ContractsRepository } from './contracts.repository.js';

@Module({ controllers: [ContractsController], providers: [ContractsRepository], exports: [ContractsRepository] })
export class ContractsModule {}
