import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { FaxReportResponse } from '@mediport/contracts/fax';
import { NotARecord, Public } from '../../core/permissions/access.decorators.js';
import { FaxReportDto } from './dto/fax-report.dto.js';
import { FaxCallbackService } from './fax-callback.service.js';
import { FaxSignatureGuard } from './fax-signature.guard.js';

/** The HTTP fax gateway's side of the suite: its signed delivery reports. */
@Controller('fax')
export class FaxCallbackController {
  constructor(private readonly callbacks: FaxCallbackService) {}

  /**
   * A delivery report: 200 when recorded or already recorded alike; 401 without a valid signature
   * or when older than 10 minutes; 404 for a job we do not have; 409 when the fax has finished
   * otherwise; 400 for a malformed report.
   */
  @Post('callback')
  @HttpCode(200)
  @Public()
  @NotARecord('Called by the fax gateway, not by a user: the report is authenticated by its HMAC signature, and names an outbox message by its reference and the gateway job.')
  @UseGuards(FaxSignatureGuard)
  report(@Body() dto: FaxReportDto): Promise<FaxReportResponse> {
    return this.callbacks.report(dto);
  }
}
