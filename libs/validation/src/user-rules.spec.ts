import { checkUsername, USER_MESSAGES, USERNAME_MAX_LENGTH, validateUserForm } from './user-rules';
import { MEETING_MESSAGES, normalizeMeetingDate, normalizeMeetingTime, validateMeeting, validateSettings } from './form-rules';

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

describe('checkUsername', () => {
  it.each([
    'admin',
    'anna.mueller_2-b',
    'vorname.nachname',
    'jürgen.groß',
    'ÄÖÜ-äöü',
    'René.Dupont',
    'Łukasz_Wiśniewski',
    'şule.yılmaz',
    '  anna  ',
    'a'.repeat(USERNAME_MAX_LENGTH),
    '',
  ])('accepts %j', (username) => {
    expect(checkUsername(username)).toBeNull();
  });

  it.each([
    { title: 'markup and a space', username: '<b>x</b> ñ' },
    { title: 'an inner space', username: 'anna mueller' },
    { title: 'a tab', username: 'anna\tmueller' },
    { title: 'an e-mail address', username: 'anna@example.org' },
    { title: 'an apostrophe', username: "o'neill" },
    { title: 'a slash', username: 'a/b' },
    { title: 'a Cyrillic look-alike letter', username: '\u0430dmin' },
    { title: 'a Greek letter', username: 'αβγ' },
    { title: 'full-width letters', username: 'ａｄｍｉｎ' },
    { title: 'non-ASCII digits', username: 'anna\u0663' },
    { title: 'a combining accent (not NFC)', username: 'rene\u0301' },
    { title: 'the multiplication sign of Latin-1', username: 'a×b' },
    { title: 'an emoji', username: 'anna😀' },
  ])('refuses $title', ({ username }) => {
    expect(checkUsername(username)).toBe(USER_MESSAGES.usernameCharacters);
  });

  it('refuses more than 100 characters', () => {
    expect(checkUsername('a'.repeat(USERNAME_MAX_LENGTH + 1))).toBe(USER_MESSAGES.usernameTooLong);
    expect(USER_MESSAGES.usernameTooLong).toBe('Mehr als 100 Zeichen!');
  });
});

describe('validateUserForm: the username rule', () => {
  const valid = { roles: ['ROLE_PHARMA'], password: 'abCD12!?efGH', password_confirm: 'abCD12!?efGH' };

  it('applies to a new user', () => {
    expect(validateUserForm({ ...valid, username: '<b>x</b> ñ' }, { mode: 'create' })).toEqual([{ path: 'username', message: USER_MESSAGES.usernameCharacters }]);
    expect(validateUserForm({ ...valid, username: 'anna.mueller_2-b' }, { mode: 'create' })).toEqual([]);
  });

  it('lets an old username that breaks the rule stay unchanged on edit, but not be changed into another such name', () => {
    expect(validateUserForm({ roles: ['ROLE_PHARMA'], username: 'alt name' }, { mode: 'edit', currentUsername: 'alt name' })).toEqual([]);
    expect(validateUserForm({ roles: ['ROLE_PHARMA'], username: 'alt name 2' }, { mode: 'edit', currentUsername: 'alt name' })).toEqual([
      { path: 'username', message: USER_MESSAGES.usernameCharacters },
    ]);
    expect(validateUserForm({ roles: ['ROLE_PHARMA'], username: 'neu.name' }, { mode: 'edit', currentUsername: 'alt name' })).toEqual([]);
  });

  it('reports a missing username once, not also as invalid', () => {
    expect(validateUserForm({ ...valid, username: '  ' }, { mode: 'create' })).toEqual([{ path: 'username', message: USER_MESSAGES.usernameRequired }]);
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
  it('keeps "Bitte füllen Sie alle Felder aus." for empty fields', () => {
    expect(validateMeeting({ date: ' ', time: null, system: '' })).toEqual([
      { path: 'date', message: MEETING_MESSAGES.incomplete },
      { path: 'time', message: MEETING_MESSAGES.incomplete },
      { path: 'system', message: MEETING_MESSAGES.incomplete },
    ]);
  });
  it.each([
    { date: '31.02.2026', message: 'Den 31.02.2026 gibt es nicht. Bitte geben Sie ein gültiges Datum ein.' },
    { date: '29.02.2027', message: 'Den 29.02.2027 gibt es nicht. Bitte geben Sie ein gültiges Datum ein.' },
    { date: '1.13.2026', message: 'Den 1.13.2026 gibt es nicht. Bitte geben Sie ein gültiges Datum ein.' },
    { date: '2026-02-01', message: 'Bitte geben Sie das Datum im Format TT.MM.JJJJ ein.' },
    { date: '1.2.26', message: 'Bitte geben Sie das Datum im Format TT.MM.JJJJ ein.' },
  ])('refuses the date $date with its own message', ({ date, message }) => {
    expect(validateMeeting({ date, time: '10:00', system: 'Zoom' })).toEqual([{ path: 'date', message }]);
  });
  it.each([
    { time: '25:00', message: 'Die Uhrzeit 25:00 gibt es nicht. Bitte geben Sie eine Uhrzeit zwischen 00:00 und 23:59 ein.' },
    { time: '12:60', message: 'Die Uhrzeit 12:60 gibt es nicht. Bitte geben Sie eine Uhrzeit zwischen 00:00 und 23:59 ein.' },
    { time: '9.30', message: 'Bitte geben Sie die Uhrzeit im Format HH:MM ein.' },
    { time: '930', message: 'Bitte geben Sie die Uhrzeit im Format HH:MM ein.' },
  ])('refuses the time $time with its own message', ({ time, message }) => {
    expect(validateMeeting({ date: '01.12.2026', time, system: 'Zoom' })).toEqual([{ path: 'time', message }]);
  });
  it('accepts dates and times without leading zeros and normalizes them', () => {
    expect(validateMeeting({ date: '1.2.2026', time: '9:30', system: 'Skype' })).toEqual([]);
    expect(validateMeeting({ date: '29.02.2028', time: '23:59', system: 'Zoom' })).toEqual([]);
    expect(normalizeMeetingDate(' 1.2.2026 ')).toBe('01.02.2026');
    expect(normalizeMeetingDate('31.04.2026')).toBeNull();
    expect(normalizeMeetingTime('9:05')).toBe('09:05');
    expect(normalizeMeetingTime('00:00')).toBe('00:00');
    expect(normalizeMeetingTime('24:00')).toBeNull();
  });
});
