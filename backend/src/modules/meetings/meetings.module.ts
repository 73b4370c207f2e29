import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { MeetingsController } from './meetings.controller.js';
import { MeetingsRepository } from './meetings.repository.js';
import { seedDemoMeetings } from './meetings.seed.js';
import { MeetingsService } from './meetings.service.js';

/** Webinars / appointments. Exports the repository for the dashboard's webinar list (`upcoming(limit)`). */
@Module({ controllers: [MeetingsController], providers: [MeetingsRepository, MeetingsService], exports: [MeetingsRepository, MeetingsService] })
export class MeetingsModule implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: MeetingsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.autoSeed) await seedDemoMeetings(this.repo);
  }
}
