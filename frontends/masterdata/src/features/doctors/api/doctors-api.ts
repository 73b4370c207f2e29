import type { AuthRecord, DoctorDto } from '@mediport/contracts';
import { useRecord, useRecordList, useRecordMutation } from '../../../shared';

/** Lookups without pagination (limit -1 means all). */
export const ALL = { limit: -1 } as const;

/** The practice picker and a practice's doctors are for administrators and the pharmacy (the server checks the same roles). */
export const mayAssignOffice = (auth: AuthRecord | null) => !!auth && (auth.roles.includes('ROLE_ADMIN') || auth.roles.includes('ROLE_PHARMA'));
/** The Kundennummer is for administrators only (the server refuses a changed value from anyone else). */
export const mayEditDebtorId = (auth: AuthRecord | null) => !!auth && auth.roles.includes('ROLE_ADMIN');

/** "Dr. Anna Berg" (title, first and last name). */
export const doctorName = (d: Pick<DoctorDto, 'title' | 'firstname' | 'lastname'>) => [d.title, d.firstname, d.lastname].filter(Boolean).join(' ');

export function useDoctors(query: Record<string, string | number>, enabled = true) {
  return useRecordList('GET /api/doctors', query, enabled);
}

export function useDoctor(id: string | undefined) {
  return useRecord('GET /api/doctors/:id', { id });
}

/** Suggestions of the expertise field and the values of the list's expertise filter. */
export function useExpertises(enabled = true) {
  return useRecordList('GET /api/doctors/expertises', {}, enabled);
}

/** The practices of the picker (GET /api/doctors/offices?limit=-1), only asked for when the picker is shown. */
export function useOfficeOptions(enabled: boolean) {
  return useRecordList('GET /api/doctors/offices', { ...ALL, sort: 'name' }, enabled);
}

/** Saving a doctor changes the expertise suggestions and the practices' doctor lists too. */
const DOCTOR_ALSO = ['GET /api/doctors/expertises', 'GET /api/doctors/offices'] as const;

export function useCreateDoctor(onSuccess: (d: DoctorDto) => void) {
  return useRecordMutation('POST /api/doctors', { onSuccess, also: [...DOCTOR_ALSO] });
}

/** PUT: an edit, or `{ deactivated: false }` to reactivate. */
export function useUpdateDoctor(onSuccess: (d: DoctorDto) => void) {
  return useRecordMutation('PUT /api/doctors/:id', { onSuccess, also: [...DOCTOR_ALSO] });
}

/** DELETE deactivates: the doctor is kept for documentation and ignored in billing. */
export function useDeactivateDoctor(onSuccess: (d: DoctorDto) => void) {
  return useRecordMutation('DELETE /api/doctors/:id', { onSuccess, also: [...DOCTOR_ALSO] });
}
