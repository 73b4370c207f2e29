import { Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, validateSync } from 'class-validator';
import { API_MESSAGES } from '@mediport/contracts';
import { validationException } from '../../../core/errors/validation.js';
import type { MeetingSort } from '../meetings.repository.js';

export const MEETING_LIST_DEFAULT = 10;
/** "All" (-1, 99999, 999999) is capped here. */
export const MEETING_LIST_MAX = 100_000;
const SORTS: MeetingSort[] = ['date', '-date', 'company', '-company', 'title', '-title'];

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value);

/** GET /api/meetings query: offset, limit, sort, filter[text]. */
export class MeetingListQueryDto {
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: API_MESSAGES.invalidInput })
  @Min(0, { message: API_MESSAGES.invalidInput })
  offset?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: API_MESSAGES.invalidInput })
  @Min(-1, { message: API_MESSAGES.invalidInput })
  @Max(999_999, { message: API_MESSAGES.invalidInput })
  limit?: number;

  @IsOptional()
  @IsIn(SORTS, { message: API_MESSAGES.invalidInput })
  sort?: MeetingSort;

  @IsOptional()
  @IsString({ message: API_MESSAGES.invalidInput })
  @MaxLength(200, { message: API_MESSAGES.invalidInput })
  text?: string;
}

type RawQuery = Record<string, unknown> & { filter?: Record<string, unknown> };

/** Reads `filter[text]` nested or flat (Express 5's simple parser keeps the brackets), then validates. */
@Injectable()
export class MeetingListQueryPipe implements PipeTransform<RawQuery, MeetingListQueryDto> {
  transform(raw: RawQuery): MeetingListQueryDto {
    const q = raw ?? {};
    const nested = typeof q.filter === 'object' && q.filter !== null ? q.filter : {};
    const dto = plainToInstance(MeetingListQueryDto, { offset: q.offset, limit: q.limit, sort: q.sort, text: nested.text ?? q['filter[text]'] });
    const errors = validateSync(dto);
    if (errors.length) {
      for (const e of errors) if (e.property === 'text') e.property = 'filter[text]';
      throw validationException(errors);
    }
    return dto;
  }
}
