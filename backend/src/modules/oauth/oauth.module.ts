import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { OauthController, PartnerController } from './oauth.controller.js';
import { OauthRepository } from './oauth.repository.js';
import { OauthService } from './oauth.service.js';
import { OidcClientService } from './oidc-client.service.js';
import { PartnerService } from './partner.service.js';

/** Single sign-on with the partner platform (OpenID Connect, openid-client) and its instance flag. */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [OauthController, PartnerController],
  providers: [OidcClientService, OauthRepository, OauthService, PartnerService],
  exports: [OidcClientService, PartnerService],
})
export class OauthModule {}
