import { Module } from '@nestjs/common';
import { PaymentRepository } from './payment.repository.js';

/**
 * The mandates for other modules: the invoice run asks which debtors hold an active mandate
 * (PaymentRepository.activeMandates). Only the payment module writes them.
 */
@Module({ providers: [PaymentRepository], exports: [PaymentRepository] })
export class PaymentDataModule {}
