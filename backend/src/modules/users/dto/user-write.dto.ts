import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ROLES, type Role, type Salutation } from '@mediport/contracts';
import { USER_MESSAGES } from '@mediport/validation';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };

export class SnippetDto {
  @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) name!: string;
  @IsString(NOT_TEXT) @MaxLength(500, { message: 'Mehr als 500 Zeichen!' }) subject!: string;
  @IsString(NOT_TEXT) @MaxLength(20000, { message: 'Mehr als 20000 Zeichen!' }) content!: string;
}

/**
 * Body of POST /api/users and PUT /api/users/{id} (spec part 1 §3 User). Only the shape is checked
 * here; the rules of §5 (libs/validation validateUserForm) run in the service on the merged record.
 */
export class UserWriteDto {
  @IsOptional() @IsString({ message: USER_MESSAGES.usernameRequired }) @MaxLength(200, TOO_LONG) username?: string;

  @IsOptional()
  @IsArray({ message: USER_MESSAGES.rolesRequired })
  @IsIn(ROLES, { each: true, message: USER_MESSAGES.rolesRequired })
  roles?: Role[];

  /** null clears the doctor. */
  @IsOptional() @IsUUID('all', { message: USER_MESSAGES.doctorRequired }) doctor?: string | null;
  /** null clears the home. */
  @IsOptional() @IsUUID('all', { message: USER_MESSAGES.homeRequired }) home?: string | null;

  /** Ids of living areas of the chosen home (checked in the service); cleared with the home. */
  @IsOptional()
  @IsArray({ message: USER_MESSAGES.homeGroupOtherHome })
  @ArrayMaxSize(200, { message: USER_MESSAGES.homeGroupOtherHome })
  @IsUUID('all', { each: true, message: USER_MESSAGES.homeGroupOtherHome })
  homeGroup?: string[];

  @IsOptional() @IsString(NOT_TEXT) @MaxLength(4096, { message: 'Mehr als 4096 Zeichen!' }) password?: string;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(4096, { message: 'Mehr als 4096 Zeichen!' }) password_confirm?: string;
  @IsOptional() @IsBoolean({ message: 'Ungültiger Wert für das Einmalpasswort.' }) once_password?: boolean;
  @IsOptional() @IsBoolean({ message: 'Ungültiger Wert für das Einmalpasswort.' }) password_once?: boolean;

  @IsOptional() @IsIn(['', 'mr', 'mrs'], { message: 'Bitte wählen Sie eine gültige Anrede.' }) salutation?: Salutation;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) title?: string;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) firstname?: string;
  @IsOptional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) lastname?: string;

  @IsOptional() @IsIn([0, 1, 2], { message: USER_MESSAGES.chargeable }) chargeable?: 0 | 1 | 2;

  /** '' reactivates; 'new' marks a save from the newer form. Deactivation is DELETE. */
  @IsOptional() @IsIn(['', 'new'], { message: 'Ungültiger Status.' }) status?: '' | 'new';

  @IsOptional()
  @IsArray({ message: 'Ungültige Textbausteine.' })
  @ArrayMaxSize(200, { message: 'Zu viele Textbausteine.' })
  @ValidateNested({ each: true, message: 'Ungültige Textbausteine.' })
  @Type(() => SnippetDto)
  snippets?: SnippetDto[];

  /** "_delete" removes the avatar (spec part 1 §4). */
  @IsOptional() @IsIn(['_delete'], { message: 'Ungültiger Wert für das Profilbild.' }) avatar?: '_delete';
}
