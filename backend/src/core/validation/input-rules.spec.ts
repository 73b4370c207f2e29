import { IsString, MaxLength, validate } from 'class-validator';
import { API_MESSAGES } from '@mediport/contracts';
import { findUnsafeInput, hasForbiddenCharacters, MAX_INPUT_DEPTH } from './input-rules.js';
import { isMultilineText, MultilineText } from './multiline-text.js';
import { Optional } from './optional.js';

const forbidden = (path: string) => ({ path, message: API_MESSAGES.forbiddenCharacters, code: 'invalid' });

describe('hasForbiddenCharacters', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['ESC', '\u001b[31m'],
    ['DEL', 'a\u007f'],
    ['C1 control', 'a\u0085b'],
    ['right-to-left override', 'Rechnung\u202efdp.exe'],
    ['left-to-right embedding', 'a\u202ab'],
    ['bidi isolate', 'a\u2066b\u2069'],
    ['right-to-left mark', 'a\u200f'],
    ['lone high surrogate', 'a\ud800'],
    ['lone low surrogate', '\udc00a'],
    ['swapped surrogates', '\ude00\ud83d'],
  ])('refuses %s', (_title, text) => {
    expect(hasForbiddenCharacters(text)).toBe(true);
    expect(hasForbiddenCharacters(text, true)).toBe(true);
  });

  it.each([['umlauts', 'Größe Übermaß'], ['emoji (a surrogate pair)', 'Danke 😀'], ['Arabic', 'مرحبا'], ['Hebrew', 'שלום'], ['non-breaking space', 'a\u00a0b']])('lets %s pass', (_title, text) => {
    expect(hasForbiddenCharacters(text)).toBe(false);
  });

  it('lets tab, line feed and carriage return pass only in multi-line text', () => {
    expect(hasForbiddenCharacters('Zeile 1\r\nZeile 2\tx')).toBe(true);
    expect(hasForbiddenCharacters('Zeile 1\r\nZeile 2\tx', true)).toBe(false);
  });
});

describe('findUnsafeInput', () => {
  it('names the path of each bad field, query brackets as dots', () => {
    expect(findUnsafeInput({ firstname: 'a\u0000', snippets: [{ content: '\u202e' }], 'filter[text]': '\u0000' })).toEqual(
      expect.arrayContaining([forbidden('firstname'), forbidden('snippets.0.content'), forbidden('filter.text')]),
    );
    expect(findUnsafeInput('a\u0000', { root: 'id' })).toEqual([forbidden('id')]);
  });

  it('refuses prototype keys and keys with control characters', () => {
    const body = JSON.parse('{"__proto__":{"a":1},"x":{"constructor":{"prototype":{}}},"prototype":1,"filter[__proto__]":1,"a\\u0000":1}') as object;
    expect(findUnsafeInput(body)).toEqual(
      expect.arrayContaining([
        { path: '__proto__', message: API_MESSAGES.invalidFieldName, code: 'invalid' },
        { path: 'x.constructor', message: API_MESSAGES.invalidFieldName, code: 'invalid' },
        { path: 'prototype', message: API_MESSAGES.invalidFieldName, code: 'invalid' },
        { path: 'filter.__proto__', message: API_MESSAGES.invalidFieldName, code: 'invalid' },
        { message: API_MESSAGES.invalidFieldName, code: 'invalid' },
      ]),
    );
  });

  it(`allows ${MAX_INPUT_DEPTH} levels and refuses one more`, () => {
    const nest = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`) as unknown;
    expect(findUnsafeInput(nest(MAX_INPUT_DEPTH))).toEqual([]);
    expect(findUnsafeInput(nest(MAX_INPUT_DEPTH + 1))).toEqual([{ path: 'a'.repeat(MAX_INPUT_DEPTH).split('').join('.'), message: API_MESSAGES.nestedTooDeep, code: 'invalid' }]);
  });

  it('walks a body nested 200 000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(findUnsafeInput(deep)).toEqual([expect.objectContaining({ message: API_MESSAGES.nestedTooDeep })]);
  });

  it('stops after 20 errors', () => {
    const body = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, '\u0000']));
    expect(findUnsafeInput(body)).toHaveLength(20);
  });

  it('allows line breaks only where lineBreaks says so; array items follow their property', () => {
    class Snippet {
      @MultilineText() content = 'a\nb';
      lines = ['x\ny'];
      name = 'c\nd';
    }
    const snippet = new Snippet();
    expect(isMultilineText(snippet, 'content')).toBe(true);
    expect(findUnsafeInput({ s: snippet }, { lineBreaks: isMultilineText })).toEqual([forbidden('s.name'), forbidden('s.lines.0')]);
    expect(findUnsafeInput({ s: snippet }, { lineBreaks: true })).toEqual([]);
  });
});

describe('Optional', () => {
  class Dto {
    @Optional() @IsString({ message: 'Bitte geben Sie einen Text ein.' }) @MaxLength(5, { message: 'Mehr als 5 Zeichen!' }) title?: string | null;
    @Optional({ allowNull: true }) @IsString({ message: 'Bitte wählen Sie.' }) home?: string | null;
  }
  const errorsOf = async (values: Partial<Dto>) => (await validate(Object.assign(new Dto(), values))).map((e) => [e.property, Object.values(e.constraints ?? {})]);

  it('skips an absent property', async () => {
    expect(await errorsOf({})).toEqual([]);
  });

  it('validates null like any value (unlike IsOptional), unless allowNull', async () => {
    expect(await errorsOf({ title: null, home: null })).toEqual([['title', ['Mehr als 5 Zeichen!', 'Bitte geben Sie einen Text ein.']]]);
  });
});
