/**
 * Master-data API shapes: patients, doctors, doctors' practices, care homes and their living areas.
 * Field names follow the product's data model word for word; additions beyond it are marked as such.
 *
 * Conventions of every master-data list (GET /api/patients, /api/doctors, /api/doctors/offices,
 * /api/homes): `offset`, `limit` (default 25; -1, 99999 and 999999 mean all, capped at 100 000),
 * `sort` (a key below, `-key` descending), `filter[text]` (every word must occur in the name, any
 * case, `%` and `_` literal), and where the record type has them `filter[notSeen]` (1: only "neu")
 * and `filter[deactivated]` (absent or 0: active only, 1: only deactivated, all: both). The answer is
 * `{ data, count }`. Dates of birth travel as DD.MM.YYYY, timestamps as ISO 8601.
 */
import type { ActorRef, HomeRef } from './index.js';
import type { HomeGroupRef } from './users.js';

/** `filter[deactivated]` values: '0' (default) active only, '1' only deactivated, 'all' both. */
export const DEACTIVATED_FILTERS = ['0', '1', 'all'] as const;
export type DeactivatedFilter = (typeof DEACTIVATED_FILTERS)[number];

/**
 * Salutation of a patient or doctor, stored and answered in this form: 'Herr', 'Frau', or ''
 * (Nicht angegeben). See docs/decisions/salutation-values.md.
 */
export const PERSON_SALUTATIONS = ['', 'Herr', 'Frau'] as const;
export type PersonSalutation = (typeof PERSON_SALUTATIONS)[number];

/**
 * What the patient and doctor APIs accept as salutation: the answered form, and the user API's
 * 'mr' / 'mrs', saved as 'Herr' / 'Frau'.
 */
export const PERSON_SALUTATION_INPUTS = [...PERSON_SALUTATIONS, 'mr', 'mrs'] as const;
export type PersonSalutationInput = (typeof PERSON_SALUTATION_INPUTS)[number];

/** German labels of the salutation values, in the form's order ("Nicht angegeben, Herr, Frau"). */
export const SALUTATION_LABELS: Record<PersonSalutation, string> = { '': 'Nicht angegeben', Herr: 'Herr', Frau: 'Frau' };

/** Answer of a DELETE that removes a record for good (living areas, practices). */
export interface DeleteResponse {
  success: true;
  _id: string;
}

/** Who created / last changed a record and when (spec: "created/changed by and date"). */
export interface MasterdataAudit {
  createdAt: string;
  modifiedAt: string;
  createdFrom: ActorRef | null;
  modifiedFrom: ActorRef | null;
}

/** What the caller may do with a row (the record policies' answer, for buttons and links). */
export interface RowActions {
  /** PUT with fields (false for a deactivated record: reactivate it first). */
  editable: boolean;
  /** DELETE (deactivate), or for a deactivated record PUT `{ deactivated: false }` (reactivate). */
  deletable: boolean;
}

// ---------------------------------------------------------------------------------------------
// Patients

/** One row of GET /api/patients and the answer of GET/POST/PUT/DELETE /api/patients/{id}. */
export interface PatientDto extends MasterdataAudit, RowActions {
  _id: string;
  salutation: PersonSalutation;
  title: string;
  firstname: string;
  lastname: string;
  /** DD.MM.YYYY */
  dateOfBirth: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  /** Derived: the patient has a home. */
  homepatient: boolean;
  deceased: boolean;
  home: string | null;
  /** Living area (Wohnbereich) of `home`. */
  homeGroup: string | null;
  /** Addition: the home's name for the list's "care home" column. */
  homeDetails: HomeRef | null;
  /** Addition: the living area's name for the list's "home group" column. */
  homeGroupDetails: HomeGroupRef | null;
  /** Addition: deleted (deactivated) patients are kept and can be reactivated. */
  deactivated: boolean;
  /** [caller's id] once the caller has seen the patient, [] while it is "neu". */
  seen: string[];
}

/**
 * Body of POST /api/patients and PUT /api/patients/{id} (JSON). PUT merges the given fields into
 * the stored patient and checks the result with the patient rules (libs/validation). `home`/`homeGroup`: an id, or ''
 * for none; `homepatient: false` clears both. A ROLE_HOME caller's patients always belong to the
 * caller's own home (sent or not). `createdFrom`/`modifiedFrom` are ignored.
 */
export interface PatientWriteRequest {
  /** 'Herr', 'Frau' or ''; also 'mr' / 'mrs', saved as 'Herr' / 'Frau'. */
  salutation?: PersonSalutationInput;
  title?: string;
  firstname?: string;
  lastname?: string;
  /** DD.MM.YYYY, not in the future. */
  dateOfBirth?: string;
  street?: string;
  /** Digits only, at most 5. */
  postalCode?: string;
  city?: string;
  /** Default Deutschland. */
  country?: string;
  homepatient?: boolean;
  deceased?: boolean;
  home?: string;
  homeGroup?: string;
  /** PUT only: false reactivates a deactivated patient (needs the delete right), true deactivates. */
  deactivated?: boolean;
}

/** Sort keys of GET /api/patients (default `lastname`). */
export const PATIENT_SORT_FIELDS = ['lastname', 'firstname', 'dateOfBirth', 'home', 'homeGroup', 'createdAt', 'modifiedAt'] as const;
export type PatientSortField = (typeof PATIENT_SORT_FIELDS)[number];

/** `filter[...]` of GET /api/patients. */
export interface PatientListFilter {
  text?: string;
  home?: string;
  homeGroup?: string;
  notSeen?: boolean;
  deactivated?: DeactivatedFilter;
}

/**
 * Answer of GET /api/patients/duplicates?firstname=&lastname=&dateOfBirth=DD.MM.YYYY[&exclude={id}]:
 * the non-blocking duplicate warning. Patients the caller may see whose first name and
 * last name (any case, trimmed) and birth date equal the form's; `message` is the German warning
 * when `count > 0`, else null. The form asks before saving and lets the user save anyway.
 */
export interface PatientDuplicatesResponse {
  data: PatientDto[];
  count: number;
  message: string | null;
}

// ---------------------------------------------------------------------------------------------
// Doctors

/** Preferred contact types of a doctor (`preferred`). */
export const DOCTOR_PREFERRED = ['E-Mail', 'E-Mail-Notification', 'Fax', 'Fax-Notification', 'NONE'] as const;
export type DoctorPreferred = (typeof DOCTOR_PREFERRED)[number];
/** The only contact types offered for a doctor without login (the others need the doctor to sign in). */
export const DOCTOR_PREFERRED_WITHOUT_LOGIN: readonly DoctorPreferred[] = ['E-Mail', 'Fax'];

/** German labels of the contact types for the form's select. */
export const DOCTOR_PREFERRED_LABELS: Record<DoctorPreferred, string> = {
  'E-Mail': 'E-Mail',
  'E-Mail-Notification': 'E-Mail-Benachrichtigung',
  Fax: 'Fax',
  'Fax-Notification': 'Fax-Benachrichtigung',
  NONE: 'Keine',
};

/** The practice of a doctor as the doctor answer names it. */
export interface OfficeRef {
  _id: string;
  name: string;
}

/** One row of GET /api/doctors and the answer of GET/POST/PUT/DELETE /api/doctors/{id}. */
export interface DoctorDto extends MasterdataAudit, RowActions {
  _id: string;
  salutation: PersonSalutation;
  title: string;
  firstname: string;
  lastname: string;
  expertise: string;
  /** The same value as `expertise` (spec: "expertise (also department)"). */
  department: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  /** Practice id. */
  office: string | null;
  /** Addition: the practice's name. */
  officeDetails: OfficeRef | null;
  email: string;
  fax: string;
  phone: string;
  preferred: DoctorPreferred;
  /** Kundennummer (editable by administrators only). */
  debtorId: string;
  /** Derived: an active user is assigned to the doctor. */
  withLogin: boolean;
  /** Deleted (deactivated) doctors are kept for documentation and ignored in billing. */
  deactivated: boolean;
  seen: string[];
}

/**
 * Body of POST /api/doctors and PUT /api/doctors/{id} (JSON; PUT merges). `office`: a practice id
 * or '' for none, only administrators and the pharmacy may change it (403 otherwise; resending the
 * stored value is fine). `debtorId`: only administrators may change it (same rule). `department`
 * is accepted as another name of `expertise`.
 */
export interface DoctorWriteRequest {
  /** 'Herr', 'Frau' or ''; also 'mr' / 'mrs', saved as 'Herr' / 'Frau'. */
  salutation?: PersonSalutationInput;
  title?: string;
  firstname?: string;
  lastname?: string;
  expertise?: string;
  department?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  office?: string;
  email?: string;
  fax?: string;
  phone?: string;
  preferred?: DoctorPreferred;
  debtorId?: string;
  /** PUT only: false reactivates (needs the delete right), true deactivates. */
  deactivated?: boolean;
}

/** Sort keys of GET /api/doctors (default `lastname`). */
export const DOCTOR_SORT_FIELDS = ['lastname', 'firstname', 'expertise', 'createdAt', 'modifiedAt'] as const;
export type DoctorSortField = (typeof DOCTOR_SORT_FIELDS)[number];

/** `filter[...]` of GET /api/doctors; `expertises` is comma-separated or repeated (any of them). */
export interface DoctorListFilter {
  text?: string;
  expertises?: string[];
  office?: string;
  notSeen?: boolean;
  deactivated?: DeactivatedFilter;
}

/** Answer of GET /api/doctors/expertises[?filter[text]=…]: the suggestions of the expertise field and the values of the multi-select filter. */
export interface ExpertisesResponse {
  data: string[];
  count: number;
}

// ---------------------------------------------------------------------------------------------
// Doctors' practices

/** Contact types of a practice (spec: phone, mail, fax; default phone). */
export const OFFICE_CONTACT_TYPES = ['phone', 'mail', 'fax'] as const;
export type OfficeContactType = (typeof OFFICE_CONTACT_TYPES)[number];

export const OFFICE_CONTACT_TYPE_LABELS: Record<OfficeContactType, string> = { phone: 'Telefon', mail: 'E-Mail', fax: 'Fax' };

/** A doctor of a practice (the practice view's doctors list). */
export interface OfficeDoctorRef {
  _id: string;
  salutation: PersonSalutation;
  title: string;
  firstname: string;
  lastname: string;
  expertise: string;
  deactivated: boolean;
}

/** One row of GET /api/doctors/offices and the answer of GET/POST/PUT /api/doctors/offices/{id}. */
export interface DoctorOfficeDto extends MasterdataAudit, RowActions {
  _id: string;
  name: string;
  street: string;
  zip: string;
  city: string;
  /** Where the image is served (GET /api/doctors/offices/{id}/image?v=…), or null. */
  image: string | null;
  contact_type: OfficeContactType;
  /** The same value as `contact_type` (the form sends it as `preferred`). */
  preferred: OfficeContactType;
  phone: string;
  mail: string;
  fax: string;
  doctors: OfficeDoctorRef[];
}

/**
 * Body of POST /api/doctors/offices and PUT /api/doctors/offices/{id}: JSON, or multipart with the
 * image file as "image" (PNG, JPEG, GIF or WebP, at most 2 MB) or `image=_delete`. PUT merges.
 * `preferred` (or `contact_type`) decides which of phone / mail / fax is required. `doctors`, when
 * given, is the full list of the practice's doctors (others are taken out of the practice).
 */
export interface DoctorOfficeWriteRequest {
  name?: string;
  street?: string;
  zip?: string;
  city?: string;
  preferred?: OfficeContactType;
  contact_type?: OfficeContactType;
  phone?: string;
  mail?: string;
  fax?: string;
  image?: '_delete';
  doctors?: string[];
}

/** Sort keys of GET /api/doctors/offices (default `name`). */
export const OFFICE_SORT_FIELDS = ['name', 'city', 'createdAt'] as const;
export type OfficeSortField = (typeof OFFICE_SORT_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Care homes and living areas

/** A living area with the number of active patients in it (a living area in use cannot be deleted). */
export interface HomeGroupDto extends HomeGroupRef {
  patients: number;
}

/** One row of GET /api/homes and the answer of GET/POST/PUT/DELETE /api/homes/{id}. */
export interface HomeDto extends MasterdataAudit, RowActions {
  _id: string;
  name: string;
  company: string;
  /** Head of the home. */
  firstname: string;
  lastname: string;
  email: string;
  fax: string;
  phone: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  /** Sender logo: where it is served (GET /api/homes/{id}/logo?v=…), or null. */
  logo: string | null;
  /** Kundennummer (editable by administrators only). */
  debtorId: string;
  /** Sender settings (tab Absendereinstellungen): name, phone, fax (and `logo`). */
  senderName: string;
  senderPhone: string;
  senderFax: string;
  homeGroups: HomeGroupDto[];
  /** Derived: an active user belongs to the home. */
  withLogin: boolean;
  /** "pays itself" (set by billing). */
  selfPay: boolean;
  /** Derived: the home has a contract. */
  canSendTasks: boolean;
  deactivated: boolean;
  seen: string[];
  /** The caller may change the sender settings (the home has a contract, the caller is admin or manager with home_edit_view). */
  senderEditable: boolean;
  /** The caller may add, rename and delete living areas (home_group_edit_view). */
  groupsEditable: boolean;
}

/**
 * Body of POST /api/homes and PUT /api/homes/{id}: multipart (or JSON) text fields, the sender logo
 * as file "logo" (image, at most 2 MB) or `logo=_delete`. PUT merges. `debtorId`: administrators
 * only (403 for a different value from others). Sender fields and logo: only for a home with a
 * contract and an administrator or manager (403 otherwise; resending stored values is fine); when
 * any sender field is sent, name and phone are required. `deactivated=false` reactivates.
 */
export interface HomeWriteRequest {
  name?: string;
  company?: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  fax?: string;
  phone?: string;
  street?: string;
  postalCode?: string;
  city?: string;
  country?: string;
  debtorId?: string;
  senderName?: string;
  senderPhone?: string;
  senderFax?: string;
  logo?: '_delete';
  deactivated?: false | 'false';
}

/** Body of POST /api/homes/{id}/groups and PUT /api/homes/{id}/groups/{groupId}. */
export interface HomeGroupWriteRequest {
  name: string;
}

/** Sort keys of GET /api/homes (default `name`). */
export const HOME_SORT_FIELDS = ['name', 'city', 'createdAt', 'modifiedAt'] as const;
export type HomeSortField = (typeof HOME_SORT_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Texts

/** Error code of a refused living-area deletion (409). */
export const HOME_GROUP_IN_USE_CODE = 'home_group_in_use';
