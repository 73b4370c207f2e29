import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { PermissionName } from '@mediport/permissions';
import {
  DOCUMENT_CONTENT_MAX,
  DOCUMENT_DEFAULT_PRIORITY,
  DOCUMENT_DEFAULT_REASON,
  DOCUMENT_MESSAGES,
  DOCUMENT_PRIORITIES,
  DOCUMENT_REASONS,
  DOCUMENT_REQUEST_DEFAULT_TYPE,
  DOCUMENT_REQUEST_MAX_TASKS,
  DOCUMENT_SUBJECT_MAX,
  DOCUMENT_SUPPLY_DAYS_MAX,
  documentReasonLine,
  type DocumentChannel,
  type DocumentCreateResponse,
  type DocumentDto,
  type DocumentPriority,
  type DocumentReason,
  type DocumentResendResponse,
  type DocumentState,
} from '@mediport/contracts/documents';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { berlinDate, Clock } from '../../core/clock/clock.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { FilesService, type StoredFile } from '../../core/files/files.service.js';
import { OutboxService } from '../../core/outbox/outbox.service.js';
import type { EmailPayload, FaxPayload, OutboxMessage } from '../../core/outbox/outbox.types.js';
import { PdfService } from '../../core/pdf/pdf.service.js';
import { documentPolicy, doctorPolicy, stateOf, taskPolicy } from '../../core/permissions/policies/index.js';
import { letterhead } from '../settings/letterhead.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { taskSheetRow } from '../tasks/task-sheet-row.js';
import { taskIds } from '../tasks/dto/task-ids.js';
import { isId } from '../tasks/dto/task-write.dto.js';
import { TasksLive } from '../tasks/tasks.live.js';
import { type TaskListRow, TasksRepository } from '../tasks/tasks.repository.js';
import type { DocumentCreateDto } from './dto/document-create.dto.js';
import { documentDto } from './document-dto.js';
import { DocumentsRepository } from './documents.repository.js';
import { documentChannel } from './documents.service.js';
import { RequestTrackerService } from './request-tracker.service.js';
import { richTextToPlain, sanitizeRichText } from './rich-text.js';

/** Type 4 ('Rezept in Arztpraxis'): the prescription already waits at the practice; nothing is sent for it. */
const WAITING_AT_PRACTICE = 4;
/** The outbox messages of documents carry this reference kind. */
const REFERENCE_KIND = 'document';
const PDF_NAME = 'Rezeptanforderung.pdf';
/** Most doctors in one sending. */
const DOCUMENTS_MAX = 200;

type Doctor = Awaited<ReturnType<DocumentsRepository['doctors']>>[number];

interface CheckedGroup {
  doctor: Doctor;
  channel: DocumentChannel;
  subject: string;
  content: string;
  rows: TaskListRow[];
  reason: DocumentReason;
  priority: DocumentPriority;
  supplyDays: number | null;
}

/** One of `allowed`, or the default when absent; anything else (null, another type, an unknown word) is refused. */
function choice<T extends string>(value: unknown, allowed: readonly T[], fallback: T, path: string, message: string): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) throw invalid(path, message);
  return value as T;
}

/** The remaining supply: absent or null when unknown, else whole days 0–365, and only for a follow-up prescription. */
function supplyDaysOf(value: unknown, reason: DocumentReason, path: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > DOCUMENT_SUPPLY_DAYS_MAX) throw invalid(path, DOCUMENT_MESSAGES.supplyDays);
  if (reason !== 'follow-up') throw invalid(path, DOCUMENT_MESSAGES.supplyDaysFollowUp);
  return value;
}

const invalid = (path: string, message: string) => AppError.badRequest([{ path, code: 'invalid', message }]);
const doctorName = (d: { title: string; firstname: string; lastname: string }) => [d.title, d.firstname, d.lastname].filter(Boolean).join(' ');

/** The letterhead of a request: the pharmacy's (company settings) or a care home's sender settings. */
type Sender = ReturnType<typeof letterhead> & { logo?: string };

/** The message's payload addressed to the doctor's current e-mail or fax, or undefined when that did not change (or is gone). */
function currentAddress(message: OutboxMessage, doctor: { email: string | null; fax: string | null } | null): OutboxMessage['payload'] | undefined {
  if (!doctor) return undefined;
  if (message.channel === 'email') {
    const payload = message.payload as EmailPayload;
    const email = doctor.email?.trim();
    return email && !(payload.to.length === 1 && payload.to[0] === email) ? { ...payload, to: [email] } : undefined;
  }
  const payload = message.payload as FaxPayload;
  const fax = doctor.fax?.trim();
  return fax && fax !== payload.to ? { ...payload, to: fax } : undefined;
}

/** A request's prints, made before its transaction. */
interface Printed {
  fileId: string;
  /** The notice sheet faxed instead of the request (doctors who prefer a fax notification). */
  noticeFileId: string | null;
  /** The notice's text (notifications by e-mail and fax). */
  notice: string;
  reasonLine: string;
}

/**
 * Sending prescription requests: per doctor one PDF (letterhead, text, the orders as a table), one
 * document row, on every order a recipe_request event and the channel's first event, and one outbox
 * message — the PDFs printed first, everything else in one transaction. The outbox delivers later;
 * its outcome writes the channel's result on the orders ('E-Mail wurde versendet' or failed, 'Fax
 * wurde versendet' or the error).
 */
@Injectable()
export class DocumentSendingService implements OnModuleInit {
  constructor(
    private readonly repo: DocumentsRepository,
    private readonly tasks: TasksRepository,
    private readonly files: FilesService,
    private readonly pdf: PdfService,
    private readonly outbox: OutboxService,
    private readonly settings: SettingsRepository,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
    private readonly live: TasksLive,
    private readonly tracker: RequestTrackerService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.outbox.registerHandlers(REFERENCE_KIND, {
      onSent: (message) => this.outcome(message, 'sent', null),
      // An HTTP fax gateway took the fax; its delivery report follows (onSent / onFailed).
      onSubmitted: (message) => this.submitted(message),
      onFailed: (message, error) => this.outcome(message, 'failed', error),
      // "Erneut senden" here or on the outbox page: the request is on its way again.
      onRequeued: (message, requestedBy) => this.requeued(message, requestedBy),
    });
  }

  /** POST /api/documents: checks every group, then writes and queues them all, or nothing. */
  async create(auth: AuthContext, dto: DocumentCreateDto): Promise<DocumentCreateResponse> {
    const groups = await this.check(auth, dto);
    const pharmacy = letterhead(await this.settings.get());
    const createdAt = this.clock.now();
    const senders = new Map<string, Promise<Sender | null>>();
    const senderOf = async (group: CheckedGroup): Promise<Sender> => {
      const homeIds = [...new Set(group.rows.map((r) => r.task.homeId))];
      const homeId = homeIds.length === 1 ? homeIds[0] : null;
      if (!homeId) return pharmacy;
      if (!senders.has(homeId)) senders.set(homeId, this.homeSender(homeId, berlinDate(createdAt)));
      return (await senders.get(homeId)) ?? pharmacy;
    };
    // The PDFs are printed before the transaction: a print takes up to the PDF service's timeout,
    // and the orders must not stay locked meanwhile (on the embedded database the one connection
    // would hold up every other request). When the writing fails, the prints are removed again.
    const printed: Printed[] = [];
    let ids: string[];
    try {
      for (const group of groups) printed.push(await this.print(auth, group, await senderOf(group), createdAt));
      ids = await this.unitOfWork.run(async () => {
        // Each order becomes one request's current one: two sendings for the same order wait for each other.
        await this.tasks.lockMany(groups.flatMap((g) => g.rows.map((r) => r.task.id)));
        const created: string[] = [];
        for (const [i, group] of groups.entries()) created.push(await this.write(auth, group, printed[i]!, createdAt));
        return created;
      });
    } catch (error) {
      await Promise.all(printed.flatMap((p) => [p.fileId, p.noticeFileId]).filter((id): id is string => !!id).map((id) => this.files.remove(id).catch(() => undefined)));
      throw error;
    }
    const documents = await Promise.all(ids.map(async (id) => this.toDto((await this.repo.find(id))!, groups[ids.indexOf(id)]!.doctor, auth)));
    return { message: DOCUMENT_MESSAGES.created, documents };
  }

  /**
   * POST /api/documents/{id}/resend ('Erneut senden'): a failed request's message is queued again
   * (same key, so the same Message-ID); a fax says again that it is on its way. 404 when the caller
   * may not read the request, 403 when it may not send, 409 unless it failed.
   */
  async resend(auth: AuthContext, id: string): Promise<DocumentResendResponse> {
    const found = await this.repo.find(id);
    documentPolicy.assert(auth, 'resend', found ? { id: found.id, home: found.homeId, doctor: found.doctorId } : null);
    const document = found!;
    await this.unitOfWork.run(async () => {
      const [message] = (await this.outbox.list({ reference: { kind: REFERENCE_KIND, id }, state: 'failed', limit: 1 })).data;
      // Sent to the doctor's address as it is now: a wrong e-mail address or fax number, the usual
      // cause of a failure, is corrected on the doctor and then sent again.
      const [doctor] = await this.repo.doctors([document.doctorId]);
      const payload = message ? currentAddress(message, doctor ?? null) : undefined;
      // The requeue tells `requeued` below, which puts the request back on its way.
      if (document.state !== 'failed' || !message || !(await this.outbox.retry(message.id, auth.userId, payload))) {
        throw new AppError(409, [{ code: 'conflict', message: DOCUMENT_MESSAGES.notFailed }]);
      }
      await this.audit.recordBy(auth, { action: 'document.resend', target: id, meta: { message: message.id } });
    });
    const [doctor] = await this.repo.doctors([document.doctorId]);
    return { message: DOCUMENT_MESSAGES.resent, document: this.toDto((await this.repo.find(id))!, doctor!, auth) };
  }

  /**
   * A failed request's message queued again, from its own "Erneut senden" or from the outbox page:
   * the request is queued, its orders' tracker rows are 'requested' again with a new reminder, and a
   * fax says again that it is on its way. In the requeue's transaction.
   */
  private async requeued(message: OutboxMessage, requestedBy: string | null): Promise<void> {
    const document = message.referenceId ? await this.repo.find(message.referenceId) : null;
    if (!document || document.state !== 'failed') return;
    await this.repo.setState(document.id, 'queued');
    await this.tracker.resent(document.id, document.priority as DocumentPriority, requestedBy);
    if (message.channel === 'fax') await this.repo.addEvents(document.taskIds, { type: 'fax', data: null, document: document.id, createdBy: requestedBy });
  }

  /** GET /api/documents/{id}/pdf: the request's PDF, for whoever may read the document (404 otherwise). */
  async pdfOf(auth: AuthContext, id: string): Promise<StoredFile> {
    const document = await this.repo.find(id);
    documentPolicy.assert(auth, 'read', document ? { id: document.id, home: document.homeId, doctor: document.doctorId } : null);
    const file = document!.fileId ? await this.files.read(document!.fileId) : null;
    if (!file) throw AppError.notFound();
    return file;
  }

  /** The groups as sent, checked before anything is written: doctor, channel, subject, text, orders. */
  private async check(auth: AuthContext, dto: DocumentCreateDto): Promise<CheckedGroup[]> {
    const list = dto.documents as unknown;
    if (!Array.isArray(list) || !list.length || list.length > DOCUMENTS_MAX || !list.every((g) => g && typeof g === 'object' && !Array.isArray(g))) {
      throw invalid('documents', DOCUMENT_MESSAGES.documentsList);
    }
    const type = dto.type ?? DOCUMENT_REQUEST_DEFAULT_TYPE;
    const parsed = (list as Record<string, unknown>[]).map((g, i) => {
      const path = `documents.${i}`;
      if (typeof g.subject !== 'string' || !g.subject.trim()) throw invalid(`${path}.subject`, DOCUMENT_MESSAGES.subjectRequired);
      if (g.subject.length > DOCUMENT_SUBJECT_MAX) throw invalid(`${path}.subject`, DOCUMENT_MESSAGES.subjectTooLong);
      if (/[\u0000-\u001f\u007f]/.test(g.subject)) throw invalid(`${path}.subject`, DOCUMENT_MESSAGES.subjectInvalid);
      if (g.content !== undefined && typeof g.content !== 'string') throw invalid(`${path}.content`, DOCUMENT_MESSAGES.contentTooLong);
      const content = (g.content as string | undefined) ?? '';
      if (content.length > DOCUMENT_CONTENT_MAX) throw invalid(`${path}.content`, DOCUMENT_MESSAGES.contentTooLong);
      if (typeof g.doctor !== 'string') throw new AppError(404, [{ path: `${path}.doctor`, code: 'not_found', message: DOCUMENT_MESSAGES.doctorUnknown }]);
      const tasks = taskIds(g.tasks, DOCUMENT_REQUEST_MAX_TASKS, { list: DOCUMENT_MESSAGES.tasksList, empty: DOCUMENT_MESSAGES.noTasks, tooMany: DOCUMENT_MESSAGES.tasksTooMany, unknown: DOCUMENT_MESSAGES.tasksUnknown });
      const reason = choice(g.reason, DOCUMENT_REASONS, DOCUMENT_DEFAULT_REASON, `${path}.reason`, DOCUMENT_MESSAGES.reason);
      const priority = choice(g.priority, DOCUMENT_PRIORITIES, DOCUMENT_DEFAULT_PRIORITY, `${path}.priority`, DOCUMENT_MESSAGES.priority);
      const supplyDays = supplyDaysOf(g.supplyDays, reason, `${path}.supplyDays`);
      return { path, doctor: g.doctor, subject: g.subject.trim(), content: sanitizeRichText(content), tasks, reason, priority, supplyDays };
    });
    const allIds = parsed.flatMap((g) => g.tasks);
    if (new Set(allIds).size !== allIds.length) throw invalid('documents', DOCUMENT_MESSAGES.taskOfOtherDoctor);
    const { rows } = await this.tasks.list({ query: { offset: 0, limit: allIds.length, sort: { field: 'latestDelivery', desc: false }, filter: {} }, viewerId: auth.userId, scope: taskPolicy.where(auth, 'content'), ids: allIds });
    if (rows.length !== allIds.length) throw new AppError(404, [{ path: 'documents', code: 'not_found', message: DOCUMENT_MESSAGES.tasksUnknown }]);
    const byId = new Map(rows.map((r) => [r.task.id, r]));
    const doctors = new Map((await this.repo.doctors([...new Set(parsed.map((g) => g.doctor))].filter(isId))).map((d) => [d.id, d]));
    return parsed.map((g) => {
      const doctor = doctors.get(g.doctor);
      if (!doctor || doctor.deactivatedAt || !doctorPolicy.can(auth, 'read', { id: doctor.id, state: stateOf(doctor.deactivatedAt) })) {
        throw new AppError(404, [{ path: `${g.path}.doctor`, code: 'not_found', message: DOCUMENT_MESSAGES.doctorUnknown }]);
      }
      const groupRows = g.tasks.map((id) => byId.get(id)!);
      if (groupRows.some((r) => r.task.doctorId !== doctor.id)) throw invalid(`${g.path}.tasks`, DOCUMENT_MESSAGES.taskOfOtherDoctor);
      if (groupRows.some((r) => r.task.type === WAITING_AT_PRACTICE)) throw invalid(`${g.path}.tasks`, DOCUMENT_MESSAGES.waitingAtPractice);
      const channel = documentChannel(type, doctor);
      if (!channel) throw invalid(`${g.path}.doctor`, DOCUMENT_MESSAGES.noAddress);
      // Each way needs its own right (the order's "E-Mail" / "Fax" action); document_create allows both.
      const way: PermissionName = channel === 'fax' || channel === 'fax-notification' ? 'task_action_fax_view' : 'task_action_mail_view';
      if (!auth.can('document_create') && !auth.can(way)) throw AppError.forbidden();
      return { doctor, channel, subject: g.subject, content: g.content, rows: groupRows, reason: g.reason, priority: g.priority, supplyDays: g.supplyDays };
    });
  }

  /**
   * The letterhead of a request whose orders all belong to one care home with a contract in force
   * and sender settings: the home's sender name, phone, fax and logo (the address and e-mail are
   * the home's). Null: the pharmacy's letterhead from the company settings.
   */
  private async homeSender(homeId: string, today: string): Promise<Sender | null> {
    const home = await this.repo.homeSender(homeId, today);
    if (!home) return null;
    const logo = home.logo ? await this.files.read(home.logo) : null;
    return {
      name: home.name.trim(),
      street: home.street,
      place: [home.postalCode, home.city].filter(Boolean).join(' '),
      phone: home.phone,
      fax: home.fax,
      email: home.email,
      logo: logo && logo.row.mimeType.startsWith('image/') ? `data:${logo.row.mimeType};base64,${logo.data.toString('base64')}` : undefined,
    };
  }

  /** One doctor's request printed and stored: its PDF and, for a fax notice, the notice sheet. */
  private async print(auth: AuthContext, group: CheckedGroup, sender: Sender, createdAt: Date): Promise<Printed> {
    const { doctor, rows } = group;
    const reasonLine = documentReasonLine(group.reason, group.priority, group.supplyDays);
    const pdf = await this.pdf.render(
      'recipe-request',
      {
        sender,
        doctor: { name: [doctorName(doctor), doctor.practice].filter(Boolean).join(', '), street: doctor.street, place: doctor.place, fax: doctor.fax, email: doctor.email },
        subject: group.subject,
        reasonLine,
        urgent: group.priority === 'urgent',
        contentHtml: group.content,
        createdAt,
        tasks: rows.map(taskSheetRow),
      },
      { title: group.subject },
    );
    const file = await this.files.save(pdf, { accept: ['application/pdf'], message: DOCUMENT_MESSAGES.noneSent, maxBytes: 20 * 1024 * 1024, originalName: PDF_NAME, createdBy: auth.userId });
    const notice = `Für Sie liegt eine neue Rezeptanforderung${sender.name ? ` von ${sender.name}` : ''} im Medikationsportal bereit.`;
    let noticeFileId: string | null = null;
    if (group.channel === 'fax-notification') {
      const sheet = await this.pdf.render('fax-notice', { notice, createdAt: new Date() }, { title: 'Neue Rezeptanforderung' });
      noticeFileId = (await this.files.save(sheet, { accept: ['application/pdf'], message: DOCUMENT_MESSAGES.noneSent, maxBytes: 5 * 1024 * 1024, originalName: 'Hinweis.pdf', createdBy: auth.userId })).id;
    }
    return { fileId: file.id, noticeFileId, notice, reasonLine };
  }

  /** One doctor's document: row, events, outbox message, with its prints. Inside the caller's unit of work. */
  private async write(auth: AuthContext, group: CheckedGroup, printed: Printed, createdAt: Date): Promise<string> {
    const { doctor, channel, rows } = group;
    const { reasonLine } = printed;
    const homes = [...new Set(rows.map((r) => r.task.homeId))];
    const taskIdsOf = rows.map((r) => r.task.id);
    const id = await this.repo.insert({
      doctorId: doctor.id,
      homeId: homes.length === 1 ? homes[0]! : null,
      channel,
      subject: group.subject,
      content: group.content,
      taskIds: taskIdsOf,
      fileId: printed.fileId,
      state: 'queued',
      reason: group.reason,
      priority: group.priority,
      supplyDays: group.supplyDays,
      createdAt,
      createdBy: auth.userId,
    });
    await this.tracker.track(id, taskIdsOf, group.priority, createdAt, auth.userId);
    const plain = richTextToPlain(group.content);
    // The chat shows the reason line above the text; the data keeps the choice itself too.
    const message = [reasonLine, plain].filter(Boolean).join('\n\n');
    const events = await this.repo.addEvents(taskIdsOf, {
      type: 'recipe_request',
      data: { subject: group.subject, message, reason: group.reason, priority: group.priority, supplyDays: group.supplyDays },
      document: id,
      createdBy: auth.userId,
    });
    // A fax says at once that it is on its way ('Fax wird versendet'); an e-mail speaks when it went.
    if (channel === 'fax' || channel === 'fax-notification') await this.repo.addEvents(taskIdsOf, { type: 'fax', data: null, document: id, createdBy: auth.userId });
    await this.enqueue(auth, id, group, printed, message);
    await this.audit.recordBy(auth, { action: 'document.create', target: id, meta: { doctor: doctor.id, channel, tasks: taskIdsOf.length } });
    rows.forEach((r, i) => this.live.eventCreated({ id: r.task.id, homeId: r.task.homeId, doctorId: r.task.doctorId, status: r.task.status }, events[i]!));
    return id;
  }

  private async enqueue(auth: AuthContext, id: string, group: CheckedGroup, printed: Printed, plain: string): Promise<void> {
    const reference = { kind: REFERENCE_KIND, id };
    const common = { idempotencyKey: `document-${id}`, reference, createdBy: auth.userId };
    switch (group.channel) {
      case 'email':
        await this.outbox.enqueue({ ...common, channel: 'email', payload: { to: [group.doctor.email], subject: group.subject, text: plain, attachments: [{ fileId: printed.fileId, name: PDF_NAME }] } });
        return;
      case 'email-notification':
        // A notice without health data: no patient, no medicine, no attachment.
        await this.outbox.enqueue({ ...common, channel: 'email', payload: { to: [group.doctor.email], subject: 'Neue Rezeptanforderung', text: printed.notice } });
        return;
      case 'fax':
        await this.outbox.enqueue({ ...common, channel: 'fax', payload: { to: group.doctor.fax, fileId: printed.fileId, name: PDF_NAME } });
        return;
      case 'fax-notification':
        await this.outbox.enqueue({ ...common, channel: 'fax', payload: { to: group.doctor.fax, fileId: printed.noticeFileId!, name: 'Hinweis.pdf' } });
        return;
    }
  }

  /** An HTTP fax gateway took the request's fax: its orders stand at 'versendet' until the gateway's report. */
  private async submitted(message: OutboxMessage): Promise<void> {
    if (message.referenceId) await this.tracker.outboxOutcome(message.referenceId, 'submitted');
  }

  /** The outbox's outcome of a document's message: its state, and the channel's event on every order. */
  private async outcome(message: OutboxMessage, state: Exclude<DocumentState, 'queued'>, error: string | null): Promise<void> {
    const document = message.referenceId ? await this.repo.find(message.referenceId) : null;
    if (!document) return;
    await this.repo.setState(document.id, state);
    await this.tracker.outboxOutcome(document.id, state === 'sent' ? 'delivered' : 'failed');
    const fax = message.channel === 'fax';
    const event = fax
      ? { type: 'faxresponse', data: state === 'sent' ? 'SENT' : (error ?? 'FAILED').slice(0, 200), state: null }
      : { type: 'email', data: null, state: state === 'sent' ? null : 'failed' };
    const events = await this.repo.addEvents(document.taskIds, { ...event, document: document.id, createdBy: message.createdBy });
    const tasks = new Map((await this.tasks.findMany(document.taskIds)).map((t) => [t.id, t]));
    document.taskIds.forEach((taskId, i) => {
      const t = tasks.get(taskId);
      if (t) this.live.eventCreated({ id: t.id, homeId: t.homeId, doctorId: t.doctorId, status: t.status }, events[i]!);
    });
  }

  private toDto(row: NonNullable<Awaited<ReturnType<DocumentsRepository['find']>>>, doctor: Doctor, auth: AuthContext): DocumentDto {
    return documentDto(row, doctor, row.createdBy === auth.userId ? { _id: auth.userId, username: auth.user.username } : null);
  }
}
