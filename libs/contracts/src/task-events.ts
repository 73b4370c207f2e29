import type { DeliveryProofData, IncidentData } from './delivery.js';
import type { Role } from './index.js';

/**
 * The event feed of an order ("chat": status changes, messages with attachments, e-mails and faxes),
 * served by /api/tasks/{id}/events and /api/events.
 */

export const TASK_EVENT_TYPES = ['message', 'document', 'fax', 'faxresponse', 'email', 'status_change', 'recipe_request', 'self', 'delivery_proof', 'incident'] as const;
export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

/** Who wrote an event: username and roles (the panel picks the author icon by role). */
export interface EventAuthor {
  _id: string;
  username: string;
  roles: Role[];
}

/** An attachment of an event; downloaded from GET /api/tasks/{taskId}/events/{eventId}/attachment/{name}. */
export interface TaskEventFileDto {
  /** The file name as uploaded (made safe: no path, no control characters), unique within its event. */
  name: string;
  /** The real (sniffed) type. */
  mimeType: string;
  size: number;
}

/**
 * What `data` holds per type:
 * - message: { text }                      - status_change: { from, to } (TaskStatus; from null: the task was placed)
 * - recipe_request: { subject, message }   - faxresponse: 'SENT' or the gateway's failure code
 * - email / fax: null when there is nothing more to say ('E-Mail wurde versendet' / 'Fax wird versendet')
 * - document / self: { text? }
 * - delivery_proof: DeliveryProofData (the signature is the event's PNG file)
 * - incident: IncidentData
 */
export type TaskEventData =
  | { text: string }
  | { from: string | null; to: string }
  | { subject: string; message: string }
  | DeliveryProofData
  | IncidentData
  | string
  | null
  | Record<string, unknown>;

export interface TaskEventDto {
  _id: string;
  task: string;
  type: TaskEventType;
  data: TaskEventData;
  files: TaskEventFileDto[];
  createdAt: string;
  createdFrom: EventAuthor | null;
  /** [the caller's id] when the caller has seen the event (or wrote it), else []. */
  seen: string[];
  /** 'failed' marks a failed e-mail. */
  state: 'failed' | null;
  /** The recipe-request document the event belongs to, if any. */
  document: string | null;
}

/** Answer of POST /api/tasks/{id}/events: the new event; `reload` when the message reopened a finished task. */
export interface TaskEventCreateResponse extends TaskEventDto {
  reload?: boolean;
}

/** An event of GET /api/events (across tasks), with what the notification list shows of its task. */
export interface EventListItemDto extends TaskEventDto {
  taskDetails: { _id: string; medicine: string; status: string; patientName: string } | null;
}

/** Multipart fields of POST /api/tasks/{id}/events (the attachments travel as "files"). */
export interface TaskEventWriteRequest {
  /** Only chat messages are written through the API. */
  type?: 'message';
  /** The message text. */
  data?: string;
}

/** Body of PUT /api/tasks/{id}/events (mark every event of the task seen; an empty body means the same). */
export interface TaskEventsSeenRequest {
  seen?: true;
}

/** Body of PUT /api/events/seen: the event ids, or true for every event the caller may see. */
export interface EventsSeenRequest {
  events: string[] | true;
}

/** Per task of GET /api/events/meta?tasks=a,b. */
export interface TaskEventMeta {
  /** Number of events in the feed. */
  events: number;
  /** How many of them the caller has seen (written by oneself counts as seen); unread = events - seen. */
  seen: number;
  /** Author of the latest event. */
  lastSender: EventAuthor | null;
  /** The last e-mail or fax to the doctor for this task failed, or a fax response was not SENT. */
  error: boolean;
}

export type TaskEventMetaResponse = Record<string, TaskEventMeta>;

/** Attachment limits of a chat message (server-enforced; the form checks them first). */
export const EVENT_ATTACHMENT_MAX_FILES = 5;
export const EVENT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Real (sniffed) types accepted as attachments. */
export const EVENT_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/** Longest chat message. */
export const EVENT_MESSAGE_MAX = 5000;

/** Texts of the feed. */
export const EVENT_MESSAGES = {
  created: 'Eine Anforderung wurde erzeugt',
  faxSending: 'Fax wird versendet',
  faxSent: 'Fax wurde versendet',
  emailSent: 'E-Mail wurde versendet',
  faxFailed: 'Fehler beim senden des Faxes',
  empty: 'Keine Nachrichten vorhanden.',
  emptyMessage: 'Sie können keine leere Nachricht verschicken.',
  /** Text of an attachment-only message (ours: the spec says "a system placeholder"). */
  attachmentOnly: 'Dateianhang',
  seen: 'Nachricht als gelesen markiert.',
  allSeen: 'Alle Nachrichten als gelesen markiert.',
  /** Toast when a message reopened a finished task (a message to a finished order reopens it). */
  reopened: 'Der Auftrag wurde wieder geöffnet und befindet sich unter den neuen Aufträgen.',
  tooManyFiles: 'Sie können höchstens 5 Dateien anhängen.',
  fileType: 'Erlaubt sind PDF-, PNG- und JPEG-Dateien.',
  messageTooLong: 'Die Nachricht darf höchstens 5000 Zeichen lang sein.',
  statusChange: 'Status geändert',
  /** PUT /api/events/seen with something other than a list of ids or true (ours). */
  seenList: 'Bitte geben Sie die Nachrichten als Liste an.',
  /** PUT /api/tasks/{id}/events with seen other than true (ours). */
  seenFlag: 'Bitte geben Sie seen: true an.',
  /** Only chat messages are written through the API (ours). */
  type: 'Nur Nachrichten können verschickt werden.',
  /** GET /api/events/meta with more than 100 task ids (ours). */
  tooManyTasks: 'Bitte fragen Sie höchstens 100 Aufträge auf einmal ab.',
} as const;
