import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { MedicinesController } from './medicines.controller.js';
import { MedicinesRepository } from './medicines.repository.js';
import { seedMedicines } from './medicines.seed.js';
import { MedicinesService } from './medicines.service.js';

/** Medicines (/v3/medikamente): list with the disabled filter, enable and disable. */
@Module({
  controllers: [MedicinesController],
  providers: [MedicinesRepository, MedicinesService],
  exports: [MedicinesService],
})
export class MedicinesModule implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: MedicinesRepository,
  ) {}

  /** With the demo flag on, an empty medicines table gets the demo list. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demo) return;
    const inserted = await seedMedicines(this.repo);
    if (inserted) new Logger('Medicines').log(`Demo medicines seeded (${inserted}).`);
  }
}
