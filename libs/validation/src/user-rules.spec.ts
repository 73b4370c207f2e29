import { USER_MESSAGES, validateUserForm } from './user-rules';
import { validateMeeting, validateSettings } from './form-rules';

describe('validateUserForm', () => {
  it.each([
    { title: 'username required', input: { roles: ['ROLE_PHARMA'], password: 'abCD12!?efGH', password_confirm: 'abCD12!?efGH' }, path: 'username', message: USER_MESSAGES.usernameRequired },
    { title: 'a role required', input: { username: 'a', roles: [], password: 'abCD12!?efGH', password_confirm: 'abCD12!?efGH' }, path: 'roles', message: USER_MESSAGES.rolesRequired },
    { title: 'doctor for Arzt', input: { username: 'a', roles: ['ROLE_DOCTOR'], password: 'abCD12!?efGH', password_confirm: 'abCD12!?efGH' }, path: 'doctor', message: USER_MESSAGES.doctorRequired },
    { title: 'home for Heim', input: { username: 'a', roles: ['ROLE_HOME'], password: 'abCD12!?efGH', password_confirm: 'abCD12!?efGH' }, path: 'home', message: USER_MESSAGES.homeRequired },
    { title: 'chargeable acknowledged', input: { username: 'a', roles: ['ROLE_PHARMA'], chargeable: 1, password: 'abCD12!?efGH', password_confirm: 'abCD12!?efGH' }, path: 'chargeable', message: USER_MESSAGES.chargeable },
    { title: 'password on create', input: { username: 'a', roles: ['ROLE_PHARMA'] }, path: 'password', message: 'Bitte vergeben Sie ein Passwort.' },
    { title: 'one-time min 5', input: { username: 'a', roles: ['ROLE_PHARMA'], once_password: true, password: 'abc', password_confirm: 'abc' }, path: 'password', message: 'Weniger als 5 Zeichen!' },
  ])('$title', ({ input, path, message }) => {
    expect(validateUserForm(input, { mode: 'create' })).toContainEqual({ path, message });
  });

  it('needs an e-mail on the chosen doctor', () => {
    const errors = validateUserForm({ username: 'a', roles: ['ROLE_DOCTOR'], doctor: 'd1' }, { mode: 'edit', doctorEmail: '' });
    expect(errors).toEqual([{ path: 'doctor', message: USER_MESSAGES.doctorNeedsEmail }]);
  });

  it('accepts a one-time password of 5 characters and no password on edit', () => {
    expect(validateUserForm({ username: 'a', roles: ['ROLE_PHARMA'], once_password: true, password: 'abcde', password_confirm: 'abcde' }, { mode: 'create' })).toEqual([]);
    expect(validateUserForm({ username: 'a', roles: ['ROLE_PHARMA'] }, { mode: 'edit' })).toEqual([]);
  });
});

describe('validateSettings / validateMeeting', () => {
  it('requires every operator field', () => {
    expect(validateSettings({}).map((e) => e.path)).toEqual(['company', 'street', 'postalCode', 'city', 'phone', 'fax', 'email']);
    expect(validateSettings({ company: 'A', street: 'B', postalCode: '123456', city: 'C', phone: '1', fax: '2', email: 'x' }).map((e) => e.path)).toEqual(['postalCode', 'email']);
  });
  it('requires date, time and system', () => {
    expect(validateMeeting({ date: '01.12.2026', time: '10:00', system: 'Zoom' })).toEqual([]);
    expect(validateMeeting({ date: '', time: '25:00', system: 'Jitsi' })).toHaveLength(3);
  });
});
