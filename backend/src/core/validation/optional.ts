import { ValidateIf } from 'class-validator';

export interface OptionalOptions {
  /** null is a meaningful value of this property (e.g. "clear the assignment") and skips its rules too. */
  allowNull?: boolean;
}

/**
 * Marks a property as optional: when it is absent (undefined) its other rules are skipped.
 * Unlike class-validator's IsOptional, null is not absent: `{"firstname": null}` must pass the
 * property's rules (and so answers that field's message) unless `allowNull` says null means something.
 */
export function Optional(options: OptionalOptions = {}): PropertyDecorator {
  return ValidateIf((_object: unknown, value: unknown) => value !== undefined && !(options.allowNull && value === null));
}
