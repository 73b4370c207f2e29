import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { AvatarController, ProfileController } from './profile.controller.js';
import { ProfileDocumentsController } from './profile-documents.controller.js';
import { ProfileDocumentsRepository } from './profile-documents.repository.js';
import { ProfileDocumentsService } from './profile-documents.service.js';
import { ProfileService } from './profile.service.js';
import { ProfileSeeder } from './profile.seed.js';

@Module({
  imports: [UsersModule, AuthModule],
  controllers: [ProfileController, AvatarController, ProfileDocumentsController],
  providers: [ProfileService, ProfileDocumentsRepository, ProfileDocumentsService, ProfileSeeder],
})
export class ProfileModule {}
