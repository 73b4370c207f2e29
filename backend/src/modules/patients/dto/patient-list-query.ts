import { IsString, MaxLength, ValidateBy } from 'class-validator';
import { PATIENT_SORT_FIELDS } from '@mediport/contracts';
import { MASTERDATA_API_MESSAGES } from '@mediport/contracts/masterdata-messages';
import { deactivatedFilter } from '../../../core/http/list.js';
import { defineListQuery, flagFilter, type ListQueryOf, ListQueryPipe, textFilter, uuidFilter } from '../../../core/http/list-query.js';
import { Optional } from '../../../core/validation/optional.js';

/** GET /api/patients: offset, limit (25), sort, filter[text|home|homeGroup|notSeen|deactivated]. */
export const PATIENT_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: PATIENT_SORT_FIELDS,
  defaultSort: 'lastname',
  filters: {
    text: textFilter({ maxLength: 200 }),
    home: uuidFilter,
    homeGroup: uuidFilter,
    notSeen: flagFilter,
    deactivated: deactivatedFilter,
  },
});

export type PatientListQuery = ListQueryOf<typeof PATIENT_LIST_QUERY>;

export const patientListQueryPipe = new ListQueryPipe(PATIENT_LIST_QUERY);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const QUERY = { message: MASTERDATA_API_MESSAGES.duplicateQuery };

/** GET /api/patients/duplicates?firstname=&lastname=&dateOfBirth=DD.MM.YYYY[&exclude={id}]. */
export class PatientDuplicatesQueryDto {
  @Optional() @IsString(QUERY) @MaxLength(200, QUERY) firstname?: string;
  @IsString(QUERY) @MaxLength(200, QUERY) lastname!: string;
  @IsString(QUERY) @MaxLength(10, QUERY) dateOfBirth!: string;
  /** The patient being edited (not its own duplicate). */
  @Optional() @ValidateBy({ name: 'isUuid', validator: { validate: (v: unknown) => typeof v === 'string' && UUID.test(v), defaultMessage: () => MASTERDATA_API_MESSAGES.duplicateQuery } }) exclude?: string;
}
