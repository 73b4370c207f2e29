import type { MeetingDto } from '@mediport/contracts';
import { MEETING_TEXT } from '../../../messages';

/** Edit route of a meeting: /v3/termine/{contractId}/{option}/bearbeiten. */
export function editPath(m: Pick<MeetingDto, 'contractId' | 'optionId'>): string {
  return `/v3/termine/${encodeURIComponent(m.contractId)}/${encodeURIComponent(m.optionId)}/bearbeiten`;
}

/** "24.12.2030 09:30 Uhr" or "In Planung". */
export function whenText(m: Pick<MeetingDto, 'date' | 'time'>): string {
  if (!m.date) return MEETING_TEXT.planning;
  return m.time ? MEETING_TEXT.at(m.date, m.time) : m.date;
}
