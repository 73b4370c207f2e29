import { API_MESSAGES } from '@mediport/contracts';
import { MEDICINE_MESSAGES, MEDICINE_SORT_FIELDS } from '@mediport/contracts/medicines';
import { defineListQuery, flagFilter, type ListQueryOf, ListQueryPipe, textFilter } from '../../../core/http/list-query.js';

/** GET /api/medicine: offset, limit (25), sort, filter[disabled] (0|1), filter[text]. */
export const MEDICINE_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: MEDICINE_SORT_FIELDS,
  defaultSort: 'name',
  filters: { disabled: flagFilter, text: textFilter({ maxLength: 200 }) },
  messages: { page: API_MESSAGES.invalidInput, sort: MEDICINE_MESSAGES.invalidSort, filter: MEDICINE_MESSAGES.invalidFilter },
});

export type MedicineListQuery = ListQueryOf<typeof MEDICINE_LIST_QUERY>;

export const medicineListQueryPipe = new ListQueryPipe(MEDICINE_LIST_QUERY);
