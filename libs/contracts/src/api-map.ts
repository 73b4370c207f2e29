/**
 * Every route of the API, once: "METHOD /api/path/:param" → what the call sends and answers.
 * `ApiMap`, `ApiRoute`, `ApiBody`, `ApiResponse` and `API_ROUTES` all derive from `API_MAP`. The
 * backend's generated api-map.check.ts fails to compile when a controller answers another shape,
 * and its route test fails when a served route is missing here; the frontends call routes through
 * `callApi` and answer them in component tests through `fakeApi`, both typed by this map.
 */
import type {
  AclPatchRequest,
  AclResponse,
  AuthRecord,
  ListResponse,
  LoginRequest,
  ProfileUpdateResponse,
  PublicConfig,
  SettingsDto,
  SwitchBackRequest,
  UserDto,
} from './index.js';
import type { HealthResponse } from './health.js';
import type {
  ContractActionResponse,
  ContractAdoptionRequest,
  ContractAdoptionResponse,
  ContractDto,
  ContractListResponse,
  ContractUpdateRequest,
  ShopProductDto,
} from './contracts-shop.js';
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
import type { MeetingDto, MeetingUpdateRequest } from './meetings.js';
import type { OauthLoginRequest } from './oauth.js';
import type { ProfileDocumentContent, ProfileDocumentDecisionRequest, ProfileDocumentDto, ProfileDocumentUploadRequest, ProfileUpdateRequest } from './profile.js';
import type { ImportCounts, ImportPreview, ImportProgress, ImportTaskRequest } from './import.js';
import type { DocumentCreateBody, DocumentCreateResponse, DocumentMarkBody, DocumentMarkResponse, DocumentRequestBody, DocumentRequestResponse, DocumentResendResponse, DocumentTrackerDto } from './documents.js';
import type { FaxReportBody, FaxReportResponse } from './fax.js';
import type { OutboxListResponse, OutboxRetryResponse } from './outbox.js';
import type { InvoiceListResponse, InvoiceProofListResponse, InvoiceRunRequest, InvoiceRunResponse, InvoiceUpdateRequest, InvoiceUpdateResponse } from './invoices.js';
import type { SettingsAdminDto, SettingsUpdateRequest } from './settings.js';
import type { PaymentData, PaymentDataAnswer, PaymentDataRefusal, PaymentDataUpdate, SepaMonth } from './payment.js';
import type { BackupEntry } from './backup.js';
import type { ReadAllResponse, StatisticsResponse } from './statistics.js';
import type { EventListItemDto, EventsSeenRequest, TaskEventCreateResponse, TaskEventDto, TaskEventMetaResponse, TaskEventsSeenRequest, TaskEventWriteRequest } from './task-events.js';
import type { PastMedicineDto, TaskDto, TaskSeenRequest, TaskSeenResponse, TaskSuggestionsResponse, TaskWriteRequest } from './tasks.js';
import type { TaskDeliveryRequest, TaskIncidentRequest, TaskPickupRequest } from './delivery.js';
import type { UserListRow, UserLookups, UserWriteRequest } from './users.js';

/** One route of the map. The body and answer types ride on `types`, which is never set at run time. */
export interface ApiRouteSpec<Body, Response, Answer extends 'json' | 'file' = 'json' | 'file'> {
  /** How the client reads a success answer that is not JSON: `file` as a Blob, `json` as text. */
  readonly answer: Answer;
  readonly types?: { body: Body; response: Response };
}

/** A route answering JSON of type `Response` (or nothing: `void`) to a body of type `Body`. */
export function route<Body, Response>(): ApiRouteSpec<Body, Response, 'json'> {
  return { answer: 'json' };
}

/**
 * A route answering a file (image, attachment, HTML sheet), read as a Blob; `Json` when the
 * route answers JSON instead for some queries.
 */
export function fileRoute<Body = undefined, Json = never>(): ApiRouteSpec<NoInfer<Body>, Blob | NoInfer<Json>, 'file'> {
  return { answer: 'file' };
}

export const API_MAP = {
  // Sign-in and session
  'POST /api/auth': route<LoginRequest, AuthRecord>(),
  'GET /api/auth/session': route<undefined, AuthRecord>(),
  'POST /api/auth/logout': route<undefined, void>(),
  'POST /api/auth/masquerade/:userId': route<undefined, AuthRecord>(),
  'POST /api/auth/switch-back': route<SwitchBackRequest, AuthRecord>(),
  'POST /api/oauth': route<OauthLoginRequest, AuthRecord>(),
  'GET /api/partner/apomondo': route<undefined, boolean>(),
  'GET /api/config': route<undefined, PublicConfig>(),

  // Operations
  'GET /api/health': route<undefined, HealthResponse>(),
  'GET /api/health/ready': route<undefined, HealthResponse>(),

  // Users and profile
  'GET /api/users': route<undefined, ListResponse<UserListRow>>(),
  'GET /api/users/lookups': route<undefined, UserLookups>(),
  'GET /api/users/:id': route<undefined, UserListRow>(),
  'POST /api/users': route<UserWriteRequest, UserListRow>(),
  'PUT /api/users/:id': route<UserWriteRequest, UserListRow>(),
  'DELETE /api/users/:id': route<undefined, UserListRow>(),
  'GET /api/users/:id/profile': route<undefined, UserDto>(),
  'PUT /api/users/:id/profile': route<ProfileUpdateRequest | FormData, ProfileUpdateResponse>(),
  'GET /api/users/:id/avatar': fileRoute(),
  'GET /api/users/:id/profile/documents': route<undefined, ProfileDocumentDto[]>(),
  /** The PDF as base64 JSON; with `noBase64=1` the file itself. */
  'GET /api/users/:id/profile/documents/:name': fileRoute<undefined, ProfileDocumentContent>(),
  'POST /api/users/:id/profile/documents': route<ProfileDocumentUploadRequest | FormData, ProfileDocumentDto>(),
  'PUT /api/users/:id/profile/documents/:name': route<ProfileDocumentDecisionRequest, ProfileDocumentDto>(),
  'DELETE /api/users/:id/profile/documents/:name': route<undefined, void>(),

  // Rights matrix, company settings, meetings, contracts
  'GET /api/acl': route<undefined, AclResponse>(),
  'PATCH /api/acl': route<AclPatchRequest, AclResponse>(),
  'PUT /api/acl': route<AclPatchRequest, AclResponse>(),
  /** The permission's documentation card (SVG). */
  'GET /api/acl/doku/:name': fileRoute(),
  'GET /api/settings': route<undefined, SettingsDto | SettingsAdminDto>(),
  'PUT /api/settings': route<SettingsUpdateRequest | FormData, SettingsAdminDto>(),
  'GET /api/settings/logo': fileRoute(),
  'GET /api/meetings': route<undefined, ListResponse<MeetingDto>>(),
  'GET /api/meetings/:id': route<undefined, MeetingDto>(),
  'GET /api/meetings/:contractId/:option': route<undefined, MeetingDto>(),
  'PUT /api/meetings/:contractId/:option': route<MeetingUpdateRequest, MeetingDto>(),
  /** `?home=` or `?doctor=`: whether a contract exists. */
  'GET /api/contracts': route<undefined, ContractListResponse>(),
  'GET /api/contracts/find': route<undefined, ContractDto>(),
  'GET /api/contracts/has': route<undefined, boolean>(),
  'GET /api/contracts/:id': route<undefined, ContractDto>(),
  'PUT /api/contracts/:id': route<ContractUpdateRequest, ContractActionResponse>(),
  'POST /api/contracts/:id/adoption': route<ContractAdoptionRequest, ContractAdoptionResponse>(),
  'PUT /api/contracts/:id/adoption/accept': route<ContractAdoptionRequest, ContractActionResponse>(),
  'PUT /api/contracts/:id/adoption/reject': route<ContractAdoptionRequest, ContractActionResponse>(),
  'POST /api/contracts/:id/adoption/withdraw': route<ContractAdoptionRequest, ContractActionResponse>(),
  'GET /api/products/office': route<undefined, ShopProductDto[]>(),
  'GET /api/products/doctor': route<undefined, ShopProductDto[]>(),

  // Dashboard and seen marks
  'GET /api/statistics': route<undefined, StatisticsResponse>(),
  'PUT /api/statistics/task_read_all': route<undefined, ReadAllResponse>(),
  'PUT /api/statistics/event_read_all': route<undefined, ReadAllResponse>(),
  'PUT /api/statistics/pickup_read_all': route<undefined, ReadAllResponse>(),
  'PUT /api/statistics/home_read_all': route<undefined, ReadAllResponse>(),
  'PUT /api/statistics/doctor_read_all': route<undefined, ReadAllResponse>(),
  'PUT /api/statistics/user_read_all': route<undefined, ReadAllResponse>(),
  'PUT /api/statistics/patient_read_all': route<undefined, ReadAllResponse>(),
  /** Older path of PUT /api/statistics/user_read_all. */
  'PUT /api/seen/users': route<undefined, ReadAllResponse>(),

  // Patients
  'GET /api/patients': route<undefined, ListResponse<PatientDto>>(),
  'GET /api/patients/duplicates': route<undefined, PatientDuplicatesResponse>(),
  'GET /api/patients/:id': route<undefined, PatientDto>(),
  'POST /api/patients': route<PatientWriteRequest, PatientDto>(),
  'PUT /api/patients/:id': route<PatientWriteRequest, PatientDto>(),
  'DELETE /api/patients/:id': route<undefined, PatientDto>(),
  'GET /api/patients/:id/medicine': route<undefined, ListResponse<PastMedicineDto>>(),

  // Doctors and their practices
  'GET /api/doctors': route<undefined, ListResponse<DoctorDto>>(),
  'GET /api/doctors/expertises': route<undefined, ExpertisesResponse>(),
  'GET /api/doctors/:id': route<undefined, DoctorDto>(),
  'POST /api/doctors': route<DoctorWriteRequest, DoctorDto>(),
  'PUT /api/doctors/:id': route<DoctorWriteRequest, DoctorDto>(),
  'DELETE /api/doctors/:id': route<undefined, DoctorDto>(),
  'GET /api/doctors/offices': route<undefined, ListResponse<DoctorOfficeDto>>(),
  'GET /api/doctors/offices/:id': route<undefined, DoctorOfficeDto>(),
  'GET /api/doctors/offices/:id/image': fileRoute(),
  'POST /api/doctors/offices': route<DoctorOfficeWriteRequest | FormData, DoctorOfficeDto>(),
  'PUT /api/doctors/offices/:id': route<DoctorOfficeWriteRequest | FormData, DoctorOfficeDto>(),
  'DELETE /api/doctors/offices/:id': route<undefined, DeleteResponse>(),

  // Care homes and their living areas
  'GET /api/homes': route<undefined, ListResponse<HomeDto>>(),
  'GET /api/homes/:id': route<undefined, HomeDto>(),
  'GET /api/homes/:id/logo': fileRoute(),
  'POST /api/homes': route<HomeWriteRequest | FormData, HomeDto>(),
  'PUT /api/homes/:id': route<HomeWriteRequest | FormData, HomeDto>(),
  'DELETE /api/homes/:id': route<undefined, HomeDto>(),
  'GET /api/homes/:id/groups': route<undefined, ListResponse<HomeGroupDto>>(),
  'POST /api/homes/:id/groups': route<HomeGroupWriteRequest, HomeGroupDto>(),
  'PUT /api/homes/:id/groups/:groupId': route<HomeGroupWriteRequest, HomeGroupDto>(),
  'DELETE /api/homegroups/:groupId': route<undefined, DeleteResponse>(),

  // Medicines
  'GET /api/medicine': route<undefined, ListResponse<MedicineDto>>(),
  'PUT /api/medicine': route<MedicineToggleRequest, MedicineDto>(),

  // Orders
  'GET /api/tasks': route<undefined, ListResponse<TaskDto>>(),
  'GET /api/tasks/dosage': route<undefined, TaskSuggestionsResponse>(),
  'GET /api/tasks/medicine': route<undefined, TaskSuggestionsResponse>(),
  'GET /api/tasks/:id': route<undefined, TaskDto>(),
  'POST /api/tasks': route<TaskWriteRequest, TaskDto>(),
  'PUT /api/tasks/seen': route<TaskSeenRequest, TaskSeenResponse>(),
  'PUT /api/tasks/:id': route<TaskWriteRequest, TaskDto>(),
  'PUT /api/tasks/:id/seen': route<undefined, TaskSeenResponse>(),
  /** The printable order sheet (HTML). */
  'GET /api/tasks/:id/print': fileRoute(),
  'POST /api/tasks/pickup': fileRoute<TaskPickupRequest>(),
  'POST /api/tasks/:id/delivery': route<TaskDeliveryRequest | FormData, TaskDto>(),
  'POST /api/tasks/:id/incidents': route<TaskIncidentRequest, TaskEventDto>(),
  /** The orders list's filter as .xlsx in the import's column layout. */
  'GET /api/tasks/export': fileRoute(),

  // The spreadsheet import of orders
  'PUT /api/import/task': route<ImportTaskRequest | FormData, ImportCounts>(),
  'POST /api/import/task/preview': route<ImportTaskRequest | FormData, ImportPreview>(),
  'GET /api/import/task/progress': route<undefined, ImportProgress>(),
  'GET /api/import/task/template': fileRoute(),

  // The orders' events (chat, status changes, mail and fax)
  'GET /api/tasks/:id/events': route<undefined, ListResponse<TaskEventDto>>(),
  'POST /api/tasks/:id/events': route<TaskEventWriteRequest | FormData, TaskEventCreateResponse>(),
  'PUT /api/tasks/:id/events': route<TaskEventsSeenRequest, TaskSeenResponse>(),
  'GET /api/tasks/:taskId/events/:eventId/attachment/:name': fileRoute(),
  'GET /api/events': route<undefined, ListResponse<EventListItemDto>>(),

  // Prescription requests to practices
  'POST /api/documents/request': route<DocumentRequestBody, DocumentRequestResponse>(),
  'POST /api/documents': route<DocumentCreateBody, DocumentCreateResponse>(),
  'GET /api/documents/:id/pdf': fileRoute(),
  'POST /api/documents/:id/resend': route<undefined, DocumentResendResponse>(),
  'GET /api/documents': route<undefined, ListResponse<DocumentTrackerDto>>(),
  'POST /api/documents/:id/confirm': route<DocumentMarkBody, DocumentMarkResponse>(),
  'POST /api/documents/:id/received': route<DocumentMarkBody, DocumentMarkResponse>(),

  // The outbox of outgoing e-mails and faxes (administration)
  'GET /api/outbox': route<undefined, OutboxListResponse>(),
  'POST /api/outbox/:id/retry': route<undefined, OutboxRetryResponse>(),
  'GET /api/events/meta': route<undefined, TaskEventMetaResponse>(),
  'PUT /api/events/seen': route<EventsSeenRequest, TaskSeenResponse>(),
  'PUT /api/events/:id/seen': route<undefined, TaskSeenResponse>(),

  // Delivery reports of the HTTP fax gateway (signed, no session)
  'POST /api/fax/callback': route<FaxReportBody, FaxReportResponse>(),

  // Invoices (profile tab Rechnungen) and the monthly billing run
  'GET /api/invoices': route<undefined, InvoiceListResponse>(),
  /** The same list under its older path. */
  'GET /api/invoice/list': route<undefined, InvoiceListResponse>(),
  'GET /api/invoices/proof': route<undefined, InvoiceProofListResponse>(),
  /** The invoice's PDF; `?path=` may name its file. */
  'GET /api/invoices/download/:id': fileRoute(),
  'PUT /api/invoices': route<InvoiceUpdateRequest, InvoiceUpdateResponse>(),
  'POST /api/invoices/run': route<InvoiceRunRequest, InvoiceRunResponse>(),

  // SEPA mandate (profile tab Mandat), the direct-debit export (pain.008.001.08) and backup archives (tab Backup)
  'GET /api/users/:id/paymentData': route<undefined, PaymentData>(),
  /** A refused grant answers 400 with PaymentDataRefusal (`action: 'error'`). */
  'PUT /api/users/:id/paymentData': route<PaymentDataUpdate, PaymentDataAnswer | PaymentDataRefusal>(),
  /** `?month=YYYY-MM`: the XML file. */
  'GET /api/invoices/sepa': fileRoute(),
  /** The billed months with invoices the export would collect, newest first. */
  'GET /api/invoices/sepa/months': route<undefined, SepaMonth[]>(),
  'GET /api/backup': route<undefined, ListResponse<BackupEntry>>(),
  'GET /api/backup/download/:name': fileRoute(),
} as const satisfies Record<`${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`, ApiRouteSpec<unknown, unknown>>;

export type ApiRoute = keyof typeof API_MAP;
/** The map's entries as types (for modules that must not load the map at run time). */
export type ApiMapSpecs = typeof API_MAP;
type TypesOf<R extends ApiRoute> = NonNullable<(typeof API_MAP)[R]['types']>;

/** Per route: the body it reads and the answer it sends. */
export type ApiMap = { [R in ApiRoute]: { body: TypesOf<R>['body']; response: TypesOf<R>['response'] } };
export type ApiBody<R extends ApiRoute> = ApiMap[R]['body'];
export type ApiResponse<R extends ApiRoute> = ApiMap[R]['response'];

/** Every route of the map at run time. */
export const API_ROUTES = Object.keys(API_MAP) as ApiRoute[];

