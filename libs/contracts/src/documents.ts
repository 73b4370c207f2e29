import type { ActorRef } from './index.js';
import type { DoctorPreferred } from './masterdata.js';
import type { TaskDto } from './tasks.js';

/**
 * Prescription requests ("Rezeptanforderungen"): the pharmacy asks doctors for prescriptions of
 * orders, one document per doctor, sent by e-mail or fax.
 */

/** How to send: each doctor's preferred contact type (the default), or e-mail or fax for all. */
export const DOCUMENT_REQUEST_TYPES = ['preferred', 'email', 'fax'] as const;
export type DocumentRequestType = (typeof DOCUMENT_REQUEST_TYPES)[number];
export const DOCUMENT_REQUEST_DEFAULT_TYPE: DocumentRequestType = 'preferred';

/**
 * The way one doctor's document goes: the document by e-mail or fax, or (the notification contact
 * types) a short notice without health data that a request waits in the portal.
 */
export const DOCUMENT_CHANNELS = ['email', 'fax', 'email-notification', 'fax-notification'] as const;
export type DocumentChannel = (typeof DOCUMENT_CHANNELS)[number];

export const DOCUMENT_CHANNEL_LABELS: Record<DocumentChannel, string> = {
  email: 'E-Mail',
  fax: 'Fax',
  'email-notification': 'E-Mail-Benachrichtigung',
  'fax-notification': 'Fax-Benachrichtigung',
};

/** Body of POST /api/documents/request (`?filter[status]=` narrows the listed orders to one status). */
export interface DocumentRequestBody {
  tasks: string[];
  type?: DocumentRequestType;
}

/** The doctor of a group, with what choosing the channel needs. */
export interface DocumentRequestDoctor {
  _id: string;
  title: string;
  firstname: string;
  lastname: string;
  email: string;
  fax: string;
  preferred: DoctorPreferred;
}

/** One card of the composing page: a doctor, how the document would go, its text and its orders. */
export interface DocumentRequestGroup {
  doctor: DocumentRequestDoctor;
  /** The channel for the chosen type; null when the doctor has no address for it (or prefers none). */
  channel: DocumentChannel | null;
  /** Prefilled from the caller's first saved snippet, else the standard text. */
  subject: string;
  content: string;
  /** The orders to request. */
  tasks: TaskDto[];
  /** Orders of type 4: the prescription already waits at the practice, nothing is sent for them. */
  waiting: TaskDto[];
}

/** Answer of POST /api/documents/request: one group per doctor, by the doctor's name. */
export interface DocumentRequestResponse {
  data: DocumentRequestGroup[];
  count: number;
  /** Listed orders without a doctor (self-purchase, prescription in the living area): nobody to ask. */
  withoutDoctor: TaskDto[];
}

/**
 * Why the pharmacy asks for a prescription (chosen per doctor, shown in the PDF and the chat), after
 * the reasons of the E-Rezept prescription request for care homes.
 */
export const DOCUMENT_REASONS = ['follow-up', 'initial', 'change', 'as-needed'] as const;
export type DocumentReason = (typeof DOCUMENT_REASONS)[number];
export const DOCUMENT_REASON_LABELS: Record<DocumentReason, string> = {
  'follow-up': 'Folgeverordnung (Reichweite erschöpft)',
  initial: 'Erstverordnung',
  change: 'Änderung',
  'as-needed': 'Bedarfsmedikation',
};
export const DOCUMENT_DEFAULT_REASON: DocumentReason = 'follow-up';

/** How soon the practice should answer: 'dringend' is reminded after hours, not working days. */
export const DOCUMENT_PRIORITIES = ['normal', 'urgent'] as const;
export type DocumentPriority = (typeof DOCUMENT_PRIORITIES)[number];
export const DOCUMENT_PRIORITY_LABELS: Record<DocumentPriority, string> = { normal: 'normal', urgent: 'dringend' };
export const DOCUMENT_DEFAULT_PRIORITY: DocumentPriority = 'normal';

/** The remaining supply of a follow-up prescription, in whole days. */
export const DOCUMENT_SUPPLY_DAYS_MAX = 365;

/** The request's reason line as the PDF and the chat show it: 'Folgeverordnung (Reichweite erschöpft) · Restreichweite 3 Tage · dringend'. */
export function documentReasonLine(reason: DocumentReason, priority: DocumentPriority, supplyDays: number | null): string {
  const parts = [DOCUMENT_REASON_LABELS[reason]];
  if (supplyDays !== null) parts.push(`Restreichweite ${supplyDays === 1 ? '1 Tag' : `${supplyDays} Tage`}`);
  if (priority === 'urgent') parts.push(DOCUMENT_PRIORITY_LABELS.urgent);
  return parts.join(' · ');
}

/** One doctor's document as the composing page sends it: the edited subject and text (HTML) and its orders. */
export interface DocumentCreateGroup {
  doctor: string;
  subject: string;
  /** Rich text (HTML); the server keeps only paragraphs, line breaks, bold, italic, underline and lists. */
  content: string;
  tasks: string[];
  /** Default 'follow-up' (Folgeverordnung). */
  reason?: DocumentReason;
  /** Default 'normal'. */
  priority?: DocumentPriority;
  /** Remaining supply in days (0–365), only with reason 'follow-up'; absent or null when unknown. */
  supplyDays?: number | null;
}

/** Body of POST /api/documents: the type chosen on the page and one group per doctor. */
export interface DocumentCreateBody {
  type?: DocumentRequestType;
  documents: DocumentCreateGroup[];
}

/** Where a document's message stands. */
export const DOCUMENT_STATES = ['queued', 'sent', 'failed'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** A prescription request as stored: one per doctor and sending; its PDF at GET /api/documents/{id}/pdf. */
export interface DocumentDto {
  _id: string;
  doctor: DocumentRequestDoctor;
  channel: DocumentChannel;
  subject: string;
  tasks: string[];
  state: DocumentState;
  reason: DocumentReason;
  priority: DocumentPriority;
  supplyDays: number | null;
  createdAt: string;
  createdFrom: { _id: string; username: string } | null;
}

/**
 * Where the request of one order stands (the tracker): asked for, handed to the fax gateway, delivered
 * (fax report SENT, mail accepted), confirmed by the practice, prescription received; or failed.
 */
export const REQUEST_STATES = ['requested', 'submitted', 'delivered', 'confirmed', 'received', 'failed'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  requested: 'angefordert',
  submitted: 'versendet',
  delivered: 'zugestellt',
  confirmed: 'bestätigt',
  received: 'Rezept eingegangen',
  failed: 'fehlgeschlagen',
};
/** States in which the practice has not answered yet (reminders are due in these). */
export const REQUEST_UNANSWERED_STATES = ['requested', 'submitted', 'delivered'] as const satisfies readonly RequestState[];

/** What moved a request: sending (again), the outbox, the practice's chat message, a click, the pickup, a reminder. */
export const REQUEST_CAUSES = ['created', 'resent', 'outbox', 'message', 'manual', 'pickup', 'reminder'] as const;
export type RequestCause = (typeof REQUEST_CAUSES)[number];

/** One step of a request's history: the state it reached (for a reminder: the state it stayed in), when, who (null: the system). */
export interface RequestHistoryEntry {
  state: RequestState;
  cause: RequestCause;
  at: string;
  by: ActorRef | null;
}

/** One order of a request with its own state and history. */
export interface RequestItemDto {
  task: string;
  patient: string;
  medicine: string;
  state: RequestState;
  changedAt: string;
  /** When the unanswered request was last reminded, else null. */
  remindedAt: string | null;
  history: RequestHistoryEntry[];
}

/** A request as the tracker lists it: the document, its least advanced state (failed first) and its orders. */
export interface DocumentTrackerDto extends DocumentDto {
  progress: RequestState;
  items: RequestItemDto[];
}

/** The latest request of an order, as the orders list shows it (a chip on the row). */
export interface TaskRequestRef {
  /** The document. */
  _id: string;
  state: RequestState;
  priority: DocumentPriority;
}

/** Body of POST /api/documents/{id}/confirm and /received: the orders of the request to mark (default: all of them). */
export interface DocumentMarkBody {
  tasks?: string[];
}

/** Answer of POST /api/documents/{id}/confirm and /received. */
export interface DocumentMarkResponse {
  message: string;
  document: DocumentTrackerDto;
}

/** Answer of POST /api/documents: 'Dokumente angelegt' and the documents queued for sending. */
export interface DocumentCreateResponse {
  message: string;
  documents: DocumentDto[];
}

/** Answer of POST /api/documents/{id}/resend ('Erneut senden' of a failed request). */
export interface DocumentResendResponse {
  message: string;
  document: DocumentDto;
}

/** Longest subject and text of a request (the text as HTML). */
export const DOCUMENT_SUBJECT_MAX = 300;
export const DOCUMENT_CONTENT_MAX = 20_000;

/** Most orders on one composing page (the orders list loads at most 999). */
export const DOCUMENT_REQUEST_MAX_TASKS = 999;

export const DOCUMENT_MESSAGES = {
  created: 'Dokumente angelegt',
  noneSent: 'Es konnte keine E-Mail oder Fax versendet werden.',
  // Rule messages (ours).
  tasksList: 'Bitte geben Sie die Aufträge als Liste an.',
  tasksEmpty: 'Bitte wählen Sie mindestens einen Auftrag aus.',
  tasksTooMany: `Bitte wählen Sie höchstens ${DOCUMENT_REQUEST_MAX_TASKS} Aufträge aus.`,
  tasksUnknown: 'Mindestens ein ausgewählter Auftrag wurde nicht gefunden.',
  type: 'Bitte wählen Sie E-Mail, Fax oder den bevorzugten Weg.',
  documentsList: 'Bitte geben Sie die Dokumente als Liste an.',
  subjectRequired: 'Bitte geben Sie einen Betreff an.',
  subjectTooLong: `Der Betreff darf höchstens ${DOCUMENT_SUBJECT_MAX} Zeichen lang sein.`,
  subjectInvalid: 'Der Betreff darf keine Zeilenumbrüche oder Steuerzeichen enthalten.',
  contentTooLong: 'Der Text ist zu lang.',
  noTasks: 'Für keinen Arzt ist ein Auftrag zum Anfordern ausgewählt.',
  doctorUnknown: 'Bitte wählen Sie einen vorhandenen Arzt aus.',
  noAddress: 'Für diesen Arzt ist keine E-Mail-Adresse oder Faxnummer hinterlegt.',
  taskOfOtherDoctor: 'Ein Auftrag gehört nicht zu diesem Arzt.',
  resent: 'Die Anforderung wird erneut gesendet.',
  notFailed: 'Nur eine fehlgeschlagene Anforderung kann erneut gesendet werden.',
  waitingAtPractice: 'Für Aufträge „Rezept in Arztpraxis“ wird nichts versendet: Das Rezept liegt bereits in der Praxis.',
  reason: 'Bitte wählen Sie Erstverordnung, Folgeverordnung, Änderung oder Bedarfsmedikation.',
  priority: 'Bitte wählen Sie die Priorität normal oder dringend.',
  supplyDays: `Die Restreichweite muss eine ganze Zahl von 0 bis ${DOCUMENT_SUPPLY_DAYS_MAX} Tagen sein.`,
  supplyDaysFollowUp: 'Eine Restreichweite gibt es nur bei einer Folgeverordnung.',
  // The tracker.
  confirmed: 'Die Anforderung ist als bestätigt markiert.',
  received: 'Das Rezept ist als eingegangen markiert.',
  /** The chat's entries of a marked request. */
  confirmedEvent: 'Die Praxis hat die Rezeptanforderung bestätigt.',
  receivedEvent: 'Das Rezept ist eingegangen.',
  markTasks: 'Bitte geben Sie Aufträge dieser Anforderung als Liste an.',
  nothingToConfirm: 'Diese Anforderung ist bereits bestätigt.',
  nothingToReceive: 'Für diese Anforderung ist das Rezept bereits eingegangen.',
  reminder: 'Erinnerung: Die Praxis hat auf die Rezeptanforderung noch nicht geantwortet.',
  reminderUrgent: 'Erinnerung: Die Praxis hat auf die dringende Rezeptanforderung noch nicht geantwortet.',
  // The standard text when the caller has no saved snippet.
  defaultSubject: 'Rezeptanforderung',
  defaultContent: 'Sehr geehrte Damen und Herren,\n\nbitte stellen Sie für die folgenden Patienten ein Rezept aus.\n\nMit freundlichen Grüßen',
} as const;
