import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { MetricsService } from '../observability/metrics.service.js';
import { ReadinessService } from '../observability/readiness.service.js';
import { PDF_OPTIONS, PdfService } from './pdf.service.js';

/**
 * PdfService for every module (global). Its state shows in /api/health and /api/health/ready as
 * `pdf`, "degraded" while Chromium is unavailable, never failing either probe: orders, lists and
 * everything else work without PDFs. Its queue shows in mediport_queue_depth{queue="pdf"}.
 */
@Global()
@Module({
  providers: [{ provide: PDF_OPTIONS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => config.pdf }, PdfService],
  exports: [PdfService],
})
export class PdfModule implements OnModuleInit {
  constructor(
    private readonly pdf: PdfService,
    private readonly readiness: ReadinessService,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.readiness.registerStatus({
      key: 'pdf',
      report: () => {
        const status = this.pdf.status();
        return { degraded: status.browser === 'unavailable', data: { ...status } };
      },
    });
    this.metrics.registerQueueDepth('pdf', () => this.pdf.status().queued);
  }
}
