import { IsIn, IsString, MaxLength, ValidateBy } from 'class-validator';
import { TASK_GROUPS, TASK_MESSAGES, TASK_STATUSES, TASK_TYPES, type TaskGroup, type TaskStatus, type TaskType } from '@mediport/contracts';
import { Optional } from '../../../core/validation/optional.js';

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id (UUID). */
export const isId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
const IsId = (message: string, options: { emptyAllowed?: boolean } = {}) =>
  ValidateBy({ name: 'isId', validator: { validate: (v: unknown) => isId(v) || (!!options.emptyAllowed && (v === '' || v === null)), defaultMessage: () => message } });

/**
 * Body of POST /api/tasks and PUT /api/tasks/{id}. Only the shape is checked here; the order rules
 * (libs/validation checkOrder) run in the service on the task as it would be saved.
 */
export class TaskWriteDto {
  @Optional() @IsIn(TASK_TYPES, { message: TASK_MESSAGES.type }) type?: TaskType;
  @Optional() @IsIn(TASK_STATUSES, { message: TASK_MESSAGES.status }) status?: TaskStatus;
  @Optional() @IsIn(TASK_GROUPS, { message: TASK_MESSAGES.group }) group?: TaskGroup;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) medicine?: string;
  @Optional() @ValidateBy({ name: 'isAmount', validator: { validate: (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100, defaultMessage: () => TASK_MESSAGES.amount } })
  amount?: number;
  @Optional() @IsString(NOT_TEXT) @MaxLength(500, { message: 'Mehr als 500 Zeichen!' }) dose?: string;
  @Optional() @IsId(TASK_MESSAGES.patientUnknown) patient?: string;
  /** A doctor id, or '' / null for none. */
  @Optional({ allowNull: true }) @IsId(TASK_MESSAGES.doctorUnknown, { emptyAllowed: true }) doctor?: string | null;
  /** DD.MM.YYYY, or '' for none (the format is checked in the service). */
  @Optional() @IsString({ message: TASK_MESSAGES.latestDeliveryFormat }) @MaxLength(10, { message: TASK_MESSAGES.latestDeliveryFormat }) latestDelivery?: string;
}

/** Body of PUT /api/tasks/seen: a list of ids, or true for all. */
export class TaskSeenDto {
  @ValidateBy({
    name: 'isTaskList',
    validator: { validate: (v: unknown) => v === true || (Array.isArray(v) && v.length <= 1000 && v.every(isId)), defaultMessage: () => TASK_MESSAGES.seenList },
  })
  tasks!: string[] | true;
}
