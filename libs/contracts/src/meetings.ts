/** Webinars / appointments booked as contract options (/v3/termine, /api/meetings). */

/** A meeting ends 3 hours after its start. */
export const MEETING_DURATION_MS = 3 * 60 * 60 * 1000;

/** Success toast of a saved meeting. */
export const MEETING_SAVED_MESSAGE = 'Daten wurden im Termin Aktualisiert';

/** planning: no date yet; upcoming: before the start; running: from the start for 3 hours; ended: after that. */
export type MeetingPhase = 'planning' | 'upcoming' | 'running' | 'ended';

export interface MeetingDto {
  _id: string;
  contractId: string;
  optionId: string;
  company: string;
  title: string;
  type: string;
  /** DD.MM.YYYY, null while planned. */
  date: string | null;
  /** HH:mm, null while planned. */
  time: string | null;
  system: string | null;
  url: string;
  info: string;
  description: string;
  /** ISO timestamp of the booking. */
  bookedAt: string;
  /** ISO start (date and time in Europe/Berlin), null while planned. */
  startsAt: string | null;
  modifiedAt: string;
}

/** Body of PUT /api/meetings/{contractId}/{option}. */
export interface MeetingUpdateRequest {
  date: string;
  time: string;
  system: string;
  url?: string;
  info?: string;
}

/** Phase of a meeting at `now` (ms since epoch). */
export function meetingPhase(meeting: Pick<MeetingDto, 'startsAt'>, now: number): MeetingPhase {
  if (!meeting.startsAt) return 'planning';
  const start = Date.parse(meeting.startsAt);
  if (now < start) return 'upcoming';
  return now < start + MEETING_DURATION_MS ? 'running' : 'ended';
}
