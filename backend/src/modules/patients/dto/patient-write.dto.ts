import { IsBoolean, IsString, MaxLength, ValidateBy } from 'class-validator';
import type { PersonSalutationInput } from '@mediport/contracts';
import { PATIENT_MESSAGES } from '@mediport/validation';
import { Optional } from '../../../core/validation/optional.js';
import { IsPersonSalutation, IsPostalCode } from '../../../core/validation/rule-validators.js';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id, or '' for none. */
export const IsIdOrEmpty = (message: string) =>
  ValidateBy({ name: 'isIdOrEmpty', validator: { validate: (v: unknown) => typeof v === 'string' && (v === '' || UUID.test(v)), defaultMessage: () => message } });

/**
 * Body of POST /api/patients and PUT /api/patients/{id}. Only the shape is checked here; the
 * form's field rules (libs/validation validatePatient) run in the service on the
 * patient as it would be saved.
 */
export class PatientWriteDto {
  /** 'Herr', 'Frau', '' (Nicht angegeben), or 'mr' / 'mrs', saved as 'Herr' / 'Frau'. */
  @Optional() @IsPersonSalutation() salutation?: PersonSalutationInput;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) title?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) firstname?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) lastname?: string;
  /** DD.MM.YYYY (checked with the rule's own messages in the service). */
  @Optional() @IsString({ message: PATIENT_MESSAGES.dateOfBirthFormat }) @MaxLength(10, { message: PATIENT_MESSAGES.dateOfBirthFormat }) dateOfBirth?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) street?: string;
  @Optional() @IsPostalCode() postalCode?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) city?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) country?: string;
  @Optional() @IsBoolean({ message: 'Bitte geben Sie an, ob es ein Heimpatient ist.' }) homepatient?: boolean;
  @Optional() @IsBoolean({ message: 'Bitte geben Sie an, ob der Patient verstorben ist.' }) deceased?: boolean;
  /** A home id, or '' for none. */
  @Optional() @IsIdOrEmpty(PATIENT_MESSAGES.homeRequired) home?: string;
  /** A living area of `home`, or '' for none. */
  @Optional() @IsIdOrEmpty(PATIENT_MESSAGES.homeGroupOtherHome) homeGroup?: string;
  /** PUT only: false reactivates, true deactivates. */
  @Optional() @IsBoolean({ message: 'Ungültiger Wert für den Status.' }) deactivated?: boolean;
}
