import { IsIn, IsString, MaxLength } from 'class-validator';
import { LOGO_DELETE_MARKER } from '@mediport/contracts';
import { Optional } from '../../../core/validation/optional.js';
import { IsPostalCode } from '../../../core/validation/rule-validators.js';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };
const SHORT = { message: 'Mehr als 100 Zeichen!' };

/**
 * Body of POST /api/homes and PUT /api/homes/{id}: multipart text fields (or JSON), the sender logo
 * as the file "logo" or logo=_delete. Only the shape is checked here; the form's field rules (libs/validation
 * validateHome) and who may change the Kundennummer and the sender settings are the service's.
 */
export class HomeWriteDto {
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) name?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) company?: string;
  /** Head of the home. */
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) firstname?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) lastname?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) email?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(100, SHORT) fax?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(100, SHORT) phone?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) street?: string;
  @Optional() @IsPostalCode() postalCode?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) city?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) country?: string;
  /** Kundennummer: administrators only. */
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) debtorId?: string;
  /** Sender settings (admin or manager, a home with a contract). */
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) senderName?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(100, SHORT) senderPhone?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(100, SHORT) senderFax?: string;
  /** "_delete" removes the sender logo; a new one travels as the multipart file "logo". */
  @Optional() @IsIn([LOGO_DELETE_MARKER], { message: 'Ungültiger Wert für das Logo.' }) logo?: '_delete';
  /** PUT only: false (or "false" in multipart) reactivates a deactivated home. */
  @Optional() @IsIn([false, 'false'], { message: 'Ungültiger Wert für den Status.' }) deactivated?: false | 'false';
}
