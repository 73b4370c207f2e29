import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule } from './core/audit/audit.module.js';
import { AuthCoreModule } from './core/auth/auth-core.module.js';
import type { AppConfig } from './core/config/app-config.js';
import { ConfigModule } from './core/config/config.module.js';
import { DbModule } from './core/db/db.module.js';
import { PermissionsModule } from './core/permissions/permissions.module.js';
import { RealtimeModule } from './core/realtime/realtime.module.js';
import { AclModule } from './modules/acl/acl.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { PublicConfigModule } from './modules/config/config.module.js';
import { ContractsModule } from './modules/contracts/contracts.module.js';
import { ProfileModule } from './modules/profile/profile.module.js';
import { SettingsModule } from './modules/settings/settings.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { FilesModule } from './core/files/files.module.js';
import { MeetingsModule } from './modules/meetings/meetings.module.js';
import { MedicinesModule } from './modules/medicines/medicines.module.js';
import { StatisticsModule } from './modules/statistics/statistics.module.js';
import { OauthModule } from './modules/oauth/oauth.module.js';
import { PatientsModule } from './modules/patients/patients.module.js';
import { DoctorsModule } from './modules/doctors/doctors.module.js';
import { HomesModule } from './modules/homes/homes.module.js';
import { TasksModule } from './modules/tasks/tasks.module.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { ImportModule } from './modules/import/import.module.js';
import { OutboxAdminModule } from './modules/outbox-admin/outbox-admin.module.js';
import { InvoicesModule } from './modules/invoices/invoices.module.js';
import { ObservabilityModule } from './core/observability/observability.module.js';
import { PdfModule } from './core/pdf/pdf.module.js';
import { OutboxModule } from './core/outbox/outbox.module.js';
import { FaxModule } from './modules/fax/fax.module.js';
import { ClockModule } from './core/clock/clock.module.js';
import { ScheduleModule } from '@nestjs/schedule';
import { PaymentModule } from './modules/payment/payment.module.js';
import { BackupModule } from './modules/backup/backup.module.js';

@Module({})
export class AppModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DbModule,
        ClockModule,
        // Timed jobs (@Interval / @Cron) of every module, registered once.
        ScheduleModule.forRoot(),
        PermissionsModule,
        AuthCoreModule,
        AuditModule,
        RealtimeModule,
        ObservabilityModule,
        PdfModule,
        OutboxModule,
        UsersModule,
        AuthModule,
        ProfileModule,
        SettingsModule,
        AclModule,
        ContractsModule,
        PublicConfigModule,
        FilesModule,
        MeetingsModule,
        MedicinesModule,
        StatisticsModule,
        OauthModule,
        PatientsModule,
        DoctorsModule,
        HomesModule,
        TasksModule,
        DocumentsModule,
        ImportModule,
        FaxModule,
        OutboxAdminModule,
        InvoicesModule,
        PaymentModule,
        BackupModule,
      ],
    };
  }
}
