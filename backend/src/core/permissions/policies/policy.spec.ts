import { AuthContext } from '../../auth/auth-context.js';
import { users } from '../../../db/schema/index.js';
import { cond, type Condition, FALSE, TRUE } from './condition.js';
import { definePolicy, type Scope } from './policy.js';
import { taskPolicy } from './task.policy.js';

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

describe('scopes: the live audience of a record is exactly whom the rule admits', () => {
  type Row = { id: string; home: string | null; doctor: string | null; status: string };
  const caller = (roles: string[], permissions: string[], place: { homeId?: string; doctorId?: string } = {}) =>
    new AuthContext('s', 't', { id: 'u', username: 'u', roles: roles as never, homeId: place.homeId ?? null, doctorId: place.doctorId ?? null, oncePassword: false }, permissions, true, null);
  const onTheRoad = cond.in('status', ['pickup', 'delivery']);
  const orders: Scope = { permission: 'task_list_view', all: TRUE, own: { home: 'home', doctor: 'doctor' } };
  const pickups: Scope = { permission: 'pickup_list_view', all: onTheRoad, own: { where: onTheRoad } };
  const define = (read: Scope[]) =>
    definePolicy<'content', Row>({ subject: 'Task', columns: { id: users.id }, scopes: { read, content: [orders] }, rule: () => FALSE });

  const callers = {
    pharmacy: caller(['ROLE_PHARMA'], ['task_list_view']),
    home: caller(['ROLE_HOME'], ['task_list_view_own'], { homeId: 'h1' }),
    doctor: caller(['ROLE_DOCTOR'], ['task_list_view_own'], { doctorId: 'd1' }),
    driver: caller(['ROLE_DRIVER'], ['pickup_list_view']),
    homeAndDriver: caller(['ROLE_HOME', 'ROLE_DRIVER'], ['task_list_view_own', 'pickup_list_view'], { homeId: 'h2' }),
    nobody: caller(['ROLE_ACCOUNTING'], []),
  };
  const records: Row[] = ['new', 'pickup', 'delivery', 'finished'].flatMap((status) => [
    { id: `a-${status}`, home: 'h1', doctor: 'd1', status },
    { id: `b-${status}`, home: 'h2', doctor: null, status },
    { id: `c-${status}`, home: null, doctor: 'd2', status },
  ]);
  const receives = (policy: ReturnType<typeof define>, auth: AuthContext, record: Row, action: 'read' | 'content') => {
    const rooms = new Set(policy.rooms(auth));
    return policy.audience(record, action).some((room) => rooms.has(room));
  };

  it.each(['read', 'content'] as const)('%s: a socket is in the audience of a record exactly when the policy lets its user see it', (action) => {
    const policy = define([orders, pickups]);
    for (const [name, auth] of Object.entries(callers)) {
      for (const record of records) {
        expect({ name, record: record.id, receives: receives(policy, auth, record, action) }).toEqual({ name, record: record.id, receives: policy.can(auth, action, record) });
      }
    }
  });

  it.each(['read', 'content'] as const)('the Task policy itself, %s: audience and rule agree for every caller and record', (action) => {
    for (const [name, auth] of Object.entries(callers)) {
      for (const record of records) {
        const subject = { ...record, type: '1' };
        const rooms = new Set(taskPolicy.rooms(auth));
        const hears = taskPolicy.audience(subject, action).some((room) => rooms.has(room));
        expect({ name, record: record.id, hears }).toEqual({ name, record: record.id, hears: taskPolicy.can(auth, action, subject) });
      }
    }
  });

  it('changing the read rule changes who receives: without the pickup scope the driver hears of no task', () => {
    const record = { id: 't', home: 'h1', doctor: 'd1', status: 'pickup' };
    expect(receives(define([orders, pickups]), callers.driver, record, 'read')).toBe(true);
    expect(receives(define([orders]), callers.driver, record, 'read')).toBe(false);
    expect(receives(define([orders]), callers.home, record, 'read')).toBe(true);
  });

  it("a home user who is also a driver hears of another home's task on the road, never of its chat", () => {
    const policy = define([orders, pickups]);
    const record = { id: 't', home: 'h1', doctor: 'd1', status: 'delivery' };
    expect(receives(policy, callers.homeAndDriver, record, 'read')).toBe(true);
    expect(receives(policy, callers.homeAndDriver, record, 'content')).toBe(false);
    expect(receives(policy, callers.homeAndDriver, { ...record, home: 'h2' }, 'content')).toBe(true);
  });
});
