import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import type { AuthRecord } from '@mediport/contracts';
import { AllowOncePassword, Public } from '../../core/permissions/access.decorators.js';
import { OauthLoginDto } from './dto/oauth-login.dto.js';
import { OauthService } from './oauth.service.js';
import { PartnerService } from './partner.service.js';

@Controller('oauth')
@AllowOncePassword()
export class OauthController {
  constructor(private readonly oauth: OauthService) {}

  /** Redeems the code of the /oauth callback; answers the auth record of a normal session. */
  @Post()
  @Public()
  @HttpCode(200)
  login(@Body() dto: OauthLoginDto): Promise<AuthRecord> {
    return this.oauth.login(dto);
  }
}

/** The partner-platform flag (the path carries the partner's name: /api/partner/apomondo). */
@Controller('partner')
export class PartnerController {
  constructor(private readonly partner: PartnerService) {}

  @Get('apomondo')
  @Public()
  @Header('content-type', 'application/json; charset=utf-8')
  flag(): Promise<boolean> {
    return this.partner.isPartnerInstance();
  }
}
