import { IsIn, IsString, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { LOGO_DELETE_MARKER } from '@mediport/contracts';
import { compactSepaInput, isValidBic, isValidCreditorId, isValidIban, SEPA_MESSAGES } from '@mediport/contracts/payment';
import { type SettingsInput, validateSettings } from '@mediport/validation';
import { Optional } from '../../../core/validation/optional.js';

type SettingsField = keyof SettingsInput;

/**
 * Runs the shared settings rules (libs/validation validateSettings) for one field and reports
 * that field's German message; one rule, one message, two callers.
 */
function SettingsRule(field: SettingsField, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: `settings_${field}`,
      target: target.constructor,
      propertyName,
      options,
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !validateSettings({ [field]: value }).some((e) => e.path === field),
        defaultMessage: (args) => {
          const value = args?.value;
          if (typeof value !== 'string') return validateSettings({}).find((e) => e.path === field)?.message ?? '';
          return validateSettings({ [field]: value }).find((e) => e.path === field)?.message ?? '';
        },
      },
    });
}

/** A SEPA field of the creditor: empty, or valid by `check` (spaces ignored). */
function SepaRule(check: (value: string) => boolean, message: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: `sepa_${propertyName}`,
      target: target.constructor,
      propertyName,
      options: { message, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && value.length <= 64 && (compactSepaInput(value) === '' || check(value)) },
    });
}

const TOO_LONG = { message: 'Mehr als 200 Zeichen!' };
const NOT_TEXT = { message: 'Bitte geben Sie einen Text ein.' };

/**
 * Body of PUT /api/settings (multipart: these fields, plus the logo file as "logo" or
 * logo=_delete). Every operator field is required.
 */
export class SettingsUpdateDto {
  @SettingsRule('company') @MaxLength(200, TOO_LONG) company!: string;
  @SettingsRule('street') @MaxLength(200, TOO_LONG) street!: string;
  @SettingsRule('postalCode') postalCode!: string;
  @SettingsRule('city') @MaxLength(200, TOO_LONG) city!: string;
  @SettingsRule('phone') @MaxLength(200, TOO_LONG) phone!: string;
  @SettingsRule('fax') @MaxLength(200, TOO_LONG) fax!: string;
  @SettingsRule('email') @MaxLength(200, TOO_LONG) email!: string;

  /** Admin only; others may send the stored value unchanged (see SettingsService.update). */
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) debtorId?: string;
  @Optional() @IsString(NOT_TEXT) @MaxLength(200, TOO_LONG) instanceId?: string;

  /** The creditor of the direct-debit export: SEPA creditor identifier, account IBAN and BIC (each may be empty). */
  @Optional() @SepaRule(isValidCreditorId, SEPA_MESSAGES.creditorIdInvalid) creditorId?: string;
  @Optional() @SepaRule(isValidIban, SEPA_MESSAGES.creditorIbanInvalid) creditorIban?: string;
  @Optional() @SepaRule(isValidBic, SEPA_MESSAGES.creditorBicInvalid) creditorBic?: string;

  /** "_delete" removes the stored logo; a new logo travels as the multipart file "logo". */
  @Optional() @IsIn([LOGO_DELETE_MARKER], { message: 'Ungültiger Wert für das Logo.' }) logo?: typeof LOGO_DELETE_MARKER;
}
