/**
 * The drivers' side of orders: the pickup sheet that hands new orders to them, the proof of a
 * delivery to a care home and problems reported on the way (events delivery_proof and incident of
 * the order's feed). A subpath of the contracts (`@mediport/contracts/delivery`): only the screens
 * that show or write them load it.
 */

/** Body of POST /api/tasks/pickup: the new orders to hand to the drivers; the answer is the pickup sheet (PDF). */
export interface TaskPickupRequest {
  tasks: string[];
}

/** Most orders on one pickup sheet (the pickup screen loads at most 999 orders). */
export const PICKUP_MAX_TASKS = 999;

/** Rule messages of the pickup sheet (ours). */
export const PICKUP_MESSAGES = {
  empty: 'Bitte wählen Sie mindestens einen Auftrag aus.',
  tooMany: `Bitte wählen Sie höchstens ${PICKUP_MAX_TASKS} Aufträge aus.`,
  duplicate: 'Jeder Auftrag darf nur einmal ausgewählt sein.',
  notNew: 'Nur neue Aufträge können an die Fahrer übergeben werden.',
  type: 'Für einen Selbstkauf kann kein Abholauftrag erzeugt werden.',
  unknown: 'Mindestens ein ausgewählter Auftrag wurde nicht gefunden.',
} as const;

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

/** Texts of the proof of delivery and of incidents (ours). */
export const DELIVERY_MESSAGES = {
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
