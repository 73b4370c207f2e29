import { defaultRolesFor, grantableRoles } from '@mediport/contracts';
import { DEFAULT_MATRIX, effectivePermissions, hasPermission } from '@mediport/permissions';
import { USER_MESSAGES } from '@mediport/validation';
import { changeHome, formErrors, homeGroupsOf, newUserValues, nextChargeable, toggleRole, toRequest } from './user-form-model';

const can = (roles: string[]) => {
  const permissions = effectivePermissions(DEFAULT_MATRIX, { roles, hasContract: true });
  return (p: string) => hasPermission(permissions, p);
};

describe('role choices: which roles a caller may grant and starts with', () => {
  it.each([
    { caller: ['ROLE_ADMIN'], grantable: ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_HOME', 'ROLE_PHARMA', 'ROLE_DOCTOR', 'ROLE_DRIVER', 'ROLE_ACCOUNTING'], defaults: [] },
    { caller: ['ROLE_PHARMA', 'ROLE_MANAGER'], grantable: ['ROLE_MANAGER', 'ROLE_HOME', 'ROLE_PHARMA', 'ROLE_DOCTOR', 'ROLE_DRIVER', 'ROLE_ACCOUNTING'], defaults: ['ROLE_PHARMA'] },
    { caller: ['ROLE_HOME', 'ROLE_MANAGER'], grantable: ['ROLE_HOME'], defaults: ['ROLE_HOME'] },
  ])('$caller may grant $grantable, defaults $defaults', ({ caller, grantable, defaults }) => {
    expect(grantableRoles(caller, can(caller))).toEqual(grantable);
    expect(defaultRolesFor(caller)).toEqual(defaults);
  });
});

describe('form values', () => {
  it('starts a home manager’s new user in the own home; the newer form defaults to Herr', () => {
    const v = newUserValues('v3', { roles: ['ROLE_HOME', 'ROLE_MANAGER'], home: 'h1', doctor: null });
    expect(v).toMatchObject({ roles: ['ROLE_HOME'], home: 'h1', salutation: 'mr' });
    expect(newUserValues('legacy', { roles: ['ROLE_ADMIN'], home: null, doctor: null }).salutation).toBe('');
  });

  it('auto-selects a single home and clears it with the role', () => {
    const base = newUserValues('legacy', { roles: ['ROLE_ADMIN'], home: null, doctor: null });
    const withHome = toggleRole(base, 'ROLE_HOME', true, [{ _id: 'h1', name: 'Haus' }]);
    expect(withHome.home).toBe('h1');
    expect(toggleRole(withHome, 'ROLE_HOME', false).home).toBe('');
    expect(toggleRole(base, 'ROLE_HOME', true, [{ _id: 'h1', name: 'A' }, { _id: 'h2', name: 'B' }]).home).toBe('');
  });

  it('keeps living areas with their home only: cleared with the Heim role or another home', () => {
    const base = { ...newUserValues('legacy', { roles: ['ROLE_HOME', 'ROLE_MANAGER'], home: 'h1', doctor: null }), homeGroup: ['g1'] };
    expect(changeHome(base, 'h1').homeGroup).toEqual(['g1']);
    expect(changeHome(base, 'h2')).toMatchObject({ home: 'h2', homeGroup: [] });
    expect(toggleRole(base, 'ROLE_HOME', false)).toMatchObject({ home: '', homeGroup: [] });
    expect(toRequest(base, { mode: 'create', variant: 'legacy', passwordEnabled: true }).homeGroup).toEqual(['g1']);
    expect(toRequest({ ...base, roles: ['ROLE_DRIVER'] }, { mode: 'create', variant: 'legacy', passwordEnabled: true }).homeGroup).toEqual([]);
    const groups = [{ _id: 'g1', name: 'A', home: 'h1' }, { _id: 'g2', name: 'N', home: 'h2' }];
    expect(homeGroupsOf(groups, 'h2').map((g) => g._id)).toEqual(['g2']);
    expect(homeGroupsOf(groups, '')).toEqual([]);
  });

  it('derives chargeable from the contract checks', () => {
    expect(nextChargeable(0, [true])).toBe(0);
    expect(nextChargeable(0, [false])).toBe(1);
    expect(nextChargeable(2, [false])).toBe(2);
    expect(nextChargeable(2, [true, true])).toBe(0);
  });

  it('ignores the password on edit until it is unlocked, and marks newer-form saves as "new"', () => {
    const v = { ...newUserValues('v3', { roles: ['ROLE_ADMIN'], home: null, doctor: null }), username: 'a.b', roles: ['ROLE_DRIVER' as const], password: 'x' };
    expect(formErrors(v, { mode: 'edit', passwordEnabled: false })).toEqual({});
    expect(formErrors(v, { mode: 'edit', passwordEnabled: true }).password).toBeDefined();
    expect(toRequest(v, { mode: 'edit', variant: 'v3', passwordEnabled: false })).toMatchObject({ status: 'new' });
    expect(toRequest(v, { mode: 'edit', variant: 'v3', passwordEnabled: false })).not.toHaveProperty('password');
    expect(toRequest(v, { mode: 'edit', variant: 'legacy', passwordEnabled: false, reactivate: true }).status).toBe('');
  });
});

describe('username rule', () => {
  const base = { ...newUserValues('v3', { roles: ['ROLE_ADMIN'], home: null, doctor: null }), roles: ['ROLE_DRIVER' as const] };

  it('shows the rule’s message for a new or changed username', () => {
    expect(formErrors({ ...base, username: '<b>x</b> ñ' }, { mode: 'create', passwordEnabled: false }).username).toBe(USER_MESSAGES.usernameCharacters);
    expect(formErrors({ ...base, username: 'a'.repeat(101) }, { mode: 'create', passwordEnabled: false }).username).toBe(USER_MESSAGES.usernameTooLong);
    expect(formErrors({ ...base, username: 'alt name 2' }, { mode: 'edit', passwordEnabled: false, currentUsername: 'alt name' }).username).toBe(
      USER_MESSAGES.usernameCharacters,
    );
    expect(formErrors({ ...base, username: 'anna.mueller_2-b' }, { mode: 'create', passwordEnabled: false }).username).toBeUndefined();
  });

  it('leaves an unchanged old username alone and out of the request', () => {
    const legacy = { ...base, username: 'alt name' };
    expect(formErrors(legacy, { mode: 'edit', passwordEnabled: false, currentUsername: 'alt name' })).toEqual({});
    expect(toRequest(legacy, { mode: 'edit', variant: 'legacy', passwordEnabled: false, currentUsername: 'alt name' })).not.toHaveProperty('username');
    expect(toRequest({ ...legacy, username: ' alt.name ' }, { mode: 'edit', variant: 'legacy', passwordEnabled: false, currentUsername: 'alt name' }).username).toBe('alt.name');
    expect(toRequest({ ...base, username: 'neu' }, { mode: 'create', variant: 'legacy', passwordEnabled: false }).username).toBe('neu');
  });
});
