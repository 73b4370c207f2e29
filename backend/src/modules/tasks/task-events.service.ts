import { Injectable } from '@nestjs/common';
import {
  EVENT_ATTACHMENT_MAX_BYTES,
  EVENT_ATTACHMENT_MAX_FILES,
  EVENT_ATTACHMENT_TYPES,
  EVENT_MESSAGES,
  type EventAuthor,
  type EventListItemDto,
  type ListResponse,
  type Role,
  type TaskEventCreateResponse,
  type TaskEventData,
  type TaskEventDto,
  type TaskEventMeta,
  type TaskEventMetaResponse,
  type TaskEventType,
  type TaskSeenResponse,
} from '@mediport/contracts';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { sniffType, type SniffedType, UPLOAD_MESSAGES, withTypeExtension } from '../../core/files/file-types.js';
import { FilesService, type StoredFile } from '../../core/files/files.service.js';
import { taskPolicy } from '../../core/permissions/policies/index.js';
import type { TaskEventFile } from '../../db/schema/index.js';
import { SeenRepository } from '../statistics/seen.repository.js';
import { isId } from './dto/task-write.dto.js';
import { type EventListQuery, type EventsSeenDto, type TaskEventQuery, type TaskEventWriteDto } from './dto/task-event.dto.js';
import { EVENT_SEEN, type TaskEventRow, TaskEventsRepository } from './task-events.repository.js';
import { TaskHooksRegistry } from './task-hooks.js';
import { TasksLive } from './tasks.live.js';
import { type TaskRow, TasksRepository } from './tasks.repository.js';
import { TASK_AUDIT, taskSubject } from './tasks.service.js';

/** An uploaded attachment as multer hands it over (memory storage). */
export interface EventUpload {
  originalname: string;
  buffer: Buffer;
  size: number;
}

const ACCEPTED: readonly SniffedType[] = EVENT_ATTACHMENT_TYPES;
const FILE_NAME_MAX = 200;

type FeedRow = { event: TaskEventRow; author: { _id: string | null; username: string | null; roles: string[] | null } | null; seen: boolean };

function authorOf(ref: { _id: string | null; username: string | null; roles: string[] | null } | null): EventAuthor | null {
  return ref?._id && ref.username !== null ? { _id: ref._id, username: ref.username, roles: (ref.roles ?? []) as Role[] } : null;
}

/**
 * The uploaded name as the feed shows it and the download route finds it: no path, no control or
 * bidi characters, at most 200 characters, unique within the event ("a.pdf", "a (2).pdf").
 */
export function safeFileName(original: string, taken: ReadonlySet<string>, type?: SniffedType): string {
  const given =
    original
      .split(/[\\/]/)
      .pop()!
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, FILE_NAME_MAX) || 'Datei';
  const base = type ? withTypeExtension(given, type) : given;
  if (!taken.has(base)) return base;
  const dot = base.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The event feed ("chat") of an order: status changes, messages, e-mails and faxes.
 * Who may read a task may read and write its feed (no own permission in the catalogue: the routes
 * declare task_list_view; the Task policy's read rule decides per record).
 */
@Injectable()
export class TaskEventsService {
  constructor(
    private readonly repo: TaskEventsRepository,
    private readonly tasks: TasksRepository,
    private readonly files: FilesService,
    private readonly seen: SeenRepository,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
    private readonly live: TasksLive,
    private readonly hooks: TaskHooksRegistry,
  ) {}

  toDto(auth: AuthContext, r: FeedRow): TaskEventDto {
    const e = r.event;
    return {
      _id: e.id,
      task: e.taskId,
      type: e.type as TaskEventType,
      data: e.data as TaskEventData,
      files: e.files.map(({ name, mimeType, size }) => ({ name, mimeType, size })),
      createdAt: e.createdAt.toISOString(),
      createdFrom: authorOf(r.author),
      seen: r.seen ? [auth.userId] : [],
      state: e.state === 'failed' ? 'failed' : null,
      document: e.document,
    };
  }

  /** GET /api/tasks/{id}/events: the whole feed, oldest first. */
  async feed(auth: AuthContext, taskId: string, query: TaskEventQuery): Promise<ListResponse<TaskEventDto>> {
    await this.readableTask(auth, taskId);
    const rows = await this.repo.feed(taskId, auth.userId, { type: query.filter.type, ids: query.filter._id });
    return { data: rows.map((r) => this.toDto(auth, r)), count: rows.length };
  }

  /**
   * POST /api/tasks/{id}/events: a chat message with up to 5 attachments (PDF, PNG, JPEG by their
   * bytes, 10 MB each). A message on a finished task reopens it (status new, recorded as a
   * status_change event in the same transaction) and the answer carries `reload`.
   */
  async create(auth: AuthContext, taskId: string, dto: TaskEventWriteDto, uploads: EventUpload[]): Promise<TaskEventCreateResponse> {
    const task = await this.readableTask(auth, taskId);
    const text = (dto.data ?? '').trim();
    if (!text && !uploads.length) throw AppError.badRequest([{ path: 'data', code: 'empty', message: EVENT_MESSAGES.emptyMessage }]);
    if (uploads.length > EVENT_ATTACHMENT_MAX_FILES) throw AppError.badRequest([{ path: 'files', code: 'too_many', message: EVENT_MESSAGES.tooManyFiles }]);
    // Every file is checked before the first is stored: a refused request leaves nothing behind.
    for (const upload of uploads) {
      if (upload.buffer.length > EVENT_ATTACHMENT_MAX_BYTES) throw new AppError(413, [{ path: 'files', code: 'too_large', message: UPLOAD_MESSAGES.tooLarge }]);
      const type = sniffType(upload.buffer);
      if (!type || !ACCEPTED.includes(type)) throw new AppError(415, [{ path: 'files', code: 'unsupported_media_type', message: EVENT_MESSAGES.fileType }]);
    }
    const { id, reopen } = await this.unitOfWork.run(async () => {
      // Decided on the locked row: of two messages on a finished task, one reopens it, the other
      // finds it open (and a status change in between is seen, not overwritten).
      const current = (await this.tasks.lock(taskId)) ?? task;
      const reopen = current.status === 'finished';
      const files: TaskEventFile[] = [];
      const taken = new Set<string>();
      for (const upload of uploads) {
        const name = safeFileName(upload.originalname, taken, sniffType(upload.buffer)!);
        taken.add(name);
        const stored = await this.files.save(upload.buffer, { accept: ACCEPTED, message: EVENT_MESSAGES.fileType, maxBytes: EVENT_ATTACHMENT_MAX_BYTES, originalName: name, createdBy: auth.userId, path: 'files' });
        files.push({ fileId: stored.id, name, mimeType: stored.mimeType, size: stored.size });
      }
      const eventId = await this.repo.insert({ taskId, type: 'message', data: { text: text || EVENT_MESSAGES.attachmentOnly }, files, createdBy: auth.userId });
      await this.hooks.messageWritten({ auth, taskId, eventId });
      await this.audit.recordBy(auth, { action: TASK_AUDIT.message, target: taskId, meta: { event: eventId, files: files.length } });
      this.live.eventCreated(current, eventId);
      if (reopen) {
        await this.tasks.save(taskId, { status: 'new', modifiedAt: new Date(), modifiedBy: auth.userId });
        const statusEvent = await this.tasks.addStatusEvent(taskId, 'finished', 'new', auth.userId);
        await this.hooks.statusChanged({ auth, changes: [{ taskId, from: 'finished', to: 'new' }] });
        await this.audit.recordBy(auth, { action: TASK_AUDIT.status, target: taskId, meta: { from: 'finished', to: 'new', byMessage: eventId } });
        this.live.taskChanged({ ...current, status: 'new' }, current);
        this.live.eventCreated({ ...current, status: 'new' }, statusEvent);
      }
      return { id: eventId, reopen };
    });
    const created = this.toDto(auth, (await this.repo.findOne(id, auth.userId))!);
    return reopen ? { ...created, reload: true } : created;
  }

  /** PUT /api/tasks/{id}/events: every event of the task counts as seen by the caller. */
  async markTaskSeen(auth: AuthContext, taskId: string): Promise<TaskSeenResponse> {
    await this.readableTask(auth, taskId);
    await this.seen.mark(EVENT_SEEN.kind, auth.userId, await this.repo.idsOf(taskId));
    return { message: EVENT_MESSAGES.allSeen };
  }

  /** An attachment, only for a caller who may read the task; anything not found (task, event of that task, name) → 404. */
  async attachment(auth: AuthContext, taskId: string, eventId: string, name: string): Promise<StoredFile> {
    await this.readableTask(auth, taskId);
    const found = isId(eventId) ? await this.repo.withTask(eventId) : null;
    const file = found && found.event.taskId === taskId ? found.event.files.find((f) => f.name === name) : undefined;
    const stored = file ? await this.files.read(file.fileId) : null;
    if (!stored) throw AppError.notFound();
    return stored;
  }

  /** GET /api/events/meta?tasks=a,b: per task the caller may read (others are left out). */
  async meta(auth: AuthContext, ids: string[]): Promise<TaskEventMetaResponse> {
    const visible = await this.tasks.visible(ids, taskPolicy.where(auth, 'content'));
    const stats = await this.repo.stats(visible, auth.userId);
    return Object.fromEntries(
      stats.map((s): [string, TaskEventMeta] => [s.taskId, { events: s.events, seen: s.events - s.unseen, lastSender: authorOf(s.lastSender), error: s.error }]),
    );
  }

  /** GET /api/events: events of the tasks the caller may read, newest first. */
  async list(auth: AuthContext, query: EventListQuery): Promise<ListResponse<EventListItemDto>> {
    const { rows, count } = await this.repo.list({
      viewerId: auth.userId,
      scope: taskPolicy.where(auth, 'content'),
      notSeen: !!query.filter.notSeen,
      text: query.filter.text,
      offset: query.offset,
      limit: query.limit,
    });
    const data = rows.map((r) => ({
      ...this.toDto(auth, r),
      taskDetails: { _id: r.task._id, medicine: r.task.medicine, status: r.task.status, patientName: [r.patient?.firstname, r.patient?.lastname].filter(Boolean).join(' ') },
    }));
    return { data, count };
  }

  /** PUT /api/events/{id}/seen; 404 unless the event's task is the caller's to read. */
  async markOneSeen(auth: AuthContext, eventId: string): Promise<TaskSeenResponse> {
    const found = await this.repo.withTask(eventId);
    taskPolicy.assert(auth, 'content', found ? taskSubject(found.task) : null);
    await this.seen.mark(EVENT_SEEN.kind, auth.userId, [eventId]);
    return { message: EVENT_MESSAGES.seen };
  }

  /** PUT /api/events/seen: the listed events the caller may see, or (true) all of them. */
  async markManySeen(auth: AuthContext, dto: EventsSeenDto): Promise<TaskSeenResponse> {
    if (dto.events === true) {
      await this.seen.markAll(EVENT_SEEN.kind, auth.userId);
      return { message: EVENT_MESSAGES.allSeen };
    }
    const visible = await this.repo.visible([...new Set(dto.events)], taskPolicy.where(auth, 'content'));
    await this.seen.mark(EVENT_SEEN.kind, auth.userId, visible);
    return { message: EVENT_MESSAGES.seen };
  }

  /** The task when the caller may read it, else 404. */
  /** 404 unless `taskId` names a task the caller may read (checked before an upload is read). */
  async assertReadable(auth: AuthContext, taskId: string): Promise<void> {
    if (!isId(taskId)) throw AppError.notFound();
    await this.readableTask(auth, taskId);
  }

  private async readableTask(auth: AuthContext, taskId: string): Promise<TaskRow> {
    const task = await this.tasks.findById(taskId);
    taskPolicy.assert(auth, 'content', task ? taskSubject(task) : null);
    return task!;
  }
}
