import { IsString, MaxLength, ValidateBy } from 'class-validator';
import { Optional } from '../../../core/validation/optional.js';

const FLAG_VALUES: readonly unknown[] = [true, false, 'true', 'false', '1', '0', 'on', 'off', ''];
const IsFlag = () =>
  ValidateBy({ name: 'isFlag', validator: { validate: (v: unknown) => FLAG_VALUES.includes(v), defaultMessage: () => 'Bitte geben Sie „true“ oder „false“ an.' } });

/** A checkbox sent as multipart text ('true', '1', 'on') or as JSON boolean. */
export const flagOf = (value: unknown): boolean => value === true || value === 'true' || value === '1' || value === 'on';

/**
 * The fields beside the file of PUT /api/import/task and POST /api/import/task/preview
 * (multipart text fields): the pharmacy filter and the two insert options.
 */
export class ImportTaskDto {
  /** Only rows of this pharmacy (column Apotheke, any case); empty: all rows. */
  @Optional() @IsString({ message: 'Bitte geben Sie einen Text ein.' }) @MaxLength(200, { message: 'Mehr als 200 Zeichen!' }) filterPharma?: string;
  /** Insert homes the file names but the database lacks (else such a row aborts the import). */
  @Optional() @IsFlag() insertHomes?: boolean | string;
  /** Insert missing living areas (else such a row aborts the import). */
  @Optional() @IsFlag() insertHomeGroups?: boolean | string;
}
