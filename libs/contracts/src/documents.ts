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

/** One doctor's document as the composing page sends it: the edited subject and text (HTML) and its orders. */
export interface DocumentCreateGroup {
  doctor: string;
  subject: string;
  /** Rich text (HTML); the server keeps only paragraphs, line breaks, bold, italic, underline and lists. */
  content: string;
  tasks: string[];
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
  createdAt: string;
  createdFrom: { _id: string; username: string } | null;
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
  // The standard text when the caller has no saved snippet.
  defaultSubject: 'Rezeptanforderung',
  defaultContent: 'Sehr geehrte Damen und Herren,\n\nbitte stellen Sie für die folgenden Patienten ein Rezept aus.\n\nMit freundlichen Grüßen',
} as const;
