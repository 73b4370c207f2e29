import { IsString, Matches, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { MEETING_MESSAGES, type MeetingInput, validateMeeting } from '@mediport/validation';
import { MultilineText } from '../../../core/validation/multiline-text.js';
import { Optional } from '../../../core/validation/optional.js';

/** Runs the shared meeting rule (libs/validation) for one field: one rule, one message, two callers. */
function MeetingRule(field: keyof MeetingInput, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: `meeting_${field}`,
      target: target.constructor,
      propertyName,
      options: { message: MEETING_MESSAGES.incomplete, ...options },
      validator: {
        validate: (value: unknown) => (value === undefined || value === null || typeof value === 'string') && !validateMeeting({ [field]: value }).some((e) => e.path === field),
      },
    });
}

export const MEETING_URL_MESSAGE = 'Bitte geben Sie eine gültige Adresse an (z.B. https://zoom.us/j/123).';
const TOO_LONG = { message: 'Mehr als 2000 Zeichen!' };

/** Body of PUT /api/meetings/{contractId}/{option}: date DD.MM.YYYY, time HH:mm, system; url and info optional. */
export class MeetingUpdateDto {
  @MeetingRule('date') date!: string;
  @MeetingRule('time') time!: string;
  @MeetingRule('system') system!: string;

  /** The "Teilnehmen" link: only web addresses, never script or data URLs. */
  @Optional()
  @IsString({ message: 'Bitte geben Sie einen Text ein.' })
  @MaxLength(2000, TOO_LONG)
  @Matches(/^(https?:\/\/\S+)?$/i, { message: MEETING_URL_MESSAGE })
  url?: string;

  /** Free text shown on the details page; line breaks allowed. */
  @Optional() @MultilineText() @IsString({ message: 'Bitte geben Sie einen Text ein.' }) @MaxLength(2000, TOO_LONG) info?: string;
}
