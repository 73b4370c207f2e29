import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

@Module({ imports: [UsersModule, AuthModule], controllers: [ProfileController], providers: [ProfileService] })
export class ProfileModule {}
