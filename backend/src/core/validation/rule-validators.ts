import { registerDecorator, type ValidationOptions } from 'class-validator';
import { FIELD_MESSAGES, isEmail, isPostalCode, isTextInput, personSalutation, SALUTATION_MESSAGE } from '@mediport/validation';

/** class-validator decorators that call the same pure rules the frontends use (libs/validation). */
function rule(name: string, test: (value: string) => boolean, message: string) {
  return (options?: ValidationOptions) => (target: object, propertyName: string) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
      options: { message, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && test(value) },
    });
}

export const IsPostalCode = rule('isPostalCode', isPostalCode, FIELD_MESSAGES.postalCode);
export const IsEmailAddress = rule('isEmailAddress', (v) => v === '' || isEmail(v), FIELD_MESSAGES.email);
export const IsTextInput = rule('isTextInput', isTextInput, FIELD_MESSAGES.textInput);
/** A patient's or doctor's salutation: 'Herr', 'Frau', '' or the user API's 'mr' / 'mrs'. */
export const IsPersonSalutation = rule('isPersonSalutation', (v) => personSalutation(v) !== null, SALUTATION_MESSAGE);
