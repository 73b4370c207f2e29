import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { MultilineText } from '../validation/multiline-text.js';
import { Optional } from '../validation/optional.js';
import { IsPostalCode } from '../validation/rule-validators.js';
import { deriveProperty, isDtoClass, validatedProperties } from './dto-schema.js';

class ItemDto {
  @IsString() label!: string;
}

class SampleDto {
  @IsString() @MaxLength(20) @IsNotEmpty() name!: string;
  @Optional() @IsString() title?: string;
  @Optional({ allowNull: true }) @IsUUID('all') home?: string | null;
  @IsOptional() @IsBoolean() flag?: boolean;
  @IsIn([0, 1, 2]) level!: 0 | 1 | 2;
  @Optional() @IsArray() @ArrayMaxSize(3) @IsIn(['a', 'b'], { each: true }) tags?: string[];
  @Optional() @IsArray() @ValidateNested({ each: true }) @Type(() => ItemDto) items?: ItemDto[];
  @Optional() @ValidateNested() @Type(() => ItemDto) main?: ItemDto;
  @ValidateIf((o: SampleDto) => o.name === undefined) @IsString() alias?: string;
  @Optional() @IsPostalCode() postalCode?: string;
  @Optional() @MultilineText() @IsString() @Matches(/^x/) note?: string;
}

function derive(key: string) {
  return deriveProperty(SampleDto, key, validatedProperties(SampleDto).get(key)!);
}

describe('deriveProperty', () => {
  it('reads type, limits and requiredness', () => {
    expect(derive('name')).toEqual({ schema: { type: 'string', maxLength: 20, minLength: 1 }, required: true, nested: undefined, rules: [] });
  });

  it('treats Optional() as optional, null refused; allowNull and IsOptional as nullable', () => {
    expect(derive('title')).toMatchObject({ required: false, schema: { type: 'string' } });
    expect(derive('title').schema.nullable).toBeUndefined();
    expect(derive('home')).toMatchObject({ required: false, schema: { type: 'string', format: 'uuid', nullable: true } });
    expect(derive('flag')).toMatchObject({ required: false, schema: { type: 'boolean', nullable: true } });
  });

  it('types enums by their values and applies `each` rules to the items', () => {
    expect(derive('level').schema).toEqual({ type: 'integer', enum: [0, 1, 2] });
    expect(derive('tags').schema).toEqual({ type: 'array', maxItems: 3, items: { type: 'string', enum: ['a', 'b'] } });
  });

  it('finds the class of nested values, single and in arrays', () => {
    expect(derive('items')).toMatchObject({ nested: ItemDto, schema: { type: 'array' } });
    expect(derive('main')).toMatchObject({ nested: ItemDto });
    expect(derive('main').schema.type).toBeUndefined();
  });

  it('marks a ValidateIf that is no plain "optional" as conditional', () => {
    expect(derive('alias')).toMatchObject({ required: false, schema: { type: 'string', description: expect.stringContaining('Bedingung') } });
  });

  it('names custom rules and the multi-line mark', () => {
    expect(derive('postalCode')).toMatchObject({ rules: ['isPostalCode'], schema: { type: 'string', 'x-rules': ['isPostalCode'] } });
    expect(derive('note').schema).toMatchObject({ type: 'string', pattern: '^x', description: expect.stringContaining('Zeilenumbrüche') });
  });
});

describe('isDtoClass', () => {
  it('accepts classes with rules only', () => {
    expect(isDtoClass(SampleDto)).toBe(true);
    expect([Object, String, Array, undefined, class Empty {}].map(isDtoClass)).toEqual([false, false, false, false, false]);
  });
});
