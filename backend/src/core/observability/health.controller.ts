import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, type HealthCheckResult, HealthCheckService, type HealthIndicatorFunction } from '@nestjs/terminus';
import type { Response } from 'express';
import type { HealthResponse } from '@mediport/contracts';
import { Public } from '../permissions/access.decorators.js';
import { ReadinessService } from './readiness.service.js';

/**
 * Liveness and readiness for load balancers, compose and orchestrators, in terminus' shape
 * `{ status: 'ok' | 'error', info, error, details }`; 503 when a check is down (or while shutting down).
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly readiness: ReadinessService,
  ) {}

  /**
   * The process lives and answers HTTP; checks nothing else, so a database outage never restarts it.
   * Shows the registered status reports (e.g. `pdf`), which cannot fail it.
   */
  @Get()
  @Public()
  @HealthCheck()
  live(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    return this.answer(res, this.readiness.statuses());
  }

  /** Ready for traffic: database reachable and migrated, Redis (with REDIS_URL), registered checks. */
  @Get('ready')
  @Public()
  @HealthCheck()
  ready(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    return this.answer(res, this.readiness.checks());
  }

  /** terminus throws its 503 as an HttpException; answered here, since the global filter turns 5xx into a bare 500. */
  private async answer(res: Response, checks: HealthIndicatorFunction[]): Promise<HealthResponse> {
    let status = 200;
    let body: HealthCheckResult;
    try {
      body = await this.health.check(checks);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      status = 503;
      body = error.getResponse() as HealthCheckResult;
    }
    res.status(status);
    return body;
  }
}
