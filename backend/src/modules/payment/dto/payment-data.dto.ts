import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../core/validation/optional.js';

const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };
const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };

/**
 * Body of PUT /api/users/{id}/paymentData. `mandate` true grants a mandate with `iban` and `bic`
 * (spaces allowed, checked in the service so the answer can carry `action: 'error'`); false revokes
 * the active one. `email` and `company` are accepted for the form's sake but never stored from
 * here: they come from the home, the doctor or the settings.
 */
export class PaymentDataDto {
  @IsBoolean({ message: 'Bitte geben Sie an, ob das Mandat erteilt oder entzogen wird.' }) mandate!: boolean;
  @Optional() @IsString(NOT_TEXT) @MaxLength(64, { message: 'Mehr als 64 Zeichen!' }) iban?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(32, { message: 'Mehr als 32 Zeichen!' }) bic?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) email?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) company?: string;
}
