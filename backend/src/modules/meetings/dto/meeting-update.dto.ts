import { IsString, Matches, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { MEETING_MESSAGES, type MeetingInput, validateMeeting } from '@mediport/validation';
import { MultilineText } from '../../../core/validation/multiline-text.js';
import { Optional } from '../../../core/validation/optional.js';

/** The shared rule's message for one field (libs/validation): one rule, one message, two callers. */
function meetingError(field: keyof MeetingInput, value: unknown): string | null {
  if (value !== undefined && value !== null && typeof value !== 'string') return MEETING_MESSAGES.incomplete;
  return validateMeeting({ [field]: value }).find((e) => e.path === field)?.message ?? null;
}

/** Runs the shared meeting rule for one field and answers its German message. */
function MeetingRule(field: keyof MeetingInput, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: `meeting_${field}`,
      target: target.constructor,
      propertyName,
      options: { message: (args) => meetingError(field, args.value) ?? MEETING_MESSAGES.incomplete, ...options },
      validator: { validate: (value: unknown) => meetingError(field, value) === null },
    });
}

export const MEETING_URL_MESSAGE = 'Bitte geben Sie eine gültige Adresse an (z.B. https://zoom.us/j/123).';
const TOO_LONG = { message: 'Mehr als 2000 Zeichen!' };

/** Body of PUT /api/meetings/{contractId}/{option}: date DD.MM.YYYY, time HH:mm (leading zeros optional), system; url and info optional. */
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
