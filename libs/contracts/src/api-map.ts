/**
 * The API as a map from "METHOD /path" (path parameters as `:name`) to what the call sends and
 * answers. The backend controllers return these contract types; the frontends' test network is
 * typed with this map, so a contract change breaks both sides' compilation. Add a route here when
 * a screen starts to call it.
 */
import type { ListResponse } from './index.js';
import type {
  DeleteResponse,
  DoctorDto,
  DoctorOfficeDto,
  DoctorOfficeWriteRequest,
  DoctorWriteRequest,
  ExpertisesResponse,
  HomeDto,
  HomeGroupDto,
  HomeGroupWriteRequest,
  HomeWriteRequest,
  PatientDto,
  PatientDuplicatesResponse,
  PatientWriteRequest,
} from './masterdata.js';
import type { MedicineDto, MedicineToggleRequest } from './medicines.js';
import type { ReadAllResponse } from './statistics.js';
import type { EventListItemDto, EventsSeenRequest, TaskEventCreateResponse, TaskEventDto, TaskEventMetaResponse, TaskEventsSeenRequest } from './task-events.js';
import type { PastMedicineDto, TaskDto, TaskSeenRequest, TaskSeenResponse, TaskSuggestionsResponse, TaskWriteRequest } from './tasks.js';

interface Call<Body, Response> {
  body: Body;
  response: Response;
}

export interface ApiMap {
  'GET /api/patients': Call<undefined, ListResponse<PatientDto>>;
  'GET /api/patients/duplicates': Call<undefined, PatientDuplicatesResponse>;
  'GET /api/patients/:id': Call<undefined, PatientDto>;
  'POST /api/patients': Call<PatientWriteRequest, PatientDto>;
  'PUT /api/patients/:id': Call<PatientWriteRequest, PatientDto>;
  'DELETE /api/patients/:id': Call<undefined, PatientDto>;

  'GET /api/doctors': Call<undefined, ListResponse<DoctorDto>>;
  'GET /api/doctors/expertises': Call<undefined, ExpertisesResponse>;
  'GET /api/doctors/:id': Call<undefined, DoctorDto>;
  'POST /api/doctors': Call<DoctorWriteRequest, DoctorDto>;
  'PUT /api/doctors/:id': Call<DoctorWriteRequest, DoctorDto>;
  'DELETE /api/doctors/:id': Call<undefined, DoctorDto>;

  'GET /api/doctors/offices': Call<undefined, ListResponse<DoctorOfficeDto>>;
  'GET /api/doctors/offices/:id': Call<undefined, DoctorOfficeDto>;
  'POST /api/doctors/offices': Call<DoctorOfficeWriteRequest | FormData, DoctorOfficeDto>;
  'PUT /api/doctors/offices/:id': Call<DoctorOfficeWriteRequest | FormData, DoctorOfficeDto>;
  'DELETE /api/doctors/offices/:id': Call<undefined, DeleteResponse>;

  'GET /api/homes': Call<undefined, ListResponse<HomeDto>>;
  'GET /api/homes/:id': Call<undefined, HomeDto>;
  'POST /api/homes': Call<HomeWriteRequest | FormData, HomeDto>;
  'PUT /api/homes/:id': Call<HomeWriteRequest | FormData, HomeDto>;
  'DELETE /api/homes/:id': Call<undefined, HomeDto>;
  'GET /api/homes/:id/groups': Call<undefined, ListResponse<HomeGroupDto>>;
  'POST /api/homes/:id/groups': Call<HomeGroupWriteRequest, HomeGroupDto>;
  'PUT /api/homes/:id/groups/:groupId': Call<HomeGroupWriteRequest, HomeGroupDto>;
  'DELETE /api/homegroups/:groupId': Call<undefined, DeleteResponse>;

  'GET /api/medicine': Call<undefined, ListResponse<MedicineDto>>;
  'PUT /api/medicine': Call<MedicineToggleRequest, MedicineDto>;

  'GET /api/tasks/dosage': Call<undefined, TaskSuggestionsResponse>;
  'GET /api/tasks/medicine': Call<undefined, TaskSuggestionsResponse>;
  'GET /api/patients/:id/medicine': Call<undefined, ListResponse<PastMedicineDto>>;

  'PUT /api/statistics/patient_read_all': Call<undefined, ReadAllResponse>;
  'PUT /api/statistics/doctor_read_all': Call<undefined, ReadAllResponse>;
  'PUT /api/statistics/home_read_all': Call<undefined, ReadAllResponse>;

  'GET /api/tasks': Call<undefined, ListResponse<TaskDto>>;
  'GET /api/tasks/:id': Call<undefined, TaskDto>;
  'POST /api/tasks': Call<TaskWriteRequest, TaskDto>;
  'PUT /api/tasks/seen': Call<TaskSeenRequest, TaskSeenResponse>;
  'PUT /api/tasks/:id': Call<TaskWriteRequest, TaskDto>;
  'PUT /api/tasks/:id/seen': Call<undefined, TaskSeenResponse>;

  /** The printable order sheet (text/html), read as a Blob. */
  'GET /api/tasks/:id/print': Call<undefined, Blob>;
  'GET /api/tasks/:id/events': Call<undefined, ListResponse<TaskEventDto>>;
  'GET /api/tasks/:taskId/events/:eventId/attachment/:name': Call<undefined, Blob>;
  'POST /api/tasks/:id/events': Call<FormData, TaskEventCreateResponse>;
  'PUT /api/tasks/:id/events': Call<TaskEventsSeenRequest, TaskSeenResponse>;
  'GET /api/events/meta': Call<undefined, TaskEventMetaResponse>;
  'GET /api/events': Call<undefined, ListResponse<EventListItemDto>>;
  'PUT /api/events/seen': Call<EventsSeenRequest, TaskSeenResponse>;
  'PUT /api/events/:id/seen': Call<undefined, TaskSeenResponse>;
  'PUT /api/statistics/task_read_all': Call<undefined, ReadAllResponse>;
  'PUT /api/statistics/event_read_all': Call<undefined, ReadAllResponse>;
  'PUT /api/statistics/pickup_read_all': Call<undefined, ReadAllResponse>;
}

export type ApiRoute = keyof ApiMap;
export type ApiBody<R extends ApiRoute> = ApiMap[R]['body'];
export type ApiResponse<R extends ApiRoute> = ApiMap[R]['response'];

/** Every route of the map at run time (the backend's route test checks each one is served). */
export const API_ROUTES = [
  'GET /api/patients',
  'GET /api/patients/duplicates',
  'GET /api/patients/:id',
  'POST /api/patients',
  'PUT /api/patients/:id',
  'DELETE /api/patients/:id',
  'GET /api/doctors',
  'GET /api/doctors/expertises',
  'GET /api/doctors/:id',
  'POST /api/doctors',
  'PUT /api/doctors/:id',
  'DELETE /api/doctors/:id',
  'GET /api/doctors/offices',
  'GET /api/doctors/offices/:id',
  'POST /api/doctors/offices',
  'PUT /api/doctors/offices/:id',
  'DELETE /api/doctors/offices/:id',
  'GET /api/homes',
  'GET /api/homes/:id',
  'POST /api/homes',
  'PUT /api/homes/:id',
  'DELETE /api/homes/:id',
  'GET /api/homes/:id/groups',
  'POST /api/homes/:id/groups',
  'PUT /api/homes/:id/groups/:groupId',
  'DELETE /api/homegroups/:groupId',
  'GET /api/medicine',
  'PUT /api/medicine',
  'GET /api/tasks/dosage',
  'GET /api/tasks/medicine',
  'GET /api/patients/:id/medicine',
  'PUT /api/statistics/patient_read_all',
  'PUT /api/statistics/doctor_read_all',
  'PUT /api/statistics/home_read_all',
  'GET /api/tasks',
  'GET /api/tasks/:id',
  'POST /api/tasks',
  'PUT /api/tasks/seen',
  'PUT /api/tasks/:id',
  'PUT /api/tasks/:id/seen',
  'GET /api/tasks/:id/print',
  'GET /api/tasks/:id/events',
  'GET /api/tasks/:taskId/events/:eventId/attachment/:name',
  'POST /api/tasks/:id/events',
  'PUT /api/tasks/:id/events',
  'GET /api/events/meta',
  'GET /api/events',
  'PUT /api/events/seen',
  'PUT /api/events/:id/seen',
  'PUT /api/statistics/task_read_all',
  'PUT /api/statistics/event_read_all',
  'PUT /api/statistics/pickup_read_all',
] as const satisfies readonly ApiRoute[];

/** Compile-time check that API_ROUTES names every route of the map. */
type MissingFromList = Exclude<ApiRoute, (typeof API_ROUTES)[number]>;
export const API_ROUTES_COMPLETE: [MissingFromList] extends [never] ? true : never = true;
