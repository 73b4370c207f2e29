// Records for the orders list and chat tests, shaped as the API answers them.
import { type DoctorDto, type HomeDto, type TaskDto, type TaskEventDto, type TaskRowActions, type TaskStatus, type TaskTransitionRule, type TaskType } from '@mediport/contracts';
import { TASK_OPEN_STATUSES, TASK_TRANSITION_NAMES, TASK_TRANSITIONS } from '@mediport/contracts/task-machine';
import { readAuth } from '@mediport/api-client';
import { grantOf } from '@mediport/permissions';

const AUDIT = { createdAt: '2026-11-20T08:15:00.000Z', modifiedAt: '2026-11-21T09:30:00.000Z', createdFrom: { _id: 'u7', username: 'heim.anna' }, modifiedFrom: { _id: 'u8', username: 'apo.ben' } };

/**
 * The actions the server answers with an order for a user with these matrix entries, from the
 * shared status machine (the ways whose permission the user holds; the fixtures' orders are the
 * user's own, so no scope limits them). Without entries: the pharmacy's.
 */
export function actionsFor(status: TaskStatus, type: TaskType, permissions: readonly string[] = PHARMACY): TaskRowActions {
  const holds = (permission: string) => {
    const grant = grantOf(permissions, permission);
    return grant === 'all' || grant === 'own';
  };
  const out: TaskRowActions = {};
  for (const name of TASK_TRANSITION_NAMES) {
    const rule: TaskTransitionRule = TASK_TRANSITIONS[name];
    const ways = rule.ways.filter((way) => holds(way.permission));
    if (!ways.length) continue;
    out[name] = !ways.some((way) => way.from.includes(status)) ? 'status' : rule.types && !rule.types.includes(type) ? 'type' : true;
  }
  if (holds('task_action_edit_view')) out.edit = (TASK_OPEN_STATUSES as readonly TaskStatus[]).includes(status) ? true : 'status';
  if (holds('task_action_print_view')) out.print = true;
  if (holds('task_list_view')) out.chat = true;
  return out;
}

/** The pharmacy's entries for the orders list (every action of the orders list, full grant). */
const PHARMACY = ['task_list_view', 'task_action_pickup_view', 'task_action_print_view', 'task_action_edit_view', 'task_action_finish_view', 'task_action_cancel_view', 'task_action_reopen_view'];

/** The order as the server answers it to the signed-in user of the test (its `actions` from that user's matrix entries). */
export function asAnswered(task: TaskDto): TaskDto {
  const permissions = readAuth()?.permissions;
  return permissions ? { ...task, actions: actionsFor(task.status, task.type, permissions) } : task;
}

export function aTask(overrides: Partial<TaskDto> = {}): TaskDto {
  const status = overrides.status ?? 'new';
  const type = overrides.type ?? 1;
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
    livingArea: 'Wohnbereich 1',
    stops: {
      home: { name: 'Haus Sonnenschein', street: 'Lindenweg 3', postalCode: '10115', city: 'Berlin', phone: '030 111222' },
      doctor: { name: 'Praxis Dr. Berg', street: 'Praxisstraße 1', postalCode: '10117', city: 'Berlin', phone: '030 123450' },
    },
    urgent: false,
    seen: ['u1'],
    events: 3,
    unseenEvents: 1,
    error: false,
    request: null,
    ...AUDIT,
    actions: actionsFor(status, type),
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
