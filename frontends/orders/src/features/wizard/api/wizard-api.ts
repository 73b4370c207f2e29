import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse, ApiRoute, AuthRecord, DoctorDto, DoctorRef, HomeRef, PatientDto } from '@mediport/contracts';
import { callApi, type QueryValue } from '@mediport/api-client';
import { grantOf } from '@mediport/permissions';
import { optionsForText, TABLE_DEFAULTS, useSearchTerm, type SearchAnswer } from '@mediport/ui';

/**
 * The wizard's calls, one hook per operation (STYLE.md 17). Query keys start with the collection
 * path ("/api/tasks"), as in the other remotes, so a save refreshes every list of that type.
 */
const collectionOf = (route: ApiRoute) => route.slice(route.indexOf(' ') + 1).split('/:')[0]!;

// A select shows at most 100 matching options; search typing is debounced 250 ms.
const PICKER_LIMIT = TABLE_DEFAULTS.selectOptions;
const SEARCH_DEBOUNCE_MS = TABLE_DEFAULTS.searchDebounceMs;

function useGet<R extends ApiRoute & `GET ${string}`>(route: R, params: Record<string, string | undefined>, query?: Record<string, QueryValue>, enabled = true) {
  const ready = enabled && Object.values(params).every((v) => !!v);
  return useQuery({
    queryKey: [collectionOf(route), route, params, query ?? null],
    queryFn: ({ signal }) => callApi(route, { params: params as Record<string, string>, query, signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

export const usePatient = (id: string | undefined) => useGet('GET /api/patients/:id', { id });
export const useTask = (id: string | undefined) => useGet('GET /api/tasks/:id', { id });
/** A patient's earlier medicines for a re-order (the server asks task_create_view). */
export const usePastMedicines = (patientId: string | undefined, enabled: boolean) => useGet('GET /api/patients/:id/medicine', { id: patientId }, undefined, enabled);

/** One page of the patient's orders (the list state's `offset`, `limit`, `sort`). */
export const usePatientOrders = (patientId: string | undefined, page: Record<string, string | number>) =>
  useGet('GET /api/tasks', { patientId }, { ...page, 'filter[patient]': patientId });

type SearchRoute = 'GET /api/patients' | 'GET /api/doctors' | 'GET /api/tasks/medicine' | 'GET /api/tasks/dosage';
type SearchRow<R extends SearchRoute> = ApiResponse<R> extends { data: (infer T)[] } ? T : never;

/**
 * A search-as-you-type picker's options: the server is asked once typing has settled, and only the
 * answer for the text in the field right now is offered (see optionsForText), never a late or
 * older one; `pending` while that answer is outstanding.
 */
function useSearch<R extends SearchRoute>(route: R, text: string, enabled: boolean) {
  const term = useSearchTerm(text, SEARCH_DEBOUNCE_MS);
  const answer = useQuery({
    queryKey: [collectionOf(route), route, 'search', term],
    queryFn: async ({ signal }): Promise<SearchAnswer<SearchRow<R>>> => {
      const page = await callApi(route as SearchRoute, { query: { 'filter[text]': term || undefined, limit: PICKER_LIMIT }, signal });
      return { term, rows: page.data as SearchRow<R>[] };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
  return { ...optionsForText(text, answer.data), failed: answer.isError };
}

/** Patients matching the typed name, asked for once the picker opens. */
export const usePatientSearch = (text: string, enabled: boolean) => useSearch('GET /api/patients', text, enabled);

/** Doctors matching the typed name; only for callers who may list doctors. */
export const useDoctorSearch = (text: string, enabled: boolean) => useSearch('GET /api/doctors', text, enabled);

/** Earlier medicine names or doses of the caller's orders for the free-text fields. */
export const useSuggestions = (kind: 'medicine' | 'dosage', text: string, enabled: boolean) => useSearch(kind === 'medicine' ? 'GET /api/tasks/medicine' : 'GET /api/tasks/dosage', text, enabled);

/** The homes with their living areas for a new patient (lookups ask for all, limit -1). */
export const useHomeOptions = (enabled: boolean) => useGet('GET /api/homes', {}, { limit: -1, sort: 'name' }, enabled);

/** A write call that refreshes the given collections after success. */
function useWrite<R extends ApiRoute>(route: R, refresh: string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: Parameters<typeof callApi<R>>[1]) => callApi(route, args),
    onSuccess: async () => {
      for (const key of refresh) await client.invalidateQueries({ queryKey: [key] });
    },
  });
}

export const useCreatePatient = () => useWrite('POST /api/patients', ['/api/patients', '/api/homes']);
export const useCreateDoctor = () => useWrite('POST /api/doctors', ['/api/doctors']);
export const useCreateTask = () => useWrite('POST /api/tasks', ['/api/tasks', '/api/patients']);
export const useUpdateTask = () => useWrite('PUT /api/tasks/:id', ['/api/tasks', '/api/patients']);

/**
 * The non-blocking duplicate warning of the patients API: its message when a patient with
 * the same names and birth date exists, else null. A failed check does not stop creating.
 */
export async function duplicateWarning(p: { firstname: string; lastname: string; dateOfBirth: string }): Promise<string | null> {
  try {
    const query = { firstname: p.firstname.trim(), lastname: p.lastname.trim(), dateOfBirth: p.dateOfBirth.trim() };
    const answer = await callApi('GET /api/patients/duplicates', { query, handleErrors: false });
    return answer.count > 0 ? answer.message : null;
  } catch {
    return null;
  }
}

/** The home a ROLE_HOME user's new patients are fixed to (their own home), or null; as the server decides it. */
export function fixedHomeOf(auth: AuthRecord | null): HomeRef | null {
  if (!auth?.home || !auth.roles.includes('ROLE_HOME')) return null;
  return grantOf(auth.permissions, 'patient_create_view') === 'all' ? null : auth.home;
}

/** The caller's own practice when it may order only for it (a doctor user: the server fills it in). */
export function fixedDoctorOf(auth: AuthRecord | null): DoctorRef | null {
  if (!auth?.doctor) return null;
  return grantOf(auth.permissions, 'task_create_view') === 'all' ? null : auth.doctor;
}

/** "Dr. Anna Berg". */
export const personName = (p: { title?: string; firstname: string; lastname: string }) => [p.title, p.firstname, p.lastname].filter(Boolean).join(' ');

/** "Müller, Anna (12.03.1941)" for the patient picker. */
export const patientLabel = (p: Pick<PatientDto, 'firstname' | 'lastname' | 'dateOfBirth'>) => `${[p.lastname, p.firstname].filter(Boolean).join(', ')} (${p.dateOfBirth})`;

export const doctorLabel = (d: Pick<DoctorDto, 'title' | 'firstname' | 'lastname' | 'city'>) => [personName(d), d.city].filter(Boolean).join(', ');
