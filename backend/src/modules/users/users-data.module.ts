import { Module } from '@nestjs/common';
import { UsersRepository } from './users.repository.js';

/**
 * The users module's tables for other modules' units of work: the homes module removes the user
 * assignments of a living area it deletes (UsersRepository.removeHomeGroupLinks) in its own
 * transaction. A module of its own because UsersModule imports HomesModule (the form's choices).
 */
@Module({ providers: [UsersRepository], exports: [UsersRepository] })
export class UsersDataModule {}
