import { type PipeTransform, Injectable } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, validateSync } from 'class-validator';
import { API_MESSAGES, MEDICINE_MESSAGES, MEDICINE_SORT_FIELDS } from '@mediport/contracts';
import { validationException } from '../../../core/errors/validation.js';

/** "Without pagination" lists ask for 99999 (spec part 2 §9) or -1 meaning all; both are capped here. */
export const MEDICINE_LIST_MAX = 100_000;
export const MEDICINE_LIST_DEFAULT = 25;

const SORTS = MEDICINE_SORT_FIELDS.flatMap((f) => [f, `-${f}`]);

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value);
const toFlag = ({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  if (value === true || value === '1' || value === 'true') return true;
  if (value === false || value === '0' || value === 'false') return false;
  return value;
};

/** The validated list query (an interface, so route metadata never names the class: see the pipe). */
export interface MedicineListQuery {
  offset?: number;
  limit?: number;
  sort?: string;
  disabled?: boolean;
  text?: string;
}

/** GET /api/medicine query: offset, limit, sort, filter[disabled] (0|1), filter[text]. */
export class MedicineListQueryDto implements MedicineListQuery {
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
  @IsIn(SORTS, { message: MEDICINE_MESSAGES.invalidSort })
  sort?: string;

  @IsOptional()
  @Transform(toFlag)
  @IsBoolean({ message: MEDICINE_MESSAGES.invalidFilter })
  disabled?: boolean;

  @IsOptional()
  @IsString({ message: MEDICINE_MESSAGES.invalidFilter })
  @MaxLength(200, { message: MEDICINE_MESSAGES.invalidFilter })
  text?: string;
}

type RawQuery = Record<string, unknown> & { filter?: Record<string, unknown> };

/**
 * Reads `filter[...]` whether the query parser nested it (`{ filter: { disabled } }`) or kept the
 * bracket keys flat (Express 5's simple parser), then validates like any DTO. The handler's
 * parameter is typed with the MedicineListQuery interface so the global ValidationPipe, which runs
 * first, sees no class and leaves the raw query (with its bracket keys) to this pipe.
 */
@Injectable()
export class MedicineListQueryPipe implements PipeTransform<RawQuery, MedicineListQueryDto> {
  transform(raw: RawQuery): MedicineListQueryDto {
    const q = raw ?? {};
    const nested = typeof q.filter === 'object' && q.filter !== null ? q.filter : {};
    const filter = (key: string) => nested[key] ?? q[`filter[${key}]`];
    const dto = plainToInstance(MedicineListQueryDto, {
      offset: q.offset,
      limit: q.limit,
      sort: q.sort,
      disabled: filter('disabled'),
      text: filter('text'),
    });
    const errors = validateSync(dto);
    if (errors.length) {
      for (const e of errors) if (e.property === 'disabled' || e.property === 'text') e.property = `filter[${e.property}]`;
      throw validationException(errors);
    }
    return dto;
  }
}
