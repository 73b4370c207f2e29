import { Controller, Get, Inject } from '@nestjs/common';
import { PARTNER_PLATFORM_NAME, PRODUCT_NAME, PRODUCT_VERSION, type PublicConfig } from '@mediport/contracts';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../../core/db/seed-data.js';
import { Public } from '../../core/permissions/access.decorators.js';
import { OidcClientService } from '../oauth/oidc-client.service.js';

/** What the login page needs before sign-in. */
@Controller('config')
export class PublicConfigController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oidc: OidcClientService,
  ) {}

  @Get()
  @Public()
  async read(): Promise<PublicConfig> {
    const { demo, sso, system } = this.config;
    return {
      productName: PRODUCT_NAME,
      version: PRODUCT_VERSION,
      partnerName: PARTNER_PLATFORM_NAME,
      demo,
      demoAccounts: demo ? DEMO_USERS.map((u) => ({ user: u.username, password: DEMO_PASSWORD, label: u.label })) : [],
      sso: sso.enabled
        ? { enabled: true, authorizationUrl: await this.oidc.authorizationUrl(), clientId: sso.clientId, nonce: sso.nonce }
        : { enabled: false, authorizationUrl: null, clientId: null, nonce: null },
      system,
    };
  }
}
