/**
 * The HTTP fax gateway's delivery reports (POST /api/fax/callback): the gateway calls it with the
 * outcome of a fax it took, signed with FAX_CALLBACK_SECRET (docs/decisions/fax-gateway.md).
 */

/** `status` of a delivered fax; anything else is the gateway's error code (e.g. 'BUSY', 'NO_ANSWER'). */
export const FAX_STATUS_SENT = 'SENT';

/** The header with the report's signature: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const FAX_SIGNATURE_HEADER = 'x-fax-signature';

/** A report older (or further ahead) than this is refused as a replay. */
export const FAX_REPORT_MAX_AGE_MS = 10 * 60_000;

/** Body of POST /api/fax/callback. */
export interface FaxReportBody {
  /** The gateway's job, as it answered the submission. */
  jobId: string;
  /** Our reference sent with the fax (the outbox message's id). */
  reference: string;
  /** 'SENT', or the gateway's error code. */
  status: string;
  /** When the gateway made the report (ISO 8601). */
  timestamp: string;
}

export interface FaxReportResponse {
  message: string;
}

export const FAX_CALLBACK_MESSAGES = {
  accepted: 'Zustellbericht verarbeitet.',
  repeated: 'Dieser Zustellbericht wurde bereits verarbeitet.',
  signature: 'Die Signatur des Zustellberichts ist ungültig.',
  replay: 'Der Zustellbericht ist zu alt oder zu weit in der Zukunft datiert.',
  unknownJob: 'Dieser Faxauftrag ist unbekannt.',
  conflict: 'Für diesen Faxauftrag liegt bereits ein anderes Ergebnis vor.',
  jobId: 'Bitte geben Sie die Auftragsnummer des Faxes an (jobId).',
  reference: 'Bitte geben Sie die Referenz des Faxes an (reference).',
  status: 'Bitte geben Sie den Status an: SENT oder einen Fehlercode (status).',
  timestamp: 'Bitte geben Sie den Zeitpunkt des Berichts im Format ISO 8601 an (timestamp).',
} as const;
