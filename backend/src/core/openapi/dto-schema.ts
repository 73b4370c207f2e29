import type { Type } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions, DECORATORS, type SchemaObject } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { isMultilineText } from '../validation/multiline-text.js';

type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

/**
 * OpenAPI schemas of the DTO classes, read from their class-validator decorators. Jest and the
 * build run without the @nestjs/swagger compiler plugin and the DTOs carry no @ApiProperty, so the
 * validation rules are the one description of a request's shape: a new DTO appears in the
 * document with nothing else to write. An explicit @ApiProperty on a property still wins.
 */

/** Rules of this project (backend/src/core/validation, the DTOs' own registerDecorator calls) that JSON Schema cannot state. */
const PROJECT_RULES: Record<string, SchemaObject> = {
  isPostalCode: { type: 'string' },
  isEmailAddress: { type: 'string' },
  isTextInput: { type: 'string' },
  isUsername: { type: 'string' },
};
/** registerDecorator names of the per-field rules of libs/validation (e.g. `settings_company`, `meeting_date`): strings. */
const FIELD_RULE = /^(settings|meeting)_\w+$/;

const DESIGN_TYPES = new Map<unknown, SchemaObject>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Array, { type: 'array' }],
  [Date, { type: 'string', format: 'date-time' }],
]);

/** What one property of a DTO accepts. */
export interface DerivedProperty {
  schema: SchemaObject;
  required: boolean;
  /** The class of a @ValidateNested() value (an item of it when `schema.type` is array). */
  nested?: Type;
  /** Rules without a JSON Schema keyword (custom validators), by their registered name. */
  rules: string[];
}

function ruleName(meta: ValidationMetadata): string {
  if (meta.name) return meta.name;
  if (meta.type !== ValidationTypes.CUSTOM_VALIDATION) return meta.type;
  return getMetadataStorage().getTargetValidatorConstraints(meta.constraintCls)[0]?.name ?? 'custom';
}

function enumType(values: readonly unknown[]): SchemaObject['type'] {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number')) return 'number';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return undefined;
}

/** Values of a TypeScript enum object (without the reverse entries of numeric enums). */
function enumValues(e: Record<string, unknown>): unknown[] {
  return Object.entries(e)
    .filter(([key]) => Number.isNaN(Number(key)))
    .map(([, value]) => value);
}

/** Applies one rule to the schema of the value (or of each item, for `each: true`); false when it has no JSON Schema form. */
function applyRule(schema: SchemaObject, name: string, constraints: unknown[]): boolean {
  const [first, second] = constraints;
  switch (name) {
    case 'isString':
      schema.type = 'string';
      return true;
    case 'isBoolean':
      schema.type = 'boolean';
      return true;
    case 'isInt':
      schema.type = 'integer';
      return true;
    case 'isNumber':
      schema.type ??= 'number';
      return true;
    case 'isObject':
      schema.type = 'object';
      return true;
    case 'isArray':
      schema.type = 'array';
      return true;
    case 'isIn':
    case 'isEnum': {
      const values = name === 'isIn' ? [...(first as readonly unknown[])] : enumValues(first as Record<string, unknown>);
      schema.enum = values;
      schema.type ??= enumType(values);
      return true;
    }
    case 'isUuid':
      Object.assign(schema, { type: 'string', format: 'uuid' });
      return true;
    case 'isEmail':
      Object.assign(schema, { type: 'string', format: 'email' });
      return true;
    case 'isUrl':
      Object.assign(schema, { type: 'string', format: 'uri' });
      return true;
    case 'isDateString':
    case 'isIso8601':
      Object.assign(schema, { type: 'string', format: 'date-time' });
      return true;
    case 'maxLength':
      schema.maxLength = first as number;
      return true;
    case 'minLength':
      schema.minLength = first as number;
      return true;
    case 'isLength':
      Object.assign(schema, { minLength: first as number, ...(second === undefined ? {} : { maxLength: second as number }) });
      return true;
    case 'matches':
      schema.pattern = first instanceof RegExp ? first.source : String(first);
      return true;
    case 'min':
      schema.minimum = first as number;
      return true;
    case 'max':
      schema.maximum = first as number;
      return true;
    case 'arrayMaxSize':
      schema.maxItems = first as number;
      return true;
    case 'arrayMinSize':
      schema.minItems = first as number;
      return true;
    case 'arrayNotEmpty':
      schema.minItems = Math.max(schema.minItems ?? 0, 1);
      return true;
    case 'arrayUnique':
      schema.uniqueItems = true;
      return true;
    case 'isNotEmpty':
      // Type-dependent: resolved once the type is known.
      return true;
    default: {
      const known = PROJECT_RULES[name] ?? (FIELD_RULE.test(name) ? { type: 'string' as const } : undefined);
      if (known) Object.assign(schema, known);
      return false;
    }
  }
}

/** Probes a ValidateIf/IsOptional condition; a throwing condition counts as "validated". */
function validates(meta: ValidationMetadata, key: string, value: unknown): boolean {
  const condition = meta.constraints[0] as (object: object, value: unknown) => boolean;
  try {
    return Boolean(condition({ [key]: value }, value));
  } catch {
    return true;
  }
}

/**
 * The class class-transformer builds for a nested value (@Type(() => X)). Its metadata storage
 * is not exported, so a one-item sample is converted and the result's class read.
 */
function nestedClass(cls: Type, key: string): Type | undefined {
  for (const sample of [[{}], {}]) {
    try {
      const probe = plainToInstance(cls, { [key]: sample }) as Record<string, unknown>;
      const value = probe[key];
      const item = Array.isArray(value) ? value[0] : value;
      const ctor = item && typeof item === 'object' ? (item as object).constructor : undefined;
      if (typeof ctor === 'function' && ctor !== Object && ctor !== Array) return ctor as Type;
    } catch {
      // A @Transform that does not accept the sample: try the next one.
    }
  }
  const design = Reflect.getMetadata('design:type', cls.prototype as object, key) as unknown;
  return typeof design === 'function' && !DESIGN_TYPES.has(design) && design !== Object ? (design as Type) : undefined;
}

/** The validated properties of a DTO class (inherited ones included), by name, in declaration order. */
export function validatedProperties(cls: Type): Map<string, ValidationMetadata[]> {
  const metas = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  const out = new Map<string, ValidationMetadata[]>();
  for (const meta of metas) out.set(meta.propertyName, [...(out.get(meta.propertyName) ?? []), meta]);
  return out;
}

/** True when `cls` is a class with class-validator rules (a DTO), not a primitive wrapper or an interface's Object. */
export function isDtoClass(cls: unknown): cls is Type {
  return typeof cls === 'function' && cls !== Object && !DESIGN_TYPES.has(cls) && validatedProperties(cls as Type).size > 0;
}

/** The schema of one property from its validation metadata. */
export function deriveProperty(cls: Type, key: string, metas: readonly ValidationMetadata[]): DerivedProperty {
  const conditions = metas.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION);
  const checks = metas.filter((m) => m.type !== ValidationTypes.CONDITIONAL_VALIDATION && m.type !== ValidationTypes.WHITELIST);
  const schema: SchemaObject = {};
  const items: SchemaObject = {};
  const rules: string[] = [];
  const notes: string[] = [];
  let nested: Type | undefined;
  let defined = false;
  let notEmpty = false;

  for (const meta of checks) {
    const name = ruleName(meta);
    const target = meta.each ? items : schema;
    if (meta.type === ValidationTypes.NESTED_VALIDATION) {
      nested = nestedClass(cls, key);
      continue;
    }
    if (meta.type === ValidationTypes.IS_DEFINED) {
      defined = true;
      continue;
    }
    if (name === 'isNotEmpty') notEmpty = true;
    if (!applyRule(target, name, meta.constraints ?? []) && !rules.includes(name)) rules.push(name);
  }

  const designType = Reflect.getMetadata('design:type', cls.prototype as object, key) as unknown;
  if (!schema.type && !schema.enum && DESIGN_TYPES.has(designType)) Object.assign(schema, DESIGN_TYPES.get(designType));
  if (Object.keys(items).length > 0 || (nested && designType === Array)) schema.type = 'array';
  if (notEmpty && schema.type === 'string') schema.minLength = Math.max(schema.minLength ?? 0, 1);
  if (notEmpty && schema.type === 'array') schema.minItems = Math.max(schema.minItems ?? 0, 1);
  if (schema.type === 'array') schema.items = items;

  // IsOptional / Optional(): skipped when absent. Any other ValidateIf makes the rules conditional.
  const optional = conditions.length > 0;
  const conditional = conditions.some((c) => validates(c, key, undefined) || !validates(c, key, 'x'));
  if (conditions.some((c) => !validates(c, key, null))) schema.nullable = true;
  if (conditional) notes.push('Wird nur unter einer Bedingung geprüft (ValidateIf).');
  if (rules.length) notes.push(`Regeln: ${rules.join(', ')}.`);
  if (isMultilineText(Object.create(cls.prototype as object) as object, key)) notes.push('Mehrzeiliger Text: Zeilenumbrüche erlaubt.');
  if (notes.length) schema.description = notes.join(' ');
  if (rules.length) (schema as Record<string, unknown>)['x-rules'] = rules;
  return { schema, required: defined || !optional, nested, rules };
}

/** Every DTO property as an @ApiProperty option object (a nested class as a type thunk, so the scanner emits a $ref). */
function toApiProperty({ schema, required, nested }: DerivedProperty): ApiPropertyOptions {
  if (!nested) return { ...schema, required } as ApiPropertyOptions;
  const { items: _items, type, ...rest } = schema;
  return { ...rest, required, type: () => nested, isArray: type === 'array' } as ApiPropertyOptions;
}

const registered = new WeakSet<Type>();

/**
 * Registers the derived schema of `classes` and of the classes nested in them with @nestjs/swagger
 * (as @ApiProperty metadata, without overriding an explicit @ApiProperty). Idempotent.
 */
export function registerDtoSchemas(classes: Iterable<Type>): void {
  const pending = [...classes];
  while (pending.length > 0) {
    const cls = pending.pop()!;
    if (registered.has(cls)) continue;
    registered.add(cls);
    const proto = cls.prototype as object;
    for (const [key, metas] of validatedProperties(cls)) {
      const derived = deriveProperty(cls, key, metas);
      if (!Reflect.hasMetadata(DECORATORS.API_MODEL_PROPERTIES, proto, key)) ApiProperty(toApiProperty(derived))(proto, key);
      if (derived.nested) pending.push(derived.nested);
    }
  }
}
