import { Module } from '@nestjs/common';
import { DoctorsModule } from '../doctors/doctors.module.js';
import { HomesModule } from '../homes/homes.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginFailuresRepository } from './login-failures.repository.js';
import { LoginThrottleService } from './login-throttle.service.js';

@Module({
  imports: [UsersModule, HomesModule, DoctorsModule],
  controllers: [AuthController],
  providers: [AuthService, LoginThrottleService, LoginFailuresRepository],
  exports: [AuthService],
})
export class AuthModule {}
