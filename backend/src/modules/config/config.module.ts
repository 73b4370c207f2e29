import { Module } from '@nestjs/common';
import { OauthModule } from '../oauth/oauth.module.js';
import { PublicConfigController } from './config.controller.js';

@Module({ imports: [OauthModule], controllers: [PublicConfigController] })
export class PublicConfigModule {}
