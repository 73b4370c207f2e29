import { Global, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller.js';
import { HealthRepository } from './health.repository.js';
import { MetricsServer } from './metrics.http.js';
import { MetricsService } from './metrics.service.js';
import { ReadinessService } from './readiness.service.js';

/**
 * Health (/api/health, /api/health/ready), metrics (MetricsService, the METRICS_PORT listener).
 * Global so other modules can register readiness checks and queue-depth sources. The logger,
 * request-id, access-log, metrics and compression middlewares are installed by createApp.
 */
@Global()
@Module({
  imports: [TerminusModule.forRoot()],
  controllers: [HealthController],
  providers: [HealthRepository, ReadinessService, MetricsService, MetricsServer],
  exports: [ReadinessService, MetricsService],
})
export class ObservabilityModule {}
