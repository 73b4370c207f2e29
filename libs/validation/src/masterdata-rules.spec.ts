import {
  checkDateOfBirth,
  DOCTOR_MESSAGES,
  formatGermanDate,
  hasAreaCode,
  HOME_MESSAGES,
  OFFICE_MESSAGES,
  parseGermanDate,
  PATIENT_MESSAGES,
  personSalutation,
  sameName,
  validateDoctor,
  validateDoctorOffice,
  validateHome,
  validateHomeGroup,
  validatePatient,
} from './masterdata-rules';
import { FIELD_MESSAGES } from './field-rules';

const TODAY = '2024-06-15';

describe('salutation of patients and doctors', () => {
  it.each([
    { given: 'Herr', saved: 'Herr' },
    { given: 'Frau', saved: 'Frau' },
    { given: '', saved: '' },
    { given: 'mr', saved: 'Herr' },
    { given: 'mrs', saved: 'Frau' },
    { given: 'herr', saved: null },
    { given: 'Mr', saved: null },
    { given: 'Divers', saved: null },
    { given: ' Herr', saved: null },
    { given: null, saved: null },
    { given: 1, saved: null },
  ])('$given → $saved', ({ given, saved }) => {
    expect(personSalutation(given)).toBe(saved);
  });
});

describe('dates of birth', () => {
  it.each([
    ['01.02.1940', '1940-02-01'],
    ['29.02.2020', '2020-02-29'],
    ['31.02.2020', null],
    ['29.02.2021', null],
    ['00.01.2000', null],
    ['01.13.2000', null],
    ['1.2.1940', null],
    ['1940-02-01', null],
    ['', null],
  ])('parses %s as %s', (input, iso) => {
    expect(parseGermanDate(input)).toBe(iso);
  });

  it('formats YYYY-MM-DD as DD.MM.YYYY', () => {
    expect(formatGermanDate('1940-02-01')).toBe('01.02.1940');
  });

  it.each([
    ['', PATIENT_MESSAGES.dateOfBirthRequired],
    ['31.02.2020', PATIENT_MESSAGES.dateOfBirthFormat],
    ['15.06.1899', PATIENT_MESSAGES.dateOfBirthFormat],
    ['16.06.2024', PATIENT_MESSAGES.dateOfBirthFuture],
    ['15.06.2024', null],
  ])('checkDateOfBirth(%s)', (input, message) => {
    expect(checkDateOfBirth(input, TODAY)).toBe(message);
  });
});

describe('validatePatient', () => {
  const valid = { lastname: 'Müller', dateOfBirth: '01.02.1940' };
  it.each([
    { title: 'last name required', input: { ...valid, lastname: ' ' }, path: 'lastname', message: PATIENT_MESSAGES.lastnameRequired },
    { title: 'birth date required', input: { ...valid, dateOfBirth: '' }, path: 'dateOfBirth', message: PATIENT_MESSAGES.dateOfBirthRequired },
    { title: 'home for a home patient', input: { ...valid, homepatient: true, home: '' }, path: 'home', message: PATIENT_MESSAGES.homeRequired },
    { title: 'postal code digits', input: { ...valid, postalCode: '1234a' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'postal code max 5', input: { ...valid, postalCode: '123456' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
  ])('$title', ({ input, path, message }) => {
    expect(validatePatient(input, TODAY)).toEqual([{ path, message }]);
  });

  it('accepts a valid patient', () => {
    expect(validatePatient({ ...valid, homepatient: true, home: 'h1', postalCode: '10115' }, TODAY)).toEqual([]);
  });

  it('compares names trimmed and in any case', () => {
    expect(sameName(' MÜLLER ', 'müller')).toBe(true);
    expect(sameName('Müller', 'Mueller')).toBe(false);
  });
});

describe('validateDoctor', () => {
  const valid = { lastname: 'Berger', preferred: 'E-Mail', email: 'praxis@berger.de' };
  it.each([
    { title: 'last name', input: { ...valid, lastname: '' }, path: 'lastname', message: DOCTOR_MESSAGES.lastnameRequired },
    { title: 'e-mail pattern', input: { ...valid, email: 'praxis@' }, path: 'email', message: DOCTOR_MESSAGES.email },
    { title: 'contact type', input: { ...valid, preferred: '' }, path: 'preferred', message: DOCTOR_MESSAGES.preferredRequired },
    { title: 'fax for Fax', input: { ...valid, preferred: 'Fax' }, path: 'fax', message: DOCTOR_MESSAGES.faxRequired },
    { title: 'e-mail for E-Mail', input: { ...valid, email: '' }, path: 'email', message: DOCTOR_MESSAGES.emailRequired },
    { title: 'fax with area code', input: { ...valid, fax: '1234567' }, path: 'fax', message: DOCTOR_MESSAGES.faxAreaCode },
    { title: 'postal code', input: { ...valid, postalCode: '1011' + 'x' }, path: 'postalCode', message: DOCTOR_MESSAGES.postalCode },
    { title: 'notification needs a login', input: { ...valid, preferred: 'E-Mail-Notification' }, path: 'preferred', message: DOCTOR_MESSAGES.preferredNeedsLogin },
    { title: 'NONE needs a login', input: { ...valid, preferred: 'NONE' }, path: 'preferred', message: DOCTOR_MESSAGES.preferredNeedsLogin },
  ])('$title', ({ input, path, message }) => {
    expect(validateDoctor(input)).toEqual([{ path, message }]);
  });

  it('offers the notification types and NONE with a login', () => {
    expect(validateDoctor({ ...valid, preferred: 'NONE', withLogin: true })).toEqual([]);
    expect(validateDoctor({ ...valid, preferred: 'Fax-Notification', fax: '030 1234567', withLogin: true })).toEqual([]);
  });

  it.each(['030 1234567', '030/123 45 67', '+49 30 1234567', '0049 (30) 1234567'])('takes %s as a fax with area code', (fax) => {
    expect(hasAreaCode(fax)).toBe(true);
  });
  it.each(['1234567', '030', 'Fax 030 1234567', '+0 123456'])('refuses %s as a fax without area code', (fax) => {
    expect(hasAreaCode(fax)).toBe(false);
  });
});

describe('validateDoctorOffice', () => {
  const valid = { name: 'Praxis am Park', street: 'Parkweg 1', zip: '10115', city: 'Berlin', phone: '030 111' };
  it.each([
    { title: 'name', input: { ...valid, name: '' }, path: 'name', message: OFFICE_MESSAGES.name },
    { title: 'street', input: { ...valid, street: '' }, path: 'street', message: OFFICE_MESSAGES.street },
    { title: 'zip', input: { ...valid, zip: '' }, path: 'zip', message: OFFICE_MESSAGES.zip },
    { title: 'zip digits', input: { ...valid, zip: '1O115' }, path: 'zip', message: OFFICE_MESSAGES.zipDigits },
    { title: 'city', input: { ...valid, city: '' }, path: 'city', message: OFFICE_MESSAGES.city },
    { title: 'phone by default', input: { ...valid, phone: '' }, path: 'phone', message: OFFICE_MESSAGES.phoneRequired },
    { title: 'mail for mail', input: { ...valid, preferred: 'mail' }, path: 'mail', message: OFFICE_MESSAGES.mailRequired },
    { title: 'fax for fax', input: { ...valid, preferred: 'fax' }, path: 'fax', message: OFFICE_MESSAGES.faxRequired },
    { title: 'mail pattern', input: { ...valid, mail: 'x@' }, path: 'mail', message: OFFICE_MESSAGES.mail },
  ])('$title', ({ input, path, message }) => {
    expect(validateDoctorOffice(input)).toEqual([{ path, message }]);
  });
});

describe('validateHome', () => {
  const valid = { name: 'Haus', street: 'Weg 1', postalCode: '10115', city: 'Berlin', country: 'Deutschland', email: 'a@b.de', fax: '030 1' };
  it.each([
    { title: 'name', input: { ...valid, name: '' }, path: 'name', message: HOME_MESSAGES.name },
    { title: 'street', input: { ...valid, street: '' }, path: 'street', message: HOME_MESSAGES.street },
    { title: 'postal code', input: { ...valid, postalCode: '' }, path: 'postalCode', message: HOME_MESSAGES.postalCode },
    { title: 'city', input: { ...valid, city: '' }, path: 'city', message: HOME_MESSAGES.city },
    { title: 'country', input: { ...valid, country: '' }, path: 'country', message: HOME_MESSAGES.country },
    { title: 'e-mail', input: { ...valid, email: '' }, path: 'email', message: 'E-Mail muss ausgefüllt werden' },
    { title: 'fax', input: { ...valid, fax: '' }, path: 'fax', message: 'Fax muss ausgefüllt werden' },
    { title: 'postal code digits', input: { ...valid, postalCode: '101155' }, path: 'postalCode', message: FIELD_MESSAGES.postalCode },
    { title: 'e-mail pattern', input: { ...valid, email: 'a@b' }, path: 'email', message: FIELD_MESSAGES.email },
  ])('$title', ({ input, path, message }) => {
    expect(validateHome(input)).toEqual([{ path, message }]);
  });

  it('needs sender name and phone on the sender tab', () => {
    expect(validateHome(valid, { sender: true })).toEqual([
      { path: 'senderName', message: 'Name muss ausgefüllt werden' },
      { path: 'senderPhone', message: 'Telefon muss ausgefüllt werden' },
    ]);
  });

  it('needs a living-area name', () => {
    expect(validateHomeGroup({ name: ' ' })).toEqual([{ path: 'name', message: 'Wohnbereich muss ausgefüllt werden' }]);
  });
});
