import { IsIn, IsString, MaxLength } from 'class-validator';
import { type SnippetDto, SnippetList } from '../../users/dto/user-write.dto.js';
import { Optional } from '../../../core/validation/optional.js';
import { IsPostalCode } from '../../../core/validation/rule-validators.js';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };

/** Body of PUT /api/users/{id}/profile (JSON or multipart fields; the avatar file travels as "avatar"). */
export class ProfileUpdateDto {
  @Optional()
  @IsIn(['', 'mr', 'mrs'], { message: 'Bitte wählen Sie eine gültige Anrede.' })
  salutation?: '' | 'mr' | 'mrs';

  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) title?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) firstname?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) lastname?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) street?: string;
  @Optional() @IsPostalCode() postalCode?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) city?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) country?: string;

  /** "_delete" removes the avatar. */
  @Optional() @IsIn(['_delete'], { message: 'Ungültiger Wert für das Profilbild.' }) avatar?: '_delete';

  @Optional() @IsString(NOT_TEXT) password_current?: string;
  @Optional() @IsString(NOT_TEXT) password?: string;
  @Optional() @IsString(NOT_TEXT) password_confirm?: string;

  /** The own text snippets of prescription requests, the whole list (the same rules as on the user form). */
  @Optional() @SnippetList() snippets?: SnippetDto[];
}
