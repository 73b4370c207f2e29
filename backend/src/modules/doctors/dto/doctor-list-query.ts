import { DOCTOR_SORT_FIELDS } from '@mediport/contracts';
import { deactivatedFilter } from '../../../core/http/list.js';
import { defineListQuery, flagFilter, type ListQueryOf, ListQueryPipe, listFilter, lookupQuery, textFilter, uuidFilter } from '../../../core/http/list-query.js';

const isExpertise = (v: string): v is string => v.length <= 200;

/** GET /api/doctors: offset, limit (25), sort, filter[text|expertises|office|notSeen|deactivated]. */
export const DOCTOR_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: DOCTOR_SORT_FIELDS,
  defaultSort: 'lastname',
  filters: {
    text: textFilter({ maxLength: 200 }),
    expertises: listFilter(isExpertise),
    office: uuidFilter,
    notSeen: flagFilter,
    deactivated: deactivatedFilter,
  },
});

export type DoctorListQuery = ListQueryOf<typeof DOCTOR_LIST_QUERY>;
export const doctorListQueryPipe = new ListQueryPipe(DOCTOR_LIST_QUERY);

/** GET /api/doctors/expertises: filter[text] (the typed beginning or part), limit (100, the spec's select maximum). */
export const EXPERTISE_QUERY = lookupQuery(100);

export type ExpertiseQuery = ListQueryOf<typeof EXPERTISE_QUERY>;
export const expertiseQueryPipe = new ListQueryPipe(EXPERTISE_QUERY);
