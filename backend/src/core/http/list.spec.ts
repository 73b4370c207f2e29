import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { patients } from '../../db/schema/index.js';
import { escapeLike, type ListSource, listOrder, listWhere, qualified, searchCondition } from './list.js';

const dialect = new PgDialect();
const render = (q: ReturnType<typeof sql> | undefined) => (q ? dialect.sqlToQuery(q) : undefined);

const SOURCE: ListSource<'lastname' | 'dateOfBirth'> = {
  table: patients,
  id: patients.id,
  sort: { lastname: sql`lower(${patients.lastname})`, dateOfBirth: (desc) => [sql`${patients.dateOfBirth} ${sql.raw(desc ? 'desc' : 'asc')} nulls last`] },
  search: sql`search_text(${patients.firstname}, ${patients.lastname})`,
  searchShort: sql`(${patients.firstname} || ' ' || ${patients.lastname})`,
  deactivatedAt: patients.deactivatedAt,
};

const query = (filter: Record<string, unknown> = {}, sort: { field: 'lastname' | 'dateOfBirth'; desc: boolean } = { field: 'lastname', desc: false }) => ({
  offset: 0,
  limit: 25,
  sort,
  filter,
});

describe('escapeLike', () => {
  it('makes %, _ and \\ literal', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('searchCondition', () => {
  it('needs every word somewhere (words), the whole text (phrase), nothing for blank text', () => {
    expect(render(searchCondition(patients.lastname, '  Anna   Ber '))).toMatchObject({ params: ['%Anna%', '%Ber%'] });
    expect(render(searchCondition(patients.lastname, 'Anna Ber', 'phrase'))).toMatchObject({ params: ['%Anna Ber%'] });
    expect(searchCondition(patients.lastname, '   ')).toBeUndefined();
  });

  it('tests words shorter than 3 characters on the cheap expression (no trigram can serve them)', () => {
    const q = render(listWhere(SOURCE, { query: query({ text: 'Mü Schmidt', deactivated: 'all' }), scope: undefined }))!;
    expect(q.sql).toContain(`("patients"."firstname" || ' ' || "patients"."lastname") ilike $1`);
    expect(q.sql).toContain(`search_text("patients"."firstname", "patients"."lastname") ilike $2`);
    expect(q.params).toEqual(['%Mü%', '%Schmidt%']);
  });
});

describe('listWhere', () => {
  it('shows active records unless filter[deactivated] asks for more', () => {
    expect(render(listWhere(SOURCE, { query: query(), scope: undefined }))!.sql).toContain('"deactivated_at" is null');
    expect(render(listWhere(SOURCE, { query: query({ deactivated: '1' }), scope: undefined }))!.sql).toContain('"deactivated_at" is not null');
    expect(listWhere(SOURCE, { query: query({ deactivated: 'all' }), scope: undefined })).toBeUndefined();
  });

  it('reads single records by id in any state, within the scope', () => {
    const q = render(listWhere(SOURCE, { query: query(), scope: sql`scope()`, ids: ['a'] }))!;
    expect(q.sql).not.toContain('deactivated_at');
    expect(q.sql).toContain('scope()');
    expect(q.params).toEqual(['a']);
  });

  it('refuses filter[notSeen] without a viewer', () => {
    expect(() => listWhere({ ...SOURCE, seen: { kind: 'patient', id: patients.id, createdAt: patients.createdAt } }, { query: query({ notSeen: true }), scope: undefined })).toThrow();
  });
});

describe('listOrder', () => {
  it('sorts by the key, then the tie-breaks, then the id', () => {
    const parts = listOrder(SOURCE, { field: 'lastname', desc: true }).map((p) => dialect.sqlToQuery(p).sql);
    expect(parts).toEqual(['lower("patients"."lastname") desc', '"patients"."id" asc']);
    expect(listOrder(SOURCE, { field: 'dateOfBirth', desc: true }).map((p) => dialect.sqlToQuery(p).sql)[0]).toBe('"patients"."date_of_birth" desc nulls last');
  });
});

describe('qualified', () => {
  it('always names the table, also where Drizzle would not (single-table queries)', () => {
    expect(dialect.sqlToQuery(qualified(patients.homeId)).sql).toBe('"patients"."home_id"');
  });
});
