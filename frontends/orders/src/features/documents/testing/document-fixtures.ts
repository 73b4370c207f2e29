// Answers of POST /api/documents/request for the composing page's tests.
import type { TaskDto } from '@mediport/contracts';
import type { DocumentChannel, DocumentRequestDoctor, DocumentRequestGroup, DocumentRequestResponse, DocumentRequestType } from '@mediport/contracts/documents';
import { aTask } from '../../list/testing/task-fixtures';

export const BERG: DocumentRequestDoctor = { _id: 'd1', title: 'Dr.', firstname: 'Jan', lastname: 'Berg', email: 'berg@praxis.de', fax: '030 123456', preferred: 'E-Mail' };
export const ROTH: DocumentRequestDoctor = { _id: 'd2', title: 'Dr.', firstname: 'Eva', lastname: 'Roth', email: '', fax: '0331 98765', preferred: 'Fax' };
export const KLEIN: DocumentRequestDoctor = { _id: 'd3', title: '', firstname: 'Max', lastname: 'Klein', email: '', fax: '', preferred: 'NONE' };

const detailsOf = (d: DocumentRequestDoctor) => ({ _id: d._id, title: d.title, firstname: d.firstname, lastname: d.lastname, email: d.email, fax: d.fax });

/** An order of a doctor for a patient (first and last name). */
export function anOrder(id: string, doctor: DocumentRequestDoctor | null, patient: [string, string], overrides: Partial<TaskDto> = {}): TaskDto {
  return aTask({
    _id: id,
    doctor: doctor?._id ?? null,
    doctorDetails: doctor ? detailsOf(doctor) : null,
    patient: `p-${id}`,
    patientDetails: { _id: `p-${id}`, firstname: patient[0], lastname: patient[1], dateOfBirth: '01.02.1940' },
    ...overrides,
  });
}

/** The channel a doctor's request goes by for a type, as the server decides it. */
export function channelOf(d: DocumentRequestDoctor, type: DocumentRequestType): DocumentChannel | null {
  if (type === 'email') return d.email ? 'email' : null;
  if (type === 'fax') return d.fax ? 'fax' : null;
  if (d.preferred === 'E-Mail') return d.email ? 'email' : null;
  if (d.preferred === 'Fax') return d.fax ? 'fax' : null;
  return null;
}

export function aGroup(doctor: DocumentRequestDoctor, tasks: TaskDto[], type: DocumentRequestType = 'preferred', waiting: TaskDto[] = []): DocumentRequestGroup {
  return { doctor, channel: channelOf(doctor, type), subject: 'Rezeptanforderung', content: 'Sehr geehrte Damen und Herren,\n\nbitte um Rezepte.', tasks, waiting };
}

/** Erna and Otto at Dr. Berg, Ida at Dr. Roth. */
export const ERNA = anOrder('t1', BERG, ['Erna', 'Schulz'], { medicine: 'Ibuprofen', dose: '400 mg Tabletten', amount: 2, latestDelivery: '25.11.2026' });
export const OTTO = anOrder('t2', BERG, ['Otto', 'Kern'], { medicine: 'Metoprolol', dose: '50 mg', amount: 1, latestDelivery: '' });
export const IDA = anOrder('t3', ROTH, ['Ida', 'Lang'], { medicine: 'Ramipril', dose: '5 mg', amount: 3 });

/** The answer for the three orders above (and `extra` groups) for a type. */
export function anAnswer(type: DocumentRequestType = 'preferred', extra: DocumentRequestGroup[] = [], withoutDoctor: TaskDto[] = []): DocumentRequestResponse {
  const data = [aGroup(BERG, [ERNA, OTTO], type), aGroup(ROTH, [IDA], type), ...extra];
  return { data, count: data.length, withoutDoctor };
}
