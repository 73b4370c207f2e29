import { Module } from '@nestjs/common';
import { UsersDataModule } from '../users/users-data.module.js';
import { PaymentCipher } from './payment-cipher.js';
import { PaymentController } from './payment.controller.js';
import { PaymentDataModule } from './payment-data.module.js';
import { PaymentService } from './payment.service.js';
import { SepaExportController } from './sepa-export.controller.js';
import { SepaExportService } from './sepa-export.service.js';

/** SEPA mandates (GET/PUT /api/users/{id}/paymentData) and the direct-debit export. */
@Module({
  imports: [PaymentDataModule, UsersDataModule],
  controllers: [PaymentController, SepaExportController],
  providers: [PaymentCipher, PaymentService, SepaExportService],
  exports: [PaymentCipher],
})
export class PaymentModule {}
