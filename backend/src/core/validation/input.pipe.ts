import { type ArgumentMetadata, type PipeTransform, ValidationPipe } from '@nestjs/common';
import { API_MESSAGES } from '@mediport/contracts';
import { AppError } from '../errors/app-error.js';
import { validationException } from '../errors/validation.js';
import { findUnsafeInput } from './input-rules.js';
import { isMultilineText } from './multiline-text.js';

/** Parameter types that are no DTO: ValidationPipe leaves them alone, and so does the object check. */
const NOT_A_DTO = new Set<unknown>([String, Boolean, Number, Array, Object, Buffer, Date, Symbol, BigInt]);

function isDto(metatype: ArgumentMetadata['metatype']): boolean {
  return typeof metatype === 'function' && !NOT_A_DTO.has(metatype);
}

function isObjectBody(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

/**
 * The one global pipe: every @Body(), @Query() and @Param() of every route passes here, after the
 * route's interceptors (so multipart text fields parsed by multer are included) and before any
 * route-level pipe.
 *  1. findUnsafeInput: nesting depth, prototype keys, control / bidi / lone-surrogate characters,
 *     before class-transformer touches the value (a body nested 5000 levels overflowed its stack).
 *  2. A DTO body must be an object (an array, string or number body is refused in German).
 *  3. class-validator through Nest's ValidationPipe (whitelist strips unknown properties).
 *  4. Tab / line feed / carriage return only in properties marked @MultilineText().
 */
export class InputPipe implements PipeTransform {
  private readonly validation = new ValidationPipe({ whitelist: true, transform: true, exceptionFactory: validationException });

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // @CurrentAuth() and other custom decorators carry server-made values.
    if (metadata.type === 'custom') return value;
    const root = metadata.data ?? '';
    const unsafe = findUnsafeInput(value, { root, lineBreaks: true });
    if (unsafe.length) throw AppError.badRequest(unsafe);
    if (metadata.type === 'body' && !metadata.data && isDto(metadata.metatype) && value !== undefined && !isObjectBody(value)) {
      throw AppError.badRequest([{ code: 'invalid', message: API_MESSAGES.objectExpected }]);
    }
    const result: unknown = await this.validation.transform(value, metadata);
    const lineBreaks = findUnsafeInput(result, { root, lineBreaks: isMultilineText });
    if (lineBreaks.length) throw AppError.badRequest(lineBreaks);
    return result;
  }
}
