import { PgDialect } from 'drizzle-orm/pg-core';
import { users } from '../../../db/schema/index.js';
import { cond, FALSE, matches, toSql, TRUE } from './condition.js';

const dialect = new PgDialect();
const columns = { id: users.id, home: users.homeId, roles: users.roles, status: users.status };
const render = (c: Parameters<typeof toSql>[0]) => {
  const where = toSql(c, columns);
  return where ? dialect.sqlToQuery(where) : undefined;
};

describe('cond builders', () => {
  it('simplify: true and false absorb, a missing owner owns nothing', () => {
    expect(cond.and(TRUE, TRUE)).toEqual(TRUE);
    expect(cond.and(TRUE, FALSE, cond.eq('home', 'h'))).toEqual(FALSE);
    expect(cond.or(FALSE, TRUE)).toEqual(TRUE);
    expect(cond.or(FALSE, FALSE)).toEqual(FALSE);
    expect(cond.eq('home', null)).toEqual(FALSE);
    expect(cond.not(TRUE)).toEqual(FALSE);
  });
});

describe('toSql and matches read the same condition the same way', () => {
  const rules = {
    all: TRUE,
    none: FALSE,
    ownHome: cond.eq('home', 'h1'),
    notAdmin: cond.not(cond.has('roles', 'ROLE_ADMIN')),
    ownHomeNotRemoved: cond.and(cond.eq('home', 'h1'), cond.not(cond.eq('status', 'removed'))),
    eitherDriverOrHome: cond.or(cond.has('roles', 'ROLE_DRIVER'), cond.eq('home', 'h1')),
    oneOf: cond.in('id', ['a', 'b']),
  };
  const records = [
    { id: 'a', home: 'h1', roles: ['ROLE_HOME'], status: '' },
    { id: 'b', home: null, roles: ['ROLE_ADMIN'], status: 'removed' },
    { id: 'c', home: 'h2', roles: ['ROLE_DRIVER'], status: '' },
  ];

  it('gives no WHERE clause for an unrestricted rule and a false one for none', () => {
    expect(render(rules.all)).toBeUndefined();
    expect(render(rules.none)!.sql).toBe('false');
  });

  it('binds values as parameters, never as SQL text', () => {
    const q = render(cond.eq('home', "x' or '1'='1"))!;
    expect(q.sql).toBe('"users"."home_id" = $1');
    expect(q.params).toEqual(["x' or '1'='1"]);
  });

  it('treats a null column under "not" as not matching the inner rule (SQL "is not true")', () => {
    expect(render(cond.not(cond.eq('home', 'h1')))!.sql).toContain('is not true');
    expect(matches(cond.not(cond.eq('home', 'h1')), records[1]!)).toBe(true);
  });

  it.each(Object.entries(rules))('evaluates %s on records as expected', (_name, rule) => {
    const results = records.map((r) => matches(rule, r));
    expect(results).toHaveLength(3);
    // Spot checks of the semantics the SQL compiles to.
    if (rule === rules.ownHome) expect(results).toEqual([true, false, false]);
    if (rule === rules.notAdmin) expect(results).toEqual([true, false, true]);
    if (rule === rules.ownHomeNotRemoved) expect(results).toEqual([true, false, false]);
    if (rule === rules.eitherDriverOrHome) expect(results).toEqual([true, false, true]);
    if (rule === rules.oneOf) expect(results).toEqual([true, true, false]);
  });
});
