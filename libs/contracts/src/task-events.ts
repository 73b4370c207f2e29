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

/** Where the driver's device was when the delivery was confirmed (only when the browser granted it). */
export interface DeliveryPosition {
  latitude: number;
  longitude: number;
  /** Metres. */
  accuracy: number | null;
}

/** A delivery handed over: to whom, when (ISO time), where. */
export interface DeliveryProofData {
  recipient: string;
  deliveredAt: string;
  position: DeliveryPosition | null;
}

/** Problems a driver reports on the way. */
export const INCIDENT_REASONS = ['unreachable', 'deceased', 'damaged', 'other'] as const;
export type IncidentReason = (typeof INCIDENT_REASONS)[number];
export const INCIDENT_REASON_LABELS: Record<IncidentReason, string> = {
  unreachable: 'Heim nicht erreichbar',
  deceased: 'Patient verstorben',
  damaged: 'Medikament beschädigt',
  other: 'Sonstiges',
};

export interface IncidentData {
  reason: IncidentReason;
  /** Free text; required for 'other'. */
  text: string;
}

/**
 * Multipart fields of POST /api/tasks/{id}/delivery (the driver's proof of a finished delivery); the
 * recipient's signature travels as the file "signature" (PNG, at most DELIVERY_SIGNATURE_MAX_BYTES).
 */
export interface TaskDeliveryRequest {
  recipient: string;
  latitude?: string;
  longitude?: string;
  accuracy?: string;
}

/** Body of POST /api/tasks/{id}/incidents. */
export interface TaskIncidentRequest {
  reason: IncidentReason;
  text?: string;
}

export const DELIVERY_SIGNATURE_MAX_BYTES = 1024 * 1024;
export const DELIVERY_RECIPIENT_MAX = 200;
export const INCIDENT_TEXT_MAX = 2000;

/** "Zugestellt an {Name} um {HH:mm}" (Berlin time). */
export function deliveredToText(data: DeliveryProofData): string {
  const time = new Date(data.deliveredAt).toLocaleTimeString('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
  return `Zugestellt an ${data.recipient} um ${time}`;
}

/** "Problem bei der Auslieferung: {Grund}" and the driver's text. */
export function incidentText(data: IncidentData): string {
  const head = `Problem bei der Auslieferung: ${INCIDENT_REASON_LABELS[data.reason] ?? data.reason}`;
  return data.text ? `${head} – ${data.text}` : head;
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
  // The driver's delivery proof and incidents (ours).
  recipientRequired: 'Bitte geben Sie den Namen des Empfängers an.',
  recipientTooLong: `Der Name des Empfängers darf höchstens ${DELIVERY_RECIPIENT_MAX} Zeichen lang sein.`,
  signatureRequired: 'Bitte lassen Sie den Empfänger unterschreiben.',
  signatureType: 'Die Unterschrift muss ein PNG-Bild sein.',
  signatureSize: 'Die Unterschrift darf höchstens 1 MB groß sein.',
  position: 'Die Position ist ungültig.',
  incidentReason: 'Bitte wählen Sie einen Grund aus.',
  incidentText: 'Bitte beschreiben Sie das Problem.',
  incidentTextTooLong: `Die Beschreibung darf höchstens ${INCIDENT_TEXT_MAX} Zeichen lang sein.`,
  incidentSaved: 'Das Problem wurde gemeldet.',
  proofNeedsHome: 'Ein Zustellnachweis ist nur bei einer Lieferung an eine Pflegeeinrichtung möglich.',
} as const;
