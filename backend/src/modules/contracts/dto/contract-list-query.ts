import { API_MESSAGES } from '@mediport/contracts';
import { CONTRACT_STATES } from '@mediport/contracts/shop';
import { defineListQuery, type ListQueryOf, ListQueryPipe, oneOfFilter, textFilter, uuidFilter } from '../../../core/http/list-query.js';
import { CONTRACT_SORT_FIELDS } from '../contracts.repository.js';

/** GET /api/contracts: offset, limit (25), sort (contractId, validFrom, state), filter[text|state|home|doctor]. */
export const CONTRACT_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: CONTRACT_SORT_FIELDS,
  defaultSort: 'contractId',
  filters: { text: textFilter({ maxLength: 200 }), state: oneOfFilter(CONTRACT_STATES), home: uuidFilter, doctor: uuidFilter },
  messages: { page: API_MESSAGES.invalidInput, sort: API_MESSAGES.invalidInput, filter: API_MESSAGES.invalidInput },
});

export type ContractListQuery = ListQueryOf<typeof CONTRACT_LIST_QUERY>;

export const contractListQueryPipe = new ListQueryPipe(CONTRACT_LIST_QUERY);
