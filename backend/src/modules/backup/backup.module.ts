import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { BackupArchiver } from './backup-archiver.js';
import { BackupRetention } from './backup-retention.js';
import { BackupStore } from './backup-store.js';
import { BackupController } from './backup.controller.js';
import { BackupJob } from './backup.job.js';
import { BackupRepository } from './backup.repository.js';
import { BackupService } from './backup.service.js';

/** Monthly backup archives per home and practice, kept 12 months or 10 years (GET /api/backup, GET /api/backup/download/{name}). */
@Module({
  imports: [InvoicesModule],
  controllers: [BackupController],
  providers: [BackupRepository, BackupStore, BackupArchiver, BackupRetention, BackupService, BackupJob],
  exports: [BackupJob],
})
export class BackupModule {}
