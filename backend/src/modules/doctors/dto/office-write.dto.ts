import { ArrayMaxSize, IsArray, IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { LOGO_DELETE_MARKER, OFFICE_CONTACT_TYPES, type OfficeContactType } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { Optional } from '../../../core/validation/optional.js';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };
const CONTACT = { message: 'Bitte wählen Sie Telefon, E-Mail oder Fax als Kontaktart.' };

/**
 * Body of POST /api/doctors/offices and PUT /api/doctors/offices/{id} (JSON, or multipart with the
 * image file as "image"). Only the shape is checked here; the form's field rules (libs/validation
 * validateDoctorOffice) run in the service on the practice as it would be saved.
 */
export class OfficeWriteDto {
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) name?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) street?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(20, { message: 'Mehr als 20 Zeichen!' }) zip?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) city?: string;
  /** The contact type as the form sends it (spec: "sent as preferred"). */
  @Optional() @IsIn(OFFICE_CONTACT_TYPES, CONTACT) preferred?: OfficeContactType;
  /** The contact type under the entity's own name. */
  @Optional() @IsIn(OFFICE_CONTACT_TYPES, CONTACT) contact_type?: OfficeContactType;
  @Optional() @IsString(NOT_TEXT) @MaxLength(100, { message: 'Mehr als 100 Zeichen!' }) phone?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) mail?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(100, { message: 'Mehr als 100 Zeichen!' }) fax?: string;
  /** "_delete" removes the image; a new one travels as the multipart file "image". */
  @Optional() @IsIn([LOGO_DELETE_MARKER], { message: 'Ungültiger Wert für das Bild.' }) image?: '_delete';
  /** The practice's doctors (all of them: others are taken out of the practice). */
  @Optional()
  @IsArray({ message: MASTERDATA_API_MESSAGES.officeDoctorUnknown })
  @ArrayMaxSize(500, { message: MASTERDATA_API_MESSAGES.officeDoctorUnknown })
  @IsUUID('all', { each: true, message: MASTERDATA_API_MESSAGES.officeDoctorUnknown })
  doctors?: string[];
}
