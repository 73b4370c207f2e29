import { AuthContext } from '../../auth/auth-context.js';
import { users } from '../../../db/schema/index.js';
import { cond, type Condition, FALSE, TRUE } from './condition.js';
import { definePolicy } from './policy.js';

const auth = (homeId: string | null, permissions: string[]) =>
  new AuthContext('s', 't', { id: 'u', username: 'u', roles: ['ROLE_HOME'], homeId, doctorId: null, oncePassword: false }, permissions, true, null);

describe('definePolicy: one condition per caller and action', () => {
  const built: string[] = [];
  const policy = definePolicy<'update', { id: string; home: string | null }>({
    subject: 'Thing',
    columns: { id: users.id, home: users.homeId },
    rule: (a, action): Condition => {
      built.push(`${a.user.homeId}:${action}`);
      if (!a.can('user_list_view')) return FALSE;
      return action === 'read' ? TRUE : cond.eq('home', a.user.homeId);
    },
  });

  beforeEach(() => {
    built.length = 0;
  });

  it('builds a rule once per caller and action, however many records it checks', () => {
    const caller = auth('h1', ['user_list_view']);
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: `r${i}`, home: i % 2 ? 'h1' : 'h2' }));
    const flags = rows.map((r) => [policy.can(caller, 'read', r), policy.can(caller, 'update', r)]);
    expect(flags.filter(([, update]) => update)).toHaveLength(12);
    expect(flags.every(([read]) => read)).toBe(true);
    expect(built).toEqual(['h1:read', 'h1:update']);
  });

  it('never answers one caller with the rule of another (each request has its own context)', () => {
    const row = { id: 'r', home: 'h1' };
    expect(policy.can(auth('h1', ['user_list_view']), 'update', row)).toBe(true);
    expect(policy.can(auth('h2', ['user_list_view']), 'update', row)).toBe(false);
    expect(policy.can(auth('h1', []), 'read', row)).toBe(false);
    expect(() => policy.assert(auth('h1', []), 'update', row)).toThrow();
    expect(policy.where(auth('h1', []), 'read')).toBeDefined();
    expect(built).toHaveLength(5);
  });
});
