import { IsBoolean, IsIn, IsString, MaxLength, ValidateBy } from 'class-validator';
import { DOCTOR_PREFERRED, type DoctorPreferred, type PersonSalutationInput } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { DOCTOR_MESSAGES } from '@mediport/validation';
import { Optional } from '../../../core/validation/optional.js';
import { IsPersonSalutation, IsPostalCode } from '../../../core/validation/rule-validators.js';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id, or '' for none. */
export const IsIdOrEmpty = (message: string) =>
  ValidateBy({ name: 'isIdOrEmpty', validator: { validate: (v: unknown) => typeof v === 'string' && (v === '' || UUID.test(v)), defaultMessage: () => message } });

/**
 * Body of POST /api/doctors and PUT /api/doctors/{id}. Only the shape is checked here; the form's
 * field rules (libs/validation validateDoctor) run in the service on the
 * doctor as it would be saved, together with who may change the practice and the Kundennummer.
 */
export class DoctorWriteDto {
  /** 'Herr', 'Frau', '' (Nicht angegeben), or 'mr' / 'mrs', saved as 'Herr' / 'Frau'. */
  @Optional() @IsPersonSalutation() salutation?: PersonSalutationInput;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) title?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) firstname?: string;
  @Optional() @IsString({ message: DOCTOR_MESSAGES.lastnameRequired }) @MaxLength(200, TOO_LONG) lastname?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) expertise?: string;
  /** Another name of `expertise` (spec: "expertise (also department)"). */
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) department?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) street?: string;
  @Optional() @IsPostalCode() postalCode?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) city?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) country?: string;
  /** Practice id, or '' for none (administrators and the pharmacy only). */
  @Optional() @IsIdOrEmpty(MASTERDATA_API_MESSAGES.officeUnknown) office?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) email?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(100, { message: 'Mehr als 100 Zeichen!' }) fax?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(100, { message: 'Mehr als 100 Zeichen!' }) phone?: string;
  @Optional() @IsIn(DOCTOR_PREFERRED, { message: DOCTOR_MESSAGES.preferredRequired }) preferred?: DoctorPreferred;
  /** Kundennummer: administrators only. */
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) debtorId?: string;
  /** PUT only: false reactivates, true deactivates. */
  @Optional() @IsBoolean({ message: 'Ungültiger Wert für den Status.' }) deactivated?: boolean;
}
