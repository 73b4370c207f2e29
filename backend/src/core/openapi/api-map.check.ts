// Generated from the served routes; do not edit. Regenerate: cd backend && UPDATE_API_MAP_CHECK=1 npx jest src/core/openapi/api-map
/**
 * Compiles only while every controller answers what libs/contracts' API_MAP says: per route, the
 * handler's awaited return type must be assignable to ApiResponse<route>, and its @Body() DTO
 * class to ApiBody<route>.
 */
import type { StreamableFile } from '@nestjs/common';
import type { ApiBody, ApiResponse, ApiRoute } from '@mediport/contracts';
import type { AclController } from '../../modules/acl/acl.controller.js';
import type { AclPatchDto } from '../../modules/acl/dto/acl-patch.dto.js';
import type { AuthController } from '../../modules/auth/auth.controller.js';
import type { LoginDto } from '../../modules/auth/dto/login.dto.js';
import type { SwitchBackDto } from '../../modules/auth/dto/switch-back.dto.js';
import type { BackupController } from '../../modules/backup/backup.controller.js';
import type { PublicConfigController } from '../../modules/config/config.controller.js';
import type { ContractsController, ProductsController } from '../../modules/contracts/contracts.controller.js';
import type { ContractAdoptionDto, ContractUpdateDto } from '../../modules/contracts/dto/contract-update.dto.js';
import type { DoctorsController } from '../../modules/doctors/doctors.controller.js';
import type { DoctorWriteDto } from '../../modules/doctors/dto/doctor-write.dto.js';
import type { OfficeWriteDto } from '../../modules/doctors/dto/office-write.dto.js';
import type { OfficesController } from '../../modules/doctors/offices.controller.js';
import type { DocumentsController } from '../../modules/documents/documents.controller.js';
import type { DocumentCreateDto } from '../../modules/documents/dto/document-create.dto.js';
import type { DocumentMarkDto } from '../../modules/documents/dto/document-mark.dto.js';
import type { DocumentRequestDto } from '../../modules/documents/dto/document-request.dto.js';
import type { FaxReportDto } from '../../modules/fax/dto/fax-report.dto.js';
import type { FaxCallbackController } from '../../modules/fax/fax-callback.controller.js';
import type { HomeGroupWriteDto } from '../../modules/homes/dto/home-group-write.dto.js';
import type { HomeWriteDto } from '../../modules/homes/dto/home-write.dto.js';
import type { HomesController } from '../../modules/homes/homes.controller.js';
import type { ImportTaskDto } from '../../modules/import/dto/import-task.dto.js';
import type { ImportController } from '../../modules/import/import.controller.js';
import type { InvoiceRunDto, InvoiceUpdateDto } from '../../modules/invoices/dto/invoice-update.dto.js';
import type { InvoiceListController, InvoicesController } from '../../modules/invoices/invoices.controller.js';
import type { MedicineToggleDto } from '../../modules/medicines/dto/medicine-toggle.dto.js';
import type { MedicinesController } from '../../modules/medicines/medicines.controller.js';
import type { MeetingUpdateDto } from '../../modules/meetings/dto/meeting-update.dto.js';
import type { MeetingsController } from '../../modules/meetings/meetings.controller.js';
import type { OauthLoginDto } from '../../modules/oauth/dto/oauth-login.dto.js';
import type { OauthController, PartnerController } from '../../modules/oauth/oauth.controller.js';
import type { OutboxAdminController } from '../../modules/outbox-admin/outbox-admin.controller.js';
import type { PatientWriteDto } from '../../modules/patients/dto/patient-write.dto.js';
import type { PatientsController } from '../../modules/patients/patients.controller.js';
import type { PaymentDataDto } from '../../modules/payment/dto/payment-data.dto.js';
import type { PaymentController } from '../../modules/payment/payment.controller.js';
import type { SepaExportController } from '../../modules/payment/sepa-export.controller.js';
import type { DocumentDecisionDto, DocumentUploadDto } from '../../modules/profile/dto/profile-documents.dto.js';
import type { ProfileUpdateDto } from '../../modules/profile/dto/profile-update.dto.js';
import type { ProfileDocumentsController } from '../../modules/profile/profile-documents.controller.js';
import type { AvatarController, ProfileController } from '../../modules/profile/profile.controller.js';
import type { SettingsUpdateDto } from '../../modules/settings/dto/settings-update.dto.js';
import type { SettingsController } from '../../modules/settings/settings.controller.js';
import type { StatisticsController } from '../../modules/statistics/statistics.controller.js';
import type { TaskDeliveryDto, TaskIncidentDto } from '../../modules/tasks/dto/task-delivery.dto.js';
import type { EventsSeenDto, TaskEventWriteDto, TaskEventsSeenDto } from '../../modules/tasks/dto/task-event.dto.js';
import type { TaskSeenDto, TaskWriteDto } from '../../modules/tasks/dto/task-write.dto.js';
import type { EventsController, TaskEventsController } from '../../modules/tasks/task-events.controller.js';
import type { TaskPickupController } from '../../modules/tasks/task-pickup.controller.js';
import type { TasksExportController } from '../../modules/tasks/tasks-export.controller.js';
import type { PatientMedicineController, TasksController } from '../../modules/tasks/tasks.controller.js';
import type { UserWriteDto } from '../../modules/users/dto/user-write.dto.js';
import type { UsersController } from '../../modules/users/users.controller.js';
import type { HealthController } from '../observability/health.controller.js';

/** A file route's Blob leaves the server as a StreamableFile (or an HTML string). */
type Served<T> = T extends Blob ? StreamableFile | string : T;
type Answer<H> = H extends (...args: never[]) => infer A ? Awaited<A> : never;
/** The fields of a JSON body (a multipart body may also be sent as FormData). */
type Fields<T> = T extends FormData ? never : keyof T;
/** Resolves only when the answer `A` fits route `R` of the map, and the body DTO `B` fits its body with no field the map lacks. */
type Route<R extends ApiRoute, A extends Served<ApiResponse<R>>, B extends ApiBody<R> & Record<Exclude<keyof B, Fields<ApiBody<R>>>, never> = never> = [R, A, B];

export type ApiMapCheck = [
  Route<'DELETE /api/doctors/:id', Answer<DoctorsController['deactivate']>>,
  Route<'DELETE /api/doctors/offices/:id', Answer<OfficesController['delete']>>,
  Route<'DELETE /api/homegroups/:groupId', Answer<HomesController['deleteGroup']>>,
  Route<'DELETE /api/homes/:id', Answer<HomesController['deactivate']>>,
  Route<'DELETE /api/patients/:id', Answer<PatientsController['deactivate']>>,
  Route<'DELETE /api/users/:id', Answer<UsersController['deactivate']>>,
  Route<'DELETE /api/users/:id/profile/documents/:name', Answer<ProfileDocumentsController['remove']>>,
  Route<'GET /api/acl', Answer<AclController['read']>>,
  Route<'GET /api/acl/doku/:name', Answer<AclController['doku']>>,
  Route<'GET /api/auth/session', Answer<AuthController['session']>>,
  Route<'GET /api/backup', Answer<BackupController['list']>>,
  Route<'GET /api/backup/download/:name', Answer<BackupController['download']>>,
  Route<'GET /api/config', Answer<PublicConfigController['read']>>,
  Route<'GET /api/contracts', Answer<ContractsController['list']>>,
  Route<'GET /api/contracts/:id', Answer<ContractsController['get']>>,
  Route<'GET /api/contracts/find', Answer<ContractsController['find']>>,
  Route<'GET /api/contracts/has', Answer<ContractsController['has']>>,
  Route<'GET /api/doctors', Answer<DoctorsController['list']>>,
  Route<'GET /api/doctors/:id', Answer<DoctorsController['get']>>,
  Route<'GET /api/doctors/expertises', Answer<DoctorsController['expertises']>>,
  Route<'GET /api/doctors/offices', Answer<OfficesController['list']>>,
  Route<'GET /api/doctors/offices/:id', Answer<OfficesController['get']>>,
  Route<'GET /api/doctors/offices/:id/image', Answer<OfficesController['image']>>,
  Route<'GET /api/documents', Answer<DocumentsController['list']>>,
  Route<'GET /api/documents/:id/pdf', Answer<DocumentsController['pdf']>>,
  Route<'GET /api/events', Answer<EventsController['list']>>,
  Route<'GET /api/events/meta', Answer<EventsController['meta']>>,
  Route<'GET /api/health', Answer<HealthController['live']>>,
  Route<'GET /api/health/ready', Answer<HealthController['ready']>>,
  Route<'GET /api/homes', Answer<HomesController['list']>>,
  Route<'GET /api/homes/:id', Answer<HomesController['get']>>,
  Route<'GET /api/homes/:id/groups', Answer<HomesController['groups']>>,
  Route<'GET /api/homes/:id/logo', Answer<HomesController['logo']>>,
  Route<'GET /api/import/task/progress', Answer<ImportController['status']>>,
  Route<'GET /api/import/task/template', Answer<ImportController['template']>>,
  Route<'GET /api/invoice/list', Answer<InvoiceListController['list']>>,
  Route<'GET /api/invoices', Answer<InvoicesController['list']>>,
  Route<'GET /api/invoices/download/:id', Answer<InvoicesController['download']>>,
  Route<'GET /api/invoices/proof', Answer<InvoicesController['proofs']>>,
  Route<'GET /api/invoices/sepa', Answer<SepaExportController['export']>>,
  Route<'GET /api/invoices/sepa/months', Answer<SepaExportController['months']>>,
  Route<'GET /api/medicine', Answer<MedicinesController['list']>>,
  Route<'GET /api/meetings', Answer<MeetingsController['list']>>,
  Route<'GET /api/meetings/:contractId/:option', Answer<MeetingsController['get']>>,
  Route<'GET /api/meetings/:id', Answer<MeetingsController['byId']>>,
  Route<'GET /api/outbox', Answer<OutboxAdminController['list']>>,
  Route<'GET /api/partner/apomondo', Answer<PartnerController['flag']>>,
  Route<'GET /api/patients', Answer<PatientsController['list']>>,
  Route<'GET /api/patients/:id', Answer<PatientsController['get']>>,
  Route<'GET /api/patients/:id/medicine', Answer<PatientMedicineController['pastMedicines']>>,
  Route<'GET /api/patients/duplicates', Answer<PatientsController['duplicates']>>,
  Route<'GET /api/products/doctor', Answer<ProductsController['doctor']>>,
  Route<'GET /api/products/office', Answer<ProductsController['office']>>,
  Route<'GET /api/settings', Answer<SettingsController['read']>>,
  Route<'GET /api/settings/logo', Answer<SettingsController['logo']>>,
  Route<'GET /api/statistics', Answer<StatisticsController['get']>>,
  Route<'GET /api/tasks', Answer<TasksController['list']>>,
  Route<'GET /api/tasks/:id', Answer<TasksController['get']>>,
  Route<'GET /api/tasks/:id/events', Answer<TaskEventsController['feed']>>,
  Route<'GET /api/tasks/:id/print', Answer<TaskEventsController['sheet']>>,
  Route<'GET /api/tasks/:taskId/events/:eventId/attachment/:name', Answer<TaskEventsController['attachment']>>,
  Route<'GET /api/tasks/dosage', Answer<TasksController['dosage']>>,
  Route<'GET /api/tasks/export', Answer<TasksExportController['export']>>,
  Route<'GET /api/tasks/medicine', Answer<TasksController['medicine']>>,
  Route<'GET /api/users', Answer<UsersController['list']>>,
  Route<'GET /api/users/:id', Answer<UsersController['get']>>,
  Route<'GET /api/users/:id/avatar', Answer<AvatarController['get']>>,
  Route<'GET /api/users/:id/paymentData', Answer<PaymentController['get']>>,
  Route<'GET /api/users/:id/profile', Answer<ProfileController['get']>>,
  Route<'GET /api/users/:id/profile/documents', Answer<ProfileDocumentsController['list']>>,
  Route<'GET /api/users/:id/profile/documents/:name', Answer<ProfileDocumentsController['read']>>,
  Route<'GET /api/users/lookups', Answer<UsersController['lookups']>>,
  Route<'PATCH /api/acl', Answer<AclController['patch']>, AclPatchDto>,
  Route<'POST /api/auth', Answer<AuthController['login']>, LoginDto>,
  Route<'POST /api/auth/logout', Answer<AuthController['logout']>>,
  Route<'POST /api/auth/masquerade/:userId', Answer<AuthController['masquerade']>>,
  Route<'POST /api/auth/switch-back', Answer<AuthController['switchBack']>, SwitchBackDto>,
  Route<'POST /api/contracts/:id/adoption', Answer<ContractsController['requestAdoption']>, ContractAdoptionDto>,
  Route<'POST /api/contracts/:id/adoption/withdraw', Answer<ContractsController['withdraw']>, ContractAdoptionDto>,
  Route<'POST /api/doctors', Answer<DoctorsController['create']>, DoctorWriteDto>,
  Route<'POST /api/doctors/offices', Answer<OfficesController['create']>, OfficeWriteDto>,
  Route<'POST /api/documents', Answer<DocumentsController['create']>, DocumentCreateDto>,
  Route<'POST /api/documents/:id/confirm', Answer<DocumentsController['confirm']>, DocumentMarkDto>,
  Route<'POST /api/documents/:id/received', Answer<DocumentsController['received']>, DocumentMarkDto>,
  Route<'POST /api/documents/:id/resend', Answer<DocumentsController['resend']>>,
  Route<'POST /api/documents/request', Answer<DocumentsController['request']>, DocumentRequestDto>,
  Route<'POST /api/fax/callback', Answer<FaxCallbackController['report']>, FaxReportDto>,
  Route<'POST /api/homes', Answer<HomesController['create']>, HomeWriteDto>,
  Route<'POST /api/homes/:id/groups', Answer<HomesController['createGroup']>, HomeGroupWriteDto>,
  Route<'POST /api/import/task/preview', Answer<ImportController['preview']>, ImportTaskDto>,
  Route<'POST /api/invoices/run', Answer<InvoicesController['run']>, InvoiceRunDto>,
  Route<'POST /api/oauth', Answer<OauthController['login']>, OauthLoginDto>,
  Route<'POST /api/outbox/:id/retry', Answer<OutboxAdminController['retry']>>,
  Route<'POST /api/patients', Answer<PatientsController['create']>, PatientWriteDto>,
  Route<'POST /api/tasks', Answer<TasksController['create']>, TaskWriteDto>,
  Route<'POST /api/tasks/:id/delivery', Answer<TaskPickupController['deliver']>, TaskDeliveryDto>,
  Route<'POST /api/tasks/:id/events', Answer<TaskEventsController['create']>, TaskEventWriteDto>,
  Route<'POST /api/tasks/:id/incidents', Answer<TaskPickupController['report']>, TaskIncidentDto>,
  Route<'POST /api/tasks/pickup', Answer<TaskPickupController['sheet']>>,
  Route<'POST /api/users', Answer<UsersController['create']>, UserWriteDto>,
  Route<'POST /api/users/:id/profile/documents', Answer<ProfileDocumentsController['place']>, DocumentUploadDto>,
  Route<'PUT /api/acl', Answer<AclController['put']>, AclPatchDto>,
  Route<'PUT /api/contracts/:id', Answer<ContractsController['update']>, ContractUpdateDto>,
  Route<'PUT /api/contracts/:id/adoption/accept', Answer<ContractsController['accept']>, ContractAdoptionDto>,
  Route<'PUT /api/contracts/:id/adoption/reject', Answer<ContractsController['reject']>, ContractAdoptionDto>,
  Route<'PUT /api/doctors/:id', Answer<DoctorsController['update']>, DoctorWriteDto>,
  Route<'PUT /api/doctors/offices/:id', Answer<OfficesController['update']>, OfficeWriteDto>,
  Route<'PUT /api/events/:id/seen', Answer<EventsController['markSeen']>>,
  Route<'PUT /api/events/seen', Answer<EventsController['markManySeen']>, EventsSeenDto>,
  Route<'PUT /api/homes/:id', Answer<HomesController['update']>, HomeWriteDto>,
  Route<'PUT /api/homes/:id/groups/:groupId', Answer<HomesController['renameGroup']>, HomeGroupWriteDto>,
  Route<'PUT /api/import/task', Answer<ImportController['import']>, ImportTaskDto>,
  Route<'PUT /api/invoices', Answer<InvoicesController['update']>, InvoiceUpdateDto>,
  Route<'PUT /api/medicine', Answer<MedicinesController['toggle']>, MedicineToggleDto>,
  Route<'PUT /api/meetings/:contractId/:option', Answer<MeetingsController['update']>, MeetingUpdateDto>,
  Route<'PUT /api/patients/:id', Answer<PatientsController['update']>, PatientWriteDto>,
  Route<'PUT /api/seen/users', Answer<StatisticsController['seenUsers']>>,
  Route<'PUT /api/settings', Answer<SettingsController['update']>, SettingsUpdateDto>,
  Route<'PUT /api/statistics/doctor_read_all', Answer<StatisticsController['doctors']>>,
  Route<'PUT /api/statistics/event_read_all', Answer<StatisticsController['events']>>,
  Route<'PUT /api/statistics/home_read_all', Answer<StatisticsController['homes']>>,
  Route<'PUT /api/statistics/patient_read_all', Answer<StatisticsController['patients']>>,
  Route<'PUT /api/statistics/pickup_read_all', Answer<StatisticsController['pickups']>>,
  Route<'PUT /api/statistics/task_read_all', Answer<StatisticsController['tasks']>>,
  Route<'PUT /api/statistics/user_read_all', Answer<StatisticsController['users']>>,
  Route<'PUT /api/tasks/:id', Answer<TasksController['update']>, TaskWriteDto>,
  Route<'PUT /api/tasks/:id/events', Answer<TaskEventsController['markSeen']>, TaskEventsSeenDto>,
  Route<'PUT /api/tasks/:id/seen', Answer<TasksController['markSeen']>>,
  Route<'PUT /api/tasks/seen', Answer<TasksController['markManySeen']>, TaskSeenDto>,
  Route<'PUT /api/users/:id', Answer<UsersController['update']>, UserWriteDto>,
  Route<'PUT /api/users/:id/paymentData', Answer<PaymentController['update']>, PaymentDataDto>,
  Route<'PUT /api/users/:id/profile', Answer<ProfileController['update']>, ProfileUpdateDto>,
  Route<'PUT /api/users/:id/profile/documents/:name', Answer<ProfileDocumentsController['decide']>, DocumentDecisionDto>,
];
