import { IsIn, IsString, MaxLength } from 'class-validator';
import { DELIVERY_RECIPIENT_MAX, EVENT_MESSAGES, INCIDENT_REASONS, INCIDENT_TEXT_MAX, type IncidentReason } from '@mediport/contracts';
import { MultilineText } from '../../../core/validation/multiline-text.js';
import { Optional } from '../../../core/validation/optional.js';

/** Longest text of a coordinate field (a decimal number). */
const COORDINATE_MAX = 32;

/**
 * The fields of POST /api/tasks/{id}/delivery (multipart; the signature travels as the file
 * "signature"). The position is optional: it is sent only when the device granted it.
 */
export class TaskDeliveryDto {
  @MaxLength(DELIVERY_RECIPIENT_MAX, { message: EVENT_MESSAGES.recipientTooLong }) @IsString({ message: EVENT_MESSAGES.recipientRequired }) recipient!: string;
  @Optional() @IsString({ message: EVENT_MESSAGES.position }) @MaxLength(COORDINATE_MAX, { message: EVENT_MESSAGES.position }) latitude?: string;
  @Optional() @IsString({ message: EVENT_MESSAGES.position }) @MaxLength(COORDINATE_MAX, { message: EVENT_MESSAGES.position }) longitude?: string;
  @Optional() @IsString({ message: EVENT_MESSAGES.position }) @MaxLength(COORDINATE_MAX, { message: EVENT_MESSAGES.position }) accuracy?: string;
}

/** Body of POST /api/tasks/{id}/incidents: why, and (for 'other' required) what happened. */
export class TaskIncidentDto {
  @IsIn(INCIDENT_REASONS, { message: EVENT_MESSAGES.incidentReason }) reason!: IncidentReason;
  @Optional() @MultilineText() @MaxLength(INCIDENT_TEXT_MAX, { message: EVENT_MESSAGES.incidentTextTooLong }) @IsString({ message: EVENT_MESSAGES.incidentText }) text?: string;
}
