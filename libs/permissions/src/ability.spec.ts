import { DEFAULT_MATRIX } from './default-matrix';
import { buildAbility, effectivePermissions, grantOf } from './ability';
import { PERMISSION_NAMES } from './catalogue';
import { validateMatrix } from './matrix';

describe('effectivePermissions', () => {
  it('gives the admin every permission', () => {
    const perms = effectivePermissions(DEFAULT_MATRIX, { roles: ['ROLE_ADMIN'], hasContract: false });
    expect(perms).toEqual([...PERMISSION_NAMES].sort());
  });

  it('adds manager lists only with ROLE_MANAGER', () => {
    const pharma = effectivePermissions(DEFAULT_MATRIX, { roles: ['ROLE_PHARMA'], hasContract: false });
    const manager = effectivePermissions(DEFAULT_MATRIX, { roles: ['ROLE_PHARMA', 'ROLE_MANAGER'], hasContract: false });
    expect(pharma).not.toContain('settings_list');
    expect(manager).toContain('settings_list');
  });

  it('locks contract permissions until a contract exists', () => {
    const locked = effectivePermissions(DEFAULT_MATRIX, { roles: ['ROLE_DOCTOR'], hasContract: false });
    expect(locked).toContain('task_create_view_own_required_contract');
    expect(grantOf(locked, 'task_create_view')).toBe('locked');
    const open = effectivePermissions(DEFAULT_MATRIX, { roles: ['ROLE_DOCTOR'], hasContract: true });
    expect(grantOf(open, 'task_create_view')).toBe('own');
  });

  it('a full grant of one role beats an own grant of another', () => {
    const perms = effectivePermissions(DEFAULT_MATRIX, { roles: ['ROLE_HOME', 'ROLE_PHARMA'], hasContract: false });
    expect(grantOf(perms, 'patient_list_view')).toBe('all');
    expect(grantOf(perms, 'task_create_view')).toBe('all');
  });
});

describe('buildAbility', () => {
  it('narrows own grants to the user home', () => {
    const ability = buildAbility(['patient_list_view_own'], { home: 'h1' });
    expect(ability.can('patient_list_view', 'all')).toBe(true);
    expect(ability.can('patient_list_view', { home: 'h1' })).toBe(true);
    expect(ability.can('patient_list_view', { home: 'h2' })).toBe(false);
  });
  it('grants only the locked action for contract-bound entries', () => {
    const ability = buildAbility(['task_create_view_own_required_contract'], { doctor: 'd1' });
    expect(ability.can('task_create_view', 'all')).toBe(false);
    expect(ability.can('task_create_view_required_contract', 'all')).toBe(true);
  });
});

describe('validateMatrix', () => {
  it('accepts the default matrix', () => {
    expect(validateMatrix(DEFAULT_MATRIX)).toEqual([]);
  });
  it('rejects unknown names, contract flags outside Heim/Arzt and admin manager lists', () => {
    const problems = validateMatrix({
      ROLE_PHARMA: { permissions: ['nope', 'task_create_view_required_contract'], manager: [] },
      ROLE_ADMIN: { permissions: [], manager: ['dashboard_view'] },
    });
    expect(problems.map((p) => p.path)).toEqual(['acl.ROLE_PHARMA.permissions.0', 'acl.ROLE_PHARMA.permissions.1', 'acl.ROLE_ADMIN.manager']);
  });
});
