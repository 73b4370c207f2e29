import { Module } from '@nestjs/common';
import { PublicConfigController } from './config.controller.js';

@Module({ controllers: [PublicConfigController] })
export class PublicConfigModule {}
