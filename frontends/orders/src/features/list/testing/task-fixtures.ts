// Records for the orders list and chat tests, shaped as the API answers them.
import type { DoctorDto, HomeDto, TaskDto, TaskEventDto } from '@mediport/contracts';

const AUDIT = { createdAt: '2026-11-20T08:15:00.000Z', modifiedAt: '2026-11-21T09:30:00.000Z', createdFrom: { _id: 'u7', username: 'heim.anna' }, modifiedFrom: { _id: 'u8', username: 'apo.ben' } };

export function aTask(overrides: Partial<TaskDto> = {}): TaskDto {
  return {
    _id: 't1',
    type: 1,
    status: 'new',
    group: 'medicine',
    medicine: 'Ibuprofen',
    amount: 2,
    dose: '400 mg Tabletten',
    patient: 'p1',
    doctor: 'd1',
    home: 'h1',
    latestDelivery: '25.11.2026',
    patientDetails: { _id: 'p1', firstname: 'Erna', lastname: 'Schulz', dateOfBirth: '01.02.1940' },
    homeDetails: { _id: 'h1', name: 'Haus Sonnenschein' },
    doctorDetails: { _id: 'd1', title: 'Dr.', firstname: 'Jan', lastname: 'Berg', email: 'berg@praxis.de', fax: '030 123456' },
    urgent: false,
    seen: ['u1'],
    events: 3,
    unseenEvents: 1,
    error: false,
    ...AUDIT,
    ...overrides,
  };
}

export function anEvent(overrides: Partial<TaskEventDto> = {}): TaskEventDto {
  return {
    _id: 'e1',
    task: 't1',
    type: 'message',
    data: { text: 'Bitte bis Freitag liefern.' },
    files: [],
    createdAt: '2026-11-20T10:05:00.000Z',
    createdFrom: { _id: 'u7', username: 'heim.anna', roles: ['ROLE_HOME'] },
    seen: ['u1'],
    state: null,
    document: null,
    ...overrides,
  };
}

export function aDoctor(overrides: Partial<DoctorDto> = {}): DoctorDto {
  return {
    _id: 'd1',
    salutation: 'Herr',
    title: 'Dr.',
    firstname: 'Jan',
    lastname: 'Berg',
    expertise: '',
    department: '',
    street: '',
    postalCode: '',
    city: '',
    country: 'Deutschland',
    office: null,
    officeDetails: null,
    email: 'berg@praxis.de',
    fax: '',
    phone: '',
    preferred: 'E-Mail',
    debtorId: '',
    withLogin: false,
    deactivated: false,
    seen: [],
    editable: true,
    deletable: true,
    ...AUDIT,
    ...overrides,
  };
}

export function aHome(overrides: Partial<HomeDto> = {}): HomeDto {
  return {
    _id: 'h1',
    name: 'Haus Sonnenschein',
    company: '',
    firstname: '',
    lastname: '',
    email: '',
    fax: '',
    phone: '',
    street: '',
    postalCode: '',
    city: '',
    country: 'Deutschland',
    logo: null,
    debtorId: '',
    senderName: '',
    senderPhone: '',
    senderFax: '',
    homeGroups: [],
    withLogin: false,
    selfPay: false,
    canSendTasks: true,
    deactivated: false,
    seen: [],
    senderEditable: false,
    groupsEditable: false,
    editable: true,
    deletable: true,
    ...AUDIT,
    ...overrides,
  };
}
