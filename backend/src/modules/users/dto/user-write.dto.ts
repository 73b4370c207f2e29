import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsString, IsUUID, MaxLength, ValidateBy, ValidateNested } from 'class-validator';
import { MultilineText } from '../../../core/validation/multiline-text.js';
import { Optional } from '../../../core/validation/optional.js';
import { ROLES, type Role, type Salutation } from '@mediport/contracts';
import { checkUsername, USER_MESSAGES } from '@mediport/validation';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };

/**
 * The username rule of libs/validation (letters, digits, . _ -; at most 100 characters) on the
 * username a request sends, with the rule's own message. An edit that leaves the username out keeps
 * the stored one unchecked, so users named before the rule can still be saved (the admin form sends
 * the username only when it changed).
 */
const IsUsername = () =>
  ValidateBy({
    name: 'isUsername',
    validator: {
      // A non-string is IsString's to report.
      validate: (value: unknown) => typeof value !== 'string' || checkUsername(value) === null,
      defaultMessage: (args) => checkUsername(String(args?.value ?? '')) ?? USER_MESSAGES.usernameCharacters,
    },
  });

export class SnippetDto {
  @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) name!: string;
  @IsString(NOT_TEXT) @MaxLength(500, { message: 'Mehr als 500 Zeichen!' }) subject!: string;
  @MultilineText() @IsString(NOT_TEXT) @MaxLength(20000, { message: 'Mehr als 20000 Zeichen!' }) content!: string;
}

/** A user's text snippets, the whole list: at most 200, each a SnippetDto. */
export function SnippetList(): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: 'Ungültige Textbausteine.' }),
    ArrayMaxSize(200, { message: 'Zu viele Textbausteine.' }),
    ValidateNested({ each: true, message: 'Ungültige Textbausteine.' }),
    Type(() => SnippetDto),
  );
}

/**
 * Body of POST /api/users and PUT /api/users/{id}. Only the shape is checked here; the user form's
 * rules (libs/validation validateUserForm) run in the service on the merged record.
 */
export class UserWriteDto {
  @Optional() @IsString({ message: USER_MESSAGES.usernameRequired }) @IsUsername() username?: string;

  @Optional()
  @IsArray({ message: USER_MESSAGES.rolesRequired })
  @IsIn(ROLES, { each: true, message: USER_MESSAGES.rolesRequired })
  roles?: Role[];

  /** null clears the doctor (so null passes here; every other field refuses null). */
  @Optional({ allowNull: true }) @IsUUID('all', { message: USER_MESSAGES.doctorRequired }) doctor?: string | null;
  /** null clears the home. */
  @Optional({ allowNull: true }) @IsUUID('all', { message: USER_MESSAGES.homeRequired }) home?: string | null;

  /** Ids of living areas of the chosen home (checked in the service); cleared with the home; null keeps them. */
  @Optional({ allowNull: true })
  @IsArray({ message: USER_MESSAGES.homeGroupOtherHome })
  @ArrayMaxSize(200, { message: USER_MESSAGES.homeGroupOtherHome })
  @IsUUID('all', { each: true, message: USER_MESSAGES.homeGroupOtherHome })
  homeGroup?: string[];

  @Optional() @IsString(NOT_TEXT) @MaxLength(4096, { message: 'Mehr als 4096 Zeichen!' }) password?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(4096, { message: 'Mehr als 4096 Zeichen!' }) password_confirm?: string;
  @Optional() @IsBoolean({ message: 'Ungültiger Wert für das Einmalpasswort.' }) once_password?: boolean;
  @Optional() @IsBoolean({ message: 'Ungültiger Wert für das Einmalpasswort.' }) password_once?: boolean;

  @Optional() @IsIn(['', 'mr', 'mrs'], { message: 'Bitte wählen Sie eine gültige Anrede.' }) salutation?: Salutation;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) title?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) firstname?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) lastname?: string;

  @Optional() @IsIn([0, 1, 2], { message: USER_MESSAGES.chargeable }) chargeable?: 0 | 1 | 2;

  /** '' reactivates; 'new' marks a save from the newer form. Deactivation is DELETE. */
  @Optional() @IsIn(['', 'new'], { message: 'Ungültiger Status.' }) status?: '' | 'new';

  @Optional() @SnippetList() snippets?: SnippetDto[];

  /** "_delete" removes the avatar. */
  @Optional() @IsIn(['_delete'], { message: 'Ungültiger Wert für das Profilbild.' }) avatar?: '_delete';
}
