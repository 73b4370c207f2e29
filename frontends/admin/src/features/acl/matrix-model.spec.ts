import type { AclMatrix } from '@mediport/contracts';
import { DEFAULT_MATRIX } from '@mediport/permissions';
import { applyToggle, cellState, changedColumns, togglesFor, writeCell } from './matrix-model';

const base = (): AclMatrix => JSON.parse(JSON.stringify(DEFAULT_MATRIX)) as AclMatrix;

describe('cellState', () => {
  it.each([
    ['ROLE_HOME', 'task_list_view', { access: true, own: true, manager: false, contract: false }],
    ['ROLE_HOME', 'task_create_view', { access: true, own: true, manager: false, contract: true }],
    ['ROLE_HOME', 'task_action_template_view', { access: true, own: false, manager: false, contract: true }],
    ['ROLE_HOME', 'home_edit_view', { access: true, own: true, manager: true, contract: false }],
    ['ROLE_PHARMA', 'settings_list', { access: true, own: false, manager: true, contract: false }],
    ['ROLE_PHARMA', 'task_list_view', { access: true, own: false, manager: false, contract: false }],
    ['ROLE_DRIVER', 'settings_list', { access: false, own: false, manager: false, contract: false }],
  ] as const)('%s %s', (role, name, expected) => {
    expect(cellState(base()[role], name)).toEqual(expected);
  });
});

describe('applyToggle encodes each flag', () => {
  it.each([
    { title: 'access on', role: 'ROLE_DRIVER', name: 'medicine_list_view', toggle: 'access', on: true, permissions: ['medicine_list_view'], manager: [] },
    { title: 'own on', role: 'ROLE_DRIVER', name: 'patient_list_view', toggle: 'own', on: true, permissions: ['patient_list_view_own'], manager: [] },
    { title: 'manager on', role: 'ROLE_DRIVER', name: 'medicine_list_view', toggle: 'manager', on: true, permissions: [], manager: ['medicine_list_view'] },
    { title: 'contract on', role: 'ROLE_DOCTOR', name: 'task_action_edit_view', toggle: 'contract', on: true, permissions: ['task_action_edit_view_required_contract'], manager: [] },
  ] as const)('$title', ({ role, name, toggle, on, permissions, manager }) => {
    const next = applyToggle(base(), role, name, toggle, on);
    const mine = (l: string[]) => l.filter((e) => e.startsWith(name));
    expect(mine(next[role].permissions)).toEqual(permissions);
    expect(mine(next[role].manager)).toEqual(manager);
  });

  it('combines own, manager and contract as name_own_required_contract in the manager list', () => {
    let m = applyToggle(base(), 'ROLE_HOME', 'task_create_view', 'manager', true);
    expect(m.ROLE_HOME.manager).toContain('task_create_view_own_required_contract');
    expect(m.ROLE_HOME.permissions.some((e) => e.startsWith('task_create_view'))).toBe(false);
    m = applyToggle(m, 'ROLE_HOME', 'task_create_view', 'own', false);
    expect(m.ROLE_HOME.manager).toContain('task_create_view_required_contract');
    m = applyToggle(m, 'ROLE_HOME', 'task_create_view', 'contract', false);
    m = applyToggle(m, 'ROLE_HOME', 'task_create_view', 'manager', false);
    expect(m.ROLE_HOME.permissions).toContain('task_create_view');
  });

  it('access off removes the entry and its flags; other entries stay', () => {
    const before = base();
    const next = applyToggle(before, 'ROLE_HOME', 'home_edit_view', 'access', false);
    expect(cellState(next.ROLE_HOME, 'home_edit_view').access).toBe(false);
    expect(next.ROLE_HOME.manager).toHaveLength(before.ROLE_HOME.manager.length - 1);
    expect(next.ROLE_HOME.permissions).toEqual([...before.ROLE_HOME.permissions].sort());
  });

  it('does not confuse names that share a prefix', () => {
    const next = applyToggle(base(), 'ROLE_PHARMA', 'task_create_view', 'access', false);
    expect(next.ROLE_PHARMA.permissions).toContain('task_create_recipe_requirement');
  });
});

describe('togglesFor', () => {
  const item = { hasOnlyOwn: true, canRequireContract: true };
  it.each([
    ['ROLE_ADMIN', ['access', 'own']],
    ['ROLE_HOME', ['access', 'own', 'manager', 'contract']],
    ['ROLE_DOCTOR', ['access', 'own', 'manager', 'contract']],
    ['ROLE_PHARMA', ['access', 'own', 'manager']],
    ['ROLE_DRIVER', ['access', 'own', 'manager']],
    ['ROLE_ACCOUNTING', ['access', 'own', 'manager']],
  ] as const)('%s', (role, toggles) => {
    expect(togglesFor(role, item)).toEqual(toggles);
  });
  it('offers own and contract only where the catalogue allows them', () => {
    expect(togglesFor('ROLE_HOME', {})).toEqual(['access', 'manager']);
  });
});

describe('changedColumns', () => {
  it('sends only the changed role columns', () => {
    const saved = base();
    const edited = applyToggle(saved, 'ROLE_HOME', 'medicine_list_view', 'access', false);
    expect(Object.keys(changedColumns(saved, edited))).toEqual(['ROLE_HOME']);
    expect(changedColumns(saved, writeCell(saved.ROLE_HOME, 'x', { access: false, own: false, manager: false, contract: false }) && saved)).toEqual({});
  });
});
