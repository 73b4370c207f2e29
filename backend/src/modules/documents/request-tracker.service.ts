import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ListResponse } from '@mediport/contracts';
import {
  DOCUMENT_MESSAGES,
  type DocumentMarkResponse,
  type DocumentPriority,
  type DocumentState,
  type DocumentTrackerDto,
  type RequestCause,
  type RequestState,
} from '@mediport/contracts/documents';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { Clock } from '../../core/clock/clock.js';
import type { AppConfig } from '../../core/config/app-config.js';
import { APP_CONFIG } from '../../core/config/config.module.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { documentPolicy } from '../../core/permissions/policies/index.js';
import { TaskHooksRegistry, type TaskMessageWritten, type TaskStatusChanged } from '../tasks/task-hooks.js';
import { TasksLive } from '../tasks/tasks.live.js';
import { TasksRepository } from '../tasks/tasks.repository.js';
import type { DocumentListQuery } from './dto/document-list-query.js';
import type { DocumentMarkDto } from './dto/document-mark.dto.js';
import { documentDto } from './document-dto.js';
import { DocumentsRepository } from './documents.repository.js';
import { reminderDue, requestProgress, requestSources } from './request-state.js';
import { type RawItem, type TrackedItem, type TrackerListRow, RequestTrackerRepository, type TrackerSelector } from './request-tracker.repository.js';

/** The request's state before the tracker knew its orders: what its message state says. */
const BY_MESSAGE: Record<DocumentState, RequestState> = { queued: 'requested', sent: 'delivered', failed: 'failed' };

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The tracker of prescription requests: per order of a request its state (angefordert → versendet →
 * zugestellt → bestätigt → Rezept eingegangen, or fehlgeschlagen) with the history of each step. The
 * sending and the outbox's outcomes move it (DocumentSendingService), the practice's chat message and
 * the pickup move it (the orders' hooks, in their transaction), and a click marks it
 * (POST /api/documents/{id}/confirm, /received).
 */
@Injectable()
export class RequestTrackerService implements OnModuleInit {
  constructor(
    private readonly repo: RequestTrackerRepository,
    private readonly documents: DocumentsRepository,
    private readonly tasks: TasksRepository,
    private readonly hooks: TaskHooksRegistry,
    private readonly live: TasksLive,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.hooks.register({
      messageWritten: (written) => this.practiceAnswered(written),
      statusChanged: (changed) => this.pickedUp(changed),
    });
  }

  /** A new request's orders stand at 'angefordert', reminded when due unless answered. Inside the sending's unit of work. */
  track(documentId: string, taskIds: string[], priority: DocumentPriority, sentAt: Date, by: string): Promise<void> {
    return this.repo.track(documentId, taskIds, sentAt, reminderDue(sentAt, priority, this.config.recipeReminders), by);
  }

  /** 'Erneut senden': the failed orders stand at 'angefordert' again, a new stage reminded anew. */
  async resent(documentId: string, priority: DocumentPriority, by: string | null): Promise<void> {
    const at = this.clock.now();
    await this.move({ document: documentId }, 'requested', 'resent', by, reminderDue(at, priority, this.config.recipeReminders));
  }

  /** The outbox's word on the request's message: handed to the fax gateway, delivered, or failed for good. */
  async outboxOutcome(documentId: string, to: Extract<RequestState, 'submitted' | 'delivered' | 'failed'>): Promise<void> {
    await this.move({ document: documentId }, to, 'outbox', null, to === 'failed' ? null : undefined);
  }

  /** GET /api/documents: the requests the caller may read, newest first, with every order's state and history. */
  async list(auth: AuthContext, query: DocumentListQuery): Promise<ListResponse<DocumentTrackerDto>> {
    const { rows, count } = await this.repo.list({ query, scope: documentPolicy.where(auth, 'read') });
    return { data: rows.map((r) => this.toDto(r)), count };
  }

  /** POST /api/documents/{id}/confirm: the practice confirmed the request (its doctor's users, or the pharmacy for it). */
  confirm(auth: AuthContext, id: string, dto: DocumentMarkDto): Promise<DocumentMarkResponse> {
    return this.mark(auth, id, dto, 'confirmed');
  }

  /** POST /api/documents/{id}/received: the pharmacy has the prescription. */
  receive(auth: AuthContext, id: string, dto: DocumentMarkDto): Promise<DocumentMarkResponse> {
    return this.mark(auth, id, dto, 'received');
  }

  /**
   * Marks the listed orders of a request (all when none are listed): 404 when the caller may not read
   * it, 403 when it may not mark it, 400 for orders not of the request, 409 when none of them can
   * move any more. The chat of each marked order says so.
   */
  private async mark(auth: AuthContext, id: string, dto: DocumentMarkDto, to: 'confirmed' | 'received'): Promise<DocumentMarkResponse> {
    const document = await this.documents.find(id);
    documentPolicy.assert(auth, to === 'confirmed' ? 'confirm' : 'receive', document ? { id: document.id, home: document.homeId, doctor: document.doctorId } : null);
    const tasks = this.markedTasks(dto.tasks as unknown, document!.taskIds);
    await this.unitOfWork.run(async () => {
      const moved = await this.move({ document: id, tasks }, to, 'manual', auth.userId, null);
      if (!moved.length) throw new AppError(409, [{ code: 'conflict', message: to === 'confirmed' ? DOCUMENT_MESSAGES.nothingToConfirm : DOCUMENT_MESSAGES.nothingToReceive }]);
      const taskIds = moved.map((m) => m.taskId);
      const text = to === 'confirmed' ? DOCUMENT_MESSAGES.confirmedEvent : DOCUMENT_MESSAGES.receivedEvent;
      const events = await this.documents.addEvents(taskIds, { type: 'document', data: { text }, document: id, createdBy: auth.userId });
      await this.audit.recordBy(auth, { action: `document.${to === 'confirmed' ? 'confirm' : 'receive'}`, target: id, meta: { tasks: taskIds } });
      await this.announce(taskIds, events);
    });
    return { message: to === 'confirmed' ? DOCUMENT_MESSAGES.confirmed : DOCUMENT_MESSAGES.received, document: await this.one(auth, id) };
  }

  /** The orders a mark names: absent → all of the request's; else a list of the request's own orders. */
  private markedTasks(given: unknown, of: string[]): string[] {
    if (given === undefined) return of;
    const mine = new Set(of);
    if (!Array.isArray(given) || !given.length || !given.every((t) => typeof t === 'string' && mine.has(t))) {
      throw AppError.badRequest([{ path: 'tasks', code: 'invalid', message: DOCUMENT_MESSAGES.markTasks }]);
    }
    return [...new Set(given as string[])];
  }

  /** A chat message of a doctor's user answers the order's requests to that doctor: 'bestätigt'. */
  private async practiceAnswered({ auth, taskId }: TaskMessageWritten): Promise<void> {
    if (!auth.user.roles.includes('ROLE_DOCTOR')) return;
    await this.move({ tasks: [taskId], doctor: auth.user.doctorId ?? undefined }, 'confirmed', 'message', auth.userId, null);
  }

  /** An order handed to the drivers has its prescription: 'Rezept eingegangen'. */
  private async pickedUp({ auth, changes }: TaskStatusChanged): Promise<void> {
    const picked = changes.filter((c) => c.to === 'pickup').map((c) => c.taskId);
    if (picked.length) await this.move({ tasks: picked }, 'received', 'pickup', auth.userId, null);
  }

  private async move(selector: TrackerSelector, to: RequestState, cause: RequestCause, by: string | null, remindAt?: Date | null): Promise<TrackedItem[]> {
    const moved = await this.repo.move(selector, { to, from: requestSources(to), cause, at: this.clock.now(), by, remindAt });
    // The orders list's chip follows.
    if (moved.length) await this.announce([...new Set(moved.map((m) => m.taskId))]);
    return moved;
  }

  /** Tells the orders' audiences: their rows changed, and (when given) their chats grew by `events` (one per task, in order). */
  private async announce(taskIds: string[], events?: string[]): Promise<void> {
    const found = new Map((await this.tasks.findMany(taskIds)).map((t) => [t.id, t]));
    taskIds.forEach((id, i) => {
      const t = found.get(id);
      if (!t) return;
      const live = { id: t.id, homeId: t.homeId, doctorId: t.doctorId, status: t.status };
      if (events?.[i]) this.live.eventCreated(live, events[i]);
      else this.live.taskChanged(live);
    });
  }

  /** One request as the tracker shows it (after a mark). */
  private async one(auth: AuthContext, id: string): Promise<DocumentTrackerDto> {
    const { rows } = await this.repo.list({ query: { offset: 0, limit: 1, sort: { field: 'createdAt', desc: true }, filter: {} }, scope: documentPolicy.where(auth, 'read'), ids: [id] });
    return this.toDto(rows[0]!);
  }

  private toDto(r: TrackerListRow): DocumentTrackerDto {
    const d = r.document;
    const items = (r.items as RawItem[]).map((i) => ({
      task: i.task,
      patient: i.patient,
      medicine: i.medicine,
      state: i.state,
      changedAt: iso(i.changedAt)!,
      remindedAt: iso(i.remindedAt),
      history: i.history.map((h) => ({ state: h.state, cause: h.cause, at: iso(h.at)!, by: h.by })),
    }));
    const doc = r.doctor;
    const doctor = { id: d.doctorId, title: doc.title ?? '', firstname: doc.firstname ?? '', lastname: doc.lastname ?? '', email: doc.email ?? '', fax: doc.fax ?? '', preferred: doc.preferred ?? 'NONE' };
    return {
      ...documentDto(d, doctor, r.creator._id && r.creator.username !== null ? { _id: r.creator._id, username: r.creator.username } : null),
      progress: requestProgress(items.map((i) => i.state), BY_MESSAGE[d.state as DocumentState] ?? 'requested'),
      items,
    };
  }
}
