import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsPostalCode } from '../../../core/validation/rule-validators.js';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };

/** Body of PUT /api/users/{id}/profile (JSON or multipart fields; the avatar file travels as "avatar"). */
export class ProfileUpdateDto {
  @IsOptional()
  @IsIn(['', 'mr', 'mrs'], { message: 'Bitte wählen Sie eine gültige Anrede.' })
  salutation?: '' | 'mr' | 'mrs';

  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) title?: string;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) firstname?: string;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) lastname?: string;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) street?: string;
  @IsOptional() @IsPostalCode() postalCode?: string;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) city?: string;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) country?: string;

  /** "_delete" removes the avatar (spec part 1 §4). */
  @IsOptional() @IsIn(['_delete'], { message: 'Ungültiger Wert für das Profilbild.' }) avatar?: '_delete';

  @IsOptional() @IsString(NOT_TEXT) password_current?: string;
  @IsOptional() @IsString(NOT_TEXT) password?: string;
  @IsOptional() @IsString(NOT_TEXT) password_confirm?: string;
}
