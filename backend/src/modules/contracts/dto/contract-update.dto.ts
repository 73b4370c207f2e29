import { Allow, IsString, Matches } from 'class-validator';
import { CONTRACT_MESSAGES, type ContractOptionChange, type ContractUpdateRequest } from '@mediport/contracts/shop';
import { Optional } from '../../../core/validation/optional.js';

/** Letters, digits, '.', '_', '-' (a UUID from the client, typically). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * Body of PUT /api/contracts/{id}. Its forms (options, action with product, change) are checked in
 * the service, each refusal with the contract's own message and the field's path.
 */
export class ContractUpdateDto {
  @Allow() options?: ContractOptionChange[];
  @Allow() action?: ContractUpdateRequest['action'];
  @Allow() product?: ContractUpdateRequest['product'];
  @Allow() change?: ContractUpdateRequest['change'];

  @Optional()
  @IsString({ message: CONTRACT_MESSAGES.idempotencyKey })
  @Matches(IDEMPOTENCY_KEY, { message: CONTRACT_MESSAGES.idempotencyKey })
  idempotencyKey?: string;
}

/** Body of the takeover calls (POST …/adoption, PUT …/accept, …/reject, POST …/withdraw): all optional. */
export class ContractAdoptionDto {
  @Optional()
  @IsString({ message: CONTRACT_MESSAGES.idempotencyKey })
  @Matches(IDEMPOTENCY_KEY, { message: CONTRACT_MESSAGES.idempotencyKey })
  idempotencyKey?: string;
}
