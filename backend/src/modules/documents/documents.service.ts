import { Injectable } from '@nestjs/common';
import { type DoctorPreferred, type TaskDto, type TaskStatus } from '@mediport/contracts';
import { DOCUMENT_MESSAGES, DOCUMENT_REQUEST_DEFAULT_TYPE, DOCUMENT_REQUEST_MAX_TASKS, type DocumentChannel, type DocumentRequestGroup, type DocumentRequestResponse, type DocumentRequestType } from '@mediport/contracts/documents';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { AppError } from '../../core/errors/app-error.js';
import { taskPolicy } from '../../core/permissions/policies/index.js';
import { taskIds } from '../tasks/dto/task-ids.js';
import { TasksRepository } from '../tasks/tasks.repository.js';
import { TasksService } from '../tasks/tasks.service.js';
import type { DocumentRequestDto, DocumentRequestQuery } from './dto/document-request.dto.js';
import { DocumentsRepository } from './documents.repository.js';

/** Type 4 ('Rezept in Arztpraxis'): the prescription already waits at the practice. */
const WAITING_AT_PRACTICE = 4;

/**
 * The channel of one doctor's document: e-mail or fax when asked for and the doctor has that
 * address; for 'preferred' the doctor's preferred contact type (a notification needs the address
 * too); null when there is none (the composing page asks for the address).
 */
export function documentChannel(type: DocumentRequestType, doctor: { email: string; fax: string; preferred: string }): DocumentChannel | null {
  const has = { email: !!doctor.email.trim(), fax: !!doctor.fax.trim() };
  if (type === 'email') return has.email ? 'email' : null;
  if (type === 'fax') return has.fax ? 'fax' : null;
  const byPreference: Record<DoctorPreferred, DocumentChannel | null> = {
    'E-Mail': has.email ? 'email' : null,
    'E-Mail-Notification': has.email ? 'email-notification' : null,
    Fax: has.fax ? 'fax' : null,
    'Fax-Notification': has.fax ? 'fax-notification' : null,
    NONE: null,
  };
  return byPreference[doctor.preferred as DoctorPreferred] ?? null;
}

const doctorName = (d: { title: string; firstname: string; lastname: string }) => [d.lastname, d.firstname, d.title].join(' ').toLowerCase();

/** Prescription requests: composing (one group per doctor) — sending follows with the outbox. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly repo: DocumentsRepository,
    private readonly tasks: TasksRepository,
    private readonly taskDtos: TasksService,
  ) {}

  /**
   * POST /api/documents/request: the listed orders the caller may read (one it may not: 404 for
   * all), those in `filter[status]` when given, one group per doctor by the doctor's name, with the
   * channel for `type` and the caller's first snippet as subject and text. Orders of type 4 are set
   * apart (nothing is sent for them), orders without a doctor listed apart.
   */
  async request(auth: AuthContext, dto: DocumentRequestDto, query: DocumentRequestQuery): Promise<DocumentRequestResponse> {
    const ids = taskIds(dto.tasks, DOCUMENT_REQUEST_MAX_TASKS, {
      list: DOCUMENT_MESSAGES.tasksList,
      empty: DOCUMENT_MESSAGES.tasksEmpty,
      tooMany: DOCUMENT_MESSAGES.tasksTooMany,
      unknown: DOCUMENT_MESSAGES.tasksUnknown,
    });
    const { rows } = await this.tasks.list({
      query: { offset: 0, limit: ids.length, sort: { field: 'latestDelivery', desc: false }, filter: {} },
      viewerId: auth.userId,
      scope: taskPolicy.where(auth, 'content'),
      ids,
    });
    if (rows.length !== ids.length) throw new AppError(404, [{ path: 'tasks', code: 'not_found', message: DOCUMENT_MESSAGES.tasksUnknown }]);
    const statuses = query.filter.status;
    const listed = rows.filter((r) => !statuses || statuses.includes(r.task.status as TaskStatus)).map((r) => this.taskDtos.toDto(auth, r));
    const type = dto.type ?? DOCUMENT_REQUEST_DEFAULT_TYPE;
    const [snippets, doctors] = await Promise.all([this.repo.snippets(auth.userId), this.repo.doctors([...new Set(listed.flatMap((t) => (t.doctor ? [t.doctor] : [])))])]);
    const text = snippets[0] ? { subject: snippets[0].subject, content: snippets[0].content } : { subject: DOCUMENT_MESSAGES.defaultSubject, content: DOCUMENT_MESSAGES.defaultContent };
    const byDoctor = new Map<string, TaskDto[]>();
    for (const task of listed) if (task.doctor) byDoctor.set(task.doctor, [...(byDoctor.get(task.doctor) ?? []), task]);
    const data: DocumentRequestGroup[] = doctors
      .map((d) => {
        const tasks = byDoctor.get(d.id) ?? [];
        return {
          doctor: { _id: d.id, title: d.title, firstname: d.firstname, lastname: d.lastname, email: d.email, fax: d.fax, preferred: d.preferred as DoctorPreferred },
          channel: documentChannel(type, d),
          ...text,
          tasks: tasks.filter((t) => t.type !== WAITING_AT_PRACTICE),
          waiting: tasks.filter((t) => t.type === WAITING_AT_PRACTICE),
        };
      })
      .sort((a, b) => doctorName(a.doctor).localeCompare(doctorName(b.doctor), 'de'));
    return { data, count: data.length, withoutDoctor: listed.filter((t) => !t.doctor) };
  }
}
