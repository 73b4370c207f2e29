import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { PaymentData, PaymentDataAnswer, PaymentDataRefusal } from '@mediport/contracts/payment';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { PaymentDataDto } from './dto/payment-data.dto.js';
import { PaymentService } from './payment.service.js';

const notFoundOnBadId = new ParseUUIDPipe({ exceptionFactory: () => AppError.notFound() });

/** The SEPA mandate of a user's debtor, reached like the user's profile (user policy `profile`). */
@Controller('users/:id/paymentData')
export class PaymentController {
  constructor(private readonly payment: PaymentService) {}

  @Get()
  @RequirePermission('profile_mandate_view')
  @RecordRoute({ subject: 'User', params: ['id'], action: 'profile' })
  get(@CurrentAuth() auth: AuthContext, @Param('id', notFoundOnBadId) id: string): Promise<PaymentData> {
    return this.payment.get(auth, id);
  }

  /** Grants (`mandate: true`) or revokes (`false`); a bad IBAN/BIC or missing company/e-mail answers 400 with `action: 'error'`. */
  @Put()
  @RequirePermission('payment_edit_view')
  @RecordRoute({ subject: 'User', params: ['id'], action: 'profile' })
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', notFoundOnBadId) id: string,
    @Body() dto: PaymentDataDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PaymentDataAnswer | PaymentDataRefusal> {
    const answer = await this.payment.update(auth, id, dto);
    if (answer.action === 'error') res.status(answer.statusCode);
    return answer;
  }
}
