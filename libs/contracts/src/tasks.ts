import type { TaskRequestRef } from './documents.js';
import type { ActorRef } from './index.js';
import type { TaskRowActions } from './task-machine.js';

/** Orders ("tasks"): types, statuses, list filters and their German messages. */

/** 1 Auftrag, 2 Selbstkauf, 3 Rezept in Wohnbereich, 4 Rezept in Arztpraxis. */
export const TASK_TYPES = [1, 2, 3, 4] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  1: 'Auftrag',
  2: 'Selbstkauf',
  3: 'Rezept in Wohnbereich',
  4: 'Rezept in Arztpraxis',
};

/** Task types a pickup order can be created for ('Abholauftrag erzeugen'); a self-purchase is never picked up. */
export const PICKUP_TASK_TYPES: readonly TaskType[] = [1, 3, 4];
/** Task types that need a doctor. */
export const DOCTOR_TASK_TYPES: readonly TaskType[] = [1, 4];

export const TASK_STATUSES = ['new', 'pickup', 'delivery', 'finished', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  new: 'Neu',
  pickup: 'In Abholung',
  delivery: 'Auslieferung',
  finished: 'Erledigt',
  canceled: 'Storniert',
};

export const TASK_GROUPS = ['medicine', 'document', 'other'] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];

/** German names of the groups (the spec names the groups, not their labels: ours). */
export const TASK_GROUP_LABELS: Record<TaskGroup, string> = { medicine: 'Medikament', document: 'Dokument', other: 'Sonstiges' };

/** Order amount options 1 to 100. */
export const TASK_AMOUNT_MIN = 1;
export const TASK_AMOUNT_MAX = 100;

export const TASK_SORT_FIELDS = ['priority', 'latestDelivery', 'createdAt', 'modifiedAt', 'status', 'medicine', 'patient', 'home', 'doctor'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

export const TASK_DATE_TYPES = ['created', 'modified'] as const;
export type TaskDateType = (typeof TASK_DATE_TYPES)[number];

/** `filter[...]` of GET /api/tasks (the orders list); dates as DD.MM.YYYY. */
export interface TaskListFilter {
  latestDelivery?: string;
  status?: TaskStatus[];
  /** Only these types (the pickup list's "ready for pickup" view: types 1, 3, 4). */
  type?: TaskType[];
  text?: string;
  doctor?: string;
  medicine?: string;
  home?: string;
  patient?: string;
  notSeen?: boolean;
  /** Tasks with events the caller has not seen. */
  notSeenEvents?: boolean;
  /**
   * The pickup list's view: `seen` and `notSeen` follow the pickup seen marks (a task is new to a
   * driver since it was handed over; PUT /api/statistics/pickup_read_all marks all read).
   */
  pickup?: boolean;
  from?: string;
  to?: string;
  filter_date_type?: TaskDateType;
  /** Orders whose latest prescription request stands in one of these states (RequestState, comma-separated). */
  request?: string[];
}

/** Where a driver goes: a care home's or a practice's address and phone. */
export interface StopAddress {
  /** The practice's name for a doctor (may be empty), the home's name for a care home. */
  name: string;
  street: string;
  postalCode: string;
  city: string;
  phone: string;
}

/** A task as the API returns it. */
export interface TaskDto {
  _id: string;
  type: TaskType;
  status: TaskStatus;
  group: TaskGroup;
  medicine: string;
  amount: number;
  dose: string;
  patient: string;
  doctor: string | null;
  home: string | null;
  /** DD.MM.YYYY, or '' when none. */
  latestDelivery: string;
  patientDetails: { _id: string; firstname: string; lastname: string; dateOfBirth: string } | null;
  homeDetails: { _id: string; name: string } | null;
  doctorDetails: { _id: string; title: string; firstname: string; lastname: string; email: string; fax: string } | null;
  /** The name of the patient's living area (Wohnbereich), null when none. */
  livingArea: string | null;
  /** Where a driver goes for this order: the care home's and the doctor's address and phone. */
  stops: { home: StopAddress | null; doctor: StopAddress | null };
  /** latestDelivery today, tomorrow or past while the task is neither finished nor canceled. */
  urgent: boolean;
  /** [the caller's id] when the caller has seen the task, else []. */
  seen: string[];
  /** Events in the task's feed, and how many of them the caller has not seen. */
  events: number;
  unseenEvents: number;
  /** The last e-mail or fax to the doctor for this task failed, or a fax response was not SENT. */
  error: boolean;
  /** The order's latest prescription request and where it stands (null: none). */
  request: TaskRequestRef | null;
  createdAt: string;
  createdFrom: ActorRef | null;
  modifiedAt: string;
  modifiedFrom: ActorRef | null;
  /** What the caller may do with this order now, and why not (the server's status machine and policy). */
  actions: TaskRowActions;
}

/** Body of POST /api/tasks and PUT /api/tasks/{id} (`{status}` alone changes the status). */
export interface TaskWriteRequest {
  type?: TaskType;
  status?: TaskStatus;
  group?: TaskGroup;
  medicine?: string;
  amount?: number;
  dose?: string;
  patient?: string;
  doctor?: string | null;
  /** DD.MM.YYYY, or '' for none. */
  latestDelivery?: string;
}

/** Body of PUT /api/tasks/seen: the ids, or true for all. */
export interface TaskSeenRequest {
  tasks: string[] | true;
}

/** Answer of the seen calls, with the spec's toast. */
export interface TaskSeenResponse {
  message: string;
}

/**
 * Texts of the order domain: the success toasts as the spec words them, typos and English words
 * corrected with the meaning kept ('Auftrag wurde storniert.'), and the server's rule messages.
 */
export const TASK_MESSAGES = {
  // Success toasts.
  pickup: 'Auftrag wurde an die Fahrer übergeben.',
  finished: 'Auftrag wurde abgeschlossen',
  canceled: 'Auftrag wurde storniert.',
  reopened: 'Auftrag wurde zurück auf „neu“ gestellt.',
  created: 'Auftrag angelegt',
  updated: 'Auftrag geändert',
  selectedSeen: 'Ausgewaehlte Auftraege wurden auf gelesen gesetzt.',
  seen: 'Aufträge als gelesen markiert.',
  allSeen: 'Alle Aufträge als gelesen markiert.',
  delivery: 'Der Auftrag wurde als in Auslieferung markiert',
  pickupFinished: 'Der Auftrag wurde als abgeschlossen markiert',
  returned: 'Der Auftrag wurde wieder an das Heim Zurückgegeben.',
  cancelConfirm: 'Möchten Sie diesen Vorgang Stornieren?',
  // Rule messages of the order form (libs/validation checkOrder).
  homeGroupRequired: 'Weisen Sie dem Patienten erst einen Wohnbereich zu.',
  medicineRequired: 'Bitte geben Sie ein Medikament an.',
  medicineDisabled: 'Dieses Medikament ist deaktiviert. Bitte wählen Sie ein anderes.',
  doseRequired: 'Bitte geben Sie eine Dosierung an.',
  doctorRequired: 'Bitte wählen Sie einen Arzt aus.',
  doctorUnknown: 'Bitte wählen Sie einen vorhandenen Arzt aus.',
  patientRequired: 'Bitte wählen Sie einen Patienten aus.',
  patientUnknown: 'Bitte wählen Sie einen vorhandenen Patienten aus.',
  latestDeliveryPast: 'Das Lieferdatum darf nicht in der Vergangenheit liegen.',
  latestDeliveryFormat: 'Bitte geben Sie das Lieferdatum im Format TT.MM.JJJJ an.',
  amount: 'Bitte wählen Sie eine Menge von 1 bis 100.',
  type: 'Bitte wählen Sie eine gültige Auftragsart.',
  status: 'Unbekannter Status.',
  group: 'Bitte wählen Sie eine gültige Gruppe.',
  illegalTransition: 'Dieser Statuswechsel ist nicht möglich.',
  closed: 'Ein abgeschlossener oder stornierter Auftrag kann nicht bearbeitet werden.',
  typeOnTheRoad: 'Ein Auftrag, der bei den Fahrern ist, kann kein Selbstkauf werden.',
  statusAlone: 'Der Status kann nur allein geändert werden.',
  seenList: 'Bitte geben Sie die Aufträge als Liste an.',
} as const;

/** Answer of GET /api/tasks/dosage and /api/tasks/medicine: earlier values of the caller's orders, most used first. */
export interface TaskSuggestionsResponse {
  data: string[];
  count: number;
}

/** One medicine of a patient's earlier orders (GET /api/patients/{id}/medicine, for a re-order). */
export interface PastMedicineDto {
  medicine: string;
  dose: string;
  /** Group, type and amount of the latest of these orders. */
  group: TaskGroup;
  type: TaskType;
  amount: number;
  /** The doctor of the latest of these orders; null when it had none or the doctor was deactivated since. */
  doctor: { _id: string; title: string; firstname: string; lastname: string } | null;
  /** How often it was ordered for this patient, and when last (ISO). */
  orders: number;
  lastOrderedAt: string;
}
