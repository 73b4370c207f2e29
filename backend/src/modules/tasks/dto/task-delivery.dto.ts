import { IsIn, IsString, MaxLength } from 'class-validator';
import { EVENT_MESSAGES } from '@mediport/contracts';
import { DELIVERY_RECIPIENT_MAX, INCIDENT_REASONS, INCIDENT_TEXT_MAX, type IncidentReason, DELIVERY_MESSAGES } from '@mediport/contracts/delivery';
import { MultilineText } from '../../../core/validation/multiline-text.js';
import { Optional } from '../../../core/validation/optional.js';

/** Longest text of a coordinate field (a decimal number). */
const COORDINATE_MAX = 32;

/**
 * The fields of POST /api/tasks/{id}/delivery (multipart; the signature travels as the file
 * "signature"). The position is optional: it is sent only when the device granted it.
 */
export class TaskDeliveryDto {
  @MaxLength(DELIVERY_RECIPIENT_MAX, { message: DELIVERY_MESSAGES.recipientTooLong }) @IsString({ message: DELIVERY_MESSAGES.recipientRequired }) recipient!: string;
  @Optional() @IsString({ message: DELIVERY_MESSAGES.position }) @MaxLength(COORDINATE_MAX, { message: DELIVERY_MESSAGES.position }) latitude?: string;
  @Optional() @IsString({ message: DELIVERY_MESSAGES.position }) @MaxLength(COORDINATE_MAX, { message: DELIVERY_MESSAGES.position }) longitude?: string;
  @Optional() @IsString({ message: DELIVERY_MESSAGES.position }) @MaxLength(COORDINATE_MAX, { message: DELIVERY_MESSAGES.position }) accuracy?: string;
}

/** Body of POST /api/tasks/{id}/incidents: why, and (for 'other' required) what happened. */
export class TaskIncidentDto {
  @IsIn(INCIDENT_REASONS, { message: DELIVERY_MESSAGES.incidentReason }) reason!: IncidentReason;
  @Optional() @MultilineText() @MaxLength(INCIDENT_TEXT_MAX, { message: DELIVERY_MESSAGES.incidentTextTooLong }) @IsString({ message: DELIVERY_MESSAGES.incidentText }) text?: string;
}
