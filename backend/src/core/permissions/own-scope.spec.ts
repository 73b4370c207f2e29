import { PgDialect } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/index.js';
import { AuthContext } from '../auth/auth-context.js';
import { ownScope, ownsRecord } from './own-scope.js';

const dialect = new PgDialect();
const HOME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function caller(permissions: string[], home: string | null = HOME): AuthContext {
  return new AuthContext('s', 't', { id: 'u', username: 'u', roles: ['ROLE_HOME'], homeId: home, doctorId: null, oncePassword: false }, permissions, true, null);
}

describe('ownScope', () => {
  it('adds no condition for a full grant', () => {
    expect(ownScope(caller(['user_list_view']), 'user_list_view', { home: users.homeId })).toBeUndefined();
  });

  it('narrows an _own grant to the own home', () => {
    const where = ownScope(caller(['user_list_view_own']), 'user_list_view', { home: users.homeId, doctor: users.doctorId })!;
    const query = dialect.sqlToQuery(where);
    expect(query.sql).toContain('"users"."home_id" = $1');
    expect(query.params).toEqual([HOME]);
  });

  it.each([
    { title: 'no grant at all', permissions: [], home: HOME },
    { title: 'a contract-locked grant', permissions: ['user_list_view_own_required_contract'], home: HOME },
    { title: 'an _own grant without a home', permissions: ['user_list_view_own'], home: null },
  ])('matches nothing for $title', ({ permissions, home }) => {
    expect(dialect.sqlToQuery(ownScope(caller(permissions, home), 'user_list_view', { home: users.homeId })!).sql).toBe('false');
  });
});

describe('ownsRecord', () => {
  it.each([
    { title: 'full grant, other home', permissions: ['user-edit-btn'], home: OTHER, expected: true },
    { title: '_own grant, own home', permissions: ['user-edit-btn_own'], home: HOME, expected: true },
    { title: '_own grant, other home', permissions: ['user-edit-btn_own'], home: OTHER, expected: false },
    { title: 'no grant', permissions: [], home: HOME, expected: false },
  ])('$title → $expected', ({ permissions, home, expected }) => {
    expect(ownsRecord(caller(permissions), 'user-edit-btn', { home })).toBe(expected);
  });
});
