import { Module } from '@nestjs/common';
import { ContractsModule } from '../contracts/contracts.module.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({ imports: [ContractsModule], controllers: [UsersController], providers: [UsersRepository, UsersService], exports: [UsersService] })
export class UsersModule {}
