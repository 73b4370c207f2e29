import { MEETING_MESSAGES, validateMeeting } from '@mediport/validation';

export interface MeetingFormValues {
  date: string;
  time: string;
  system: string;
  url: string;
  info: string;
}

/**
 * Field errors of the meeting form: the rule the server runs (libs/validation `validateMeeting`):
 * empty required fields "Bitte füllen Sie alle Felder aus.", a date or time that
 * does not exist or is written otherwise its own message.
 */
export function meetingFormErrors(values: MeetingFormValues): Partial<Record<keyof MeetingFormValues, string>> {
  const errors: Partial<Record<keyof MeetingFormValues, string>> = {};
  for (const e of validateMeeting(values)) errors[e.path as keyof MeetingFormValues] ??= e.message;
  return errors;
}

/** The toast for a refused form: the spec's text when a field is empty, else the first specific message. */
export function meetingToast(errors: Partial<Record<keyof MeetingFormValues, string>>): string {
  const messages = Object.values(errors);
  return messages.includes(MEETING_MESSAGES.incomplete) ? MEETING_MESSAGES.incomplete : (messages[0] ?? MEETING_MESSAGES.incomplete);
}
