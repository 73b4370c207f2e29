import type { AuthRecord, HomeRef, PatientDto } from '@mediport/contracts';
import { callApi } from '@mediport/api-client';
import { grantOf } from '@mediport/permissions';
import { useRecord, useRecordList, useRecordMutation } from '../../../shared';

/** "Dr. Anna Berg" (title, first and last name). */
export const patientName = (p: Pick<PatientDto, 'title' | 'firstname' | 'lastname'>) => [p.title, p.firstname, p.lastname].filter(Boolean).join(' ');

/**
 * The home a ROLE_HOME user's patients are fixed to (home patient fixed on, the first home
 * preselected; no home-patient checkbox, no home filter), or null. Like the server: only while
 * the user holds `permission` for its own home, not for all.
 */
export function fixedHomeOf(auth: AuthRecord | null, permission = 'patient_create_view'): HomeRef | null {
  if (!auth?.home || !auth.roles.includes('ROLE_HOME')) return null;
  return grantOf(auth.permissions, permission) === 'all' ? null : auth.home;
}

/** Whether the caller may choose among all homes (the list's home filter; a home user sees only its own). */
export const mayListAllHomes = (auth: AuthRecord | null) => grantOf(auth?.permissions ?? [], 'home_list_view') === 'all';

export function usePatients(query: Record<string, string | number>) {
  return useRecordList('GET /api/patients', query);
}

/** One patient (opening it marks it seen); a foreign or unknown id answers 404. */
export function usePatient(id: string | undefined) {
  return useRecord('GET /api/patients/:id', { id });
}

/** The homes with their living areas for the home and living-area pickers (lookups ask for all, limit -1). */
export function useHomeOptions(enabled: boolean) {
  return useRecordList('GET /api/homes', { limit: -1, sort: 'name' }, enabled);
}

// A patient's save changes the living areas' patient counts of the homes.
const ALSO = ['GET /api/homes'] as const;

// `onSuccess` runs before the lists and records are loaded again (a page that leaves does not reload its record).
type Done = (patient: PatientDto) => void;

export function useCreatePatient(onSuccess?: Done) {
  return useRecordMutation('POST /api/patients', { onSuccess, also: [...ALSO] });
}

/** Edit, and with `{ deactivated: false }` reactivation. */
export function useUpdatePatient(onSuccess?: Done) {
  return useRecordMutation('PUT /api/patients/:id', { onSuccess, also: [...ALSO] });
}

/** DELETE deactivates; the patient is kept and can be reactivated. */
export function useDeactivatePatient(onSuccess?: Done) {
  return useRecordMutation('DELETE /api/patients/:id', { onSuccess, also: [...ALSO] });
}

/**
 * The non-blocking duplicate warning: the server's message when a patient with the same
 * first name, last name (any case) and birth date exists, else null. A failed check does not
 * stop saving (the save itself reports its errors).
 */
export async function duplicateWarning(p: { firstname: string; lastname: string; dateOfBirth: string }, exclude?: string): Promise<string | null> {
  try {
    const query = { firstname: p.firstname.trim(), lastname: p.lastname.trim(), dateOfBirth: p.dateOfBirth.trim(), ...(exclude ? { exclude } : {}) };
    const answer = await callApi('GET /api/patients/duplicates', { query, handleErrors: false });
    return answer.count > 0 ? answer.message : null;
  } catch {
    return null;
  }
}
