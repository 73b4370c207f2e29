import { AppError } from '../errors/app-error.js';
import {
  defineListQuery,
  flagFilter,
  LIST_LIMIT_MAX,
  LIST_QUERY_MESSAGE,
  listFilter,
  ListQueryPipe,
  oneOfFilter,
  parseListQuery,
  textFilter,
  uuidFilter,
} from './list-query.js';

const COLOURS = ['red', 'blue'] as const;
const isColour = (v: string): v is (typeof COLOURS)[number] => (COLOURS as readonly string[]).includes(v);
const ID = '0b6c4f6e-2f5d-4c47-9d1e-1f0a2b3c4d5e';

const SPEC = defineListQuery({
  defaultLimit: 10,
  sortFields: ['name', 'date'] as const,
  defaultSort: '-date',
  filters: {
    text: textFilter({ maxLength: 5 }),
    disabled: flagFilter,
    colours: listFilter(isColour),
    home: uuidFilter,
    status: oneOfFilter(['removed', 'all'] as const),
  },
});

function errorsOf(query: unknown, spec = SPEC) {
  try {
    parseListQuery(query, spec);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).errors;
  }
  throw new Error('expected a 400');
}

describe('parseListQuery', () => {
  it('falls back to the defaults', () => {
    for (const query of [{}, undefined, { offset: '', limit: '' }]) {
      expect(parseListQuery(query, SPEC)).toEqual({
        offset: 0,
        limit: 10,
        sort: { field: 'date', desc: true },
        filter: { text: undefined, disabled: undefined, colours: undefined, home: undefined, status: undefined },
      });
    }
  });

  it('reads offset, limit and sort', () => {
    expect(parseListQuery({ offset: '20', limit: '5', sort: 'name' }, SPEC)).toMatchObject({ offset: 20, limit: 5, sort: { field: 'name', desc: false } });
    expect(parseListQuery({ sort: '-name' }, SPEC).sort).toEqual({ field: 'name', desc: true });
  });

  it.each([
    { title: '-1', limit: '-1', expected: LIST_LIMIT_MAX },
    { title: '99999', limit: '99999', expected: 99_999 },
    { title: '999999', limit: '999999', expected: LIST_LIMIT_MAX },
    { title: '0', limit: '0', expected: 0 },
  ])('caps limit=$title', ({ limit, expected }) => {
    expect(parseListQuery({ limit }, SPEC).limit).toBe(expected);
  });

  it('reads filter[...] both as flat bracket keys and as a nested object', () => {
    const expected = { text: 'abc', disabled: true, colours: ['red', 'blue'], home: ID, status: 'all' };
    const flat = { 'filter[text]': ' abc ', 'filter[disabled]': '1', 'filter[colours]': 'red, blue', 'filter[home]': ID, 'filter[status]': 'all' };
    const nested = { filter: { text: ' abc ', disabled: 'true', colours: ['red', 'blue'], home: ID, status: 'all' } };
    expect(parseListQuery(flat, SPEC).filter).toEqual(expected);
    expect(parseListQuery(nested, SPEC).filter).toEqual(expected);
    expect(parseListQuery({ 'filter[colours][]': ['red', 'blue'] }, SPEC).filter.colours).toEqual(['red', 'blue']);
  });

  it('treats blank filters as absent and reads 0/false as false', () => {
    expect(parseListQuery({ 'filter[text]': '   ', 'filter[colours]': ',', 'filter[disabled]': '0' }, SPEC).filter).toMatchObject({
      text: undefined,
      colours: undefined,
      disabled: false,
    });
    expect(parseListQuery({ 'filter[disabled]': 'false' }, SPEC).filter.disabled).toBe(false);
  });

  it('ignores unknown parameters and filters', () => {
    expect(parseListQuery({ foo: 'x', 'filter[password]': 'x', filter: 'x' }, SPEC).filter.text).toBeUndefined();
  });

  it.each([
    { title: 'negative offset', query: { offset: '-1' }, path: 'offset' },
    { title: 'offset not a number', query: { offset: '1e3' }, path: 'offset' },
    { title: 'repeated offset', query: { offset: ['1', '2'] }, path: 'offset' },
    { title: 'limit below -1', query: { limit: '-2' }, path: 'limit' },
    { title: 'limit not a number', query: { limit: 'viele' }, path: 'limit' },
    { title: 'unknown sort', query: { sort: 'password' }, path: 'sort' },
    { title: 'empty sort', query: { sort: '' }, path: 'sort' },
    { title: 'double minus sort', query: { sort: '--name' }, path: 'sort' },
    { title: 'text too long', query: { 'filter[text]': 'abcdef' }, path: 'filter[text]' },
    { title: 'text repeated', query: { filter: { text: ['a', 'b'] } }, path: 'filter[text]' },
    { title: 'flag not 0/1', query: { 'filter[disabled]': 'vielleicht' }, path: 'filter[disabled]' },
    { title: 'unknown list item', query: { 'filter[colours]': 'red,green' }, path: 'filter[colours]' },
    { title: 'malformed uuid', query: { filter: { home: 'abc' } }, path: 'filter[home]' },
    { title: 'value not allowed', query: { 'filter[status]': 'deleted' }, path: 'filter[status]' },
  ])('rejects $title with 400 and its path', ({ query, path }) => {
    expect(errorsOf(query)).toEqual([{ path, code: 'invalid', message: LIST_QUERY_MESSAGE }]);
  });

  it('reports every bad parameter, with the messages a module chose', () => {
    const spec = { ...SPEC, messages: { page: 'page', sort: 'sort' } };
    expect(errorsOf({ offset: '-1', limit: 'x', sort: 'x', 'filter[home]': 'x' }, spec)).toEqual([
      { path: 'offset', code: 'invalid', message: 'page' },
      { path: 'limit', code: 'invalid', message: 'page' },
      { path: 'sort', code: 'invalid', message: 'sort' },
      { path: 'filter[home]', code: 'invalid', message: LIST_QUERY_MESSAGE },
    ]);
  });
});

describe('ListQueryPipe', () => {
  it('parses the raw query with its spec', () => {
    expect(new ListQueryPipe(SPEC).transform({ limit: '-1', 'filter[disabled]': '1' })).toMatchObject({ limit: LIST_LIMIT_MAX, filter: { disabled: true } });
  });
});
