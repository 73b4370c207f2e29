import { Injectable } from '@nestjs/common';
import type { ListResponse, MeetingDto } from '@mediport/contracts';
import { normalizeMeetingDate, normalizeMeetingTime, parseGermanDate } from '@mediport/validation';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { meetingPolicy, type MeetingSubject } from '../../core/permissions/policies/index.js';
import type { MeetingListQuery } from './dto/meeting-list-query.js';
import type { MeetingUpdateDto } from './dto/meeting-update.dto.js';
import { invalidMeeting } from './meetings.errors.js';
import { type MeetingRecord, MeetingsRepository } from './meetings.repository.js';

export const MEETING_AUDIT_ACTION = 'meeting.update';

function toGermanDate(iso: string | null): string | null {
  if (!iso) return null;
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

function meetingSubject(row: MeetingRecord): MeetingSubject {
  return { home: row.homeId, doctor: row.doctorId };
}

export function toMeetingDto(row: MeetingRecord): MeetingDto {
  return {
    _id: row.id,
    contractId: row.contractId,
    optionId: row.optionId,
    company: row.company,
    title: row.title,
    type: row.type,
    date: toGermanDate(row.date),
    time: row.time,
    system: row.system,
    url: row.url,
    info: row.info,
    description: row.description,
    bookedAt: row.bookedAt.toISOString(),
    startsAt: row.startsAt ? row.startsAt.toISOString() : null,
    modifiedAt: row.modifiedAt.toISOString(),
  };
}

@Injectable()
export class MeetingsService {
  constructor(
    private readonly repo: MeetingsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(auth: AuthContext, query: MeetingListQuery): Promise<ListResponse<MeetingDto>> {
    const { rows, count } = await this.repo.list({ ...query, scope: meetingPolicy.where(auth, 'read') });
    return { data: rows.map(toMeetingDto), count };
  }

  async byId(auth: AuthContext, id: string): Promise<MeetingDto> {
    const row = await this.repo.findById(id);
    meetingPolicy.assert(auth, 'read', row ? meetingSubject(row) : null);
    return toMeetingDto(row!);
  }

  async get(auth: AuthContext, contractId: string, optionId: string): Promise<MeetingDto> {
    const row = await this.repo.find(contractId, optionId);
    meetingPolicy.assert(auth, 'read', row ? meetingSubject(row) : null);
    return toMeetingDto(row!);
  }

  /** The webinars of the dashboard: upcoming meetings the caller may see. */
  async upcoming(auth: AuthContext, limit: number): Promise<MeetingDto[]> {
    return (await this.repo.upcoming(limit, meetingPolicy.where(auth, 'read'))).map(toMeetingDto);
  }

  async update(auth: AuthContext, contractId: string, optionId: string, dto: MeetingUpdateDto): Promise<MeetingDto> {
    const found = await this.repo.find(contractId, optionId);
    meetingPolicy.assert(auth, 'update', found ? meetingSubject(found) : null);
    const row = found!;
    // The DTO ran validateMeeting: both normalize (1.2.2026 → 01.02.2026, 9:30 → 09:30).
    const date = parseGermanDate(normalizeMeetingDate(dto.date) ?? '');
    const time = normalizeMeetingTime(dto.time);
    if (!date || !time) throw invalidMeeting();
    await this.repo.update(row.id, { date, time, system: dto.system, url: dto.url?.trim() ?? row.url, info: dto.info ?? row.info }, auth.userId);
    await this.audit.recordBy(auth, { action: MEETING_AUDIT_ACTION, target: row.id, meta: { contractId, optionId } });
    return this.get(auth, contractId, optionId);
  }
}
