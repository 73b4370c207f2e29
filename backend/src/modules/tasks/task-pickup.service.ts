import { Injectable } from '@nestjs/common';
import { PICKUP_TASK_TYPES, TASK_MESSAGES, type TaskDto, type TaskEventDto, type TaskType } from '@mediport/contracts';
import { PICKUP_MAX_TASKS, PICKUP_MESSAGES } from '@mediport/contracts/delivery';
import { DELIVERY_SIGNATURE_MAX_BYTES, type DeliveryPosition, type DeliveryProofData, type IncidentData, DELIVERY_MESSAGES } from '@mediport/contracts/delivery';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { sniffType } from '../../core/files/file-types.js';
import { FilesService } from '../../core/files/files.service.js';
import { PdfService } from '../../core/pdf/pdf.service.js';
import { taskPolicy } from '../../core/permissions/policies/index.js';
import { letterhead } from '../settings/letterhead.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { taskSheetRow } from './task-sheet-row.js';
import type { TaskDeliveryDto, TaskIncidentDto } from './dto/task-delivery.dto.js';
import { taskIds } from './dto/task-ids.js';
import { TaskEventsRepository } from './task-events.repository.js';
import { TaskEventsService } from './task-events.service.js';
import { TaskHooksRegistry } from './task-hooks.js';
import { TasksLive } from './tasks.live.js';
import { type TaskListRow, type TaskRow, TasksRepository } from './tasks.repository.js';
import { TASK_AUDIT, TasksService, taskSubject } from './tasks.service.js';

/** A listed task the caller may not see (or none at all): 404, for all of them at once. */
const pickupUnknown = () => new AppError(404, [{ path: 'tasks', code: 'not_found', message: PICKUP_MESSAGES.unknown }]);

/** The signature as multer hands it over (memory storage). */
export interface SignatureUpload {
  buffer: Buffer;
  size: number;
}

/** The pickup sheet: the PDF and its download name. */
export interface PickupSheet {
  pdf: Buffer;
  fileName: string;
}

const SIGNATURE_NAME = 'Unterschrift.png';

/** Parts of a Berlin date-time, for the sheet's date and the file name. */
function berlinParts(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** `abholauftrag_YYYYMMDD_HHmmss.pdf` in Berlin time. */
export function pickupFileName(at: Date): string {
  const p = berlinParts(at);
  return `abholauftrag_${p.year}${p.month}${p.day}_${p.hour}${p.minute}${p.second}.pdf`;
}

/** A stop of the pickup sheet: where the driver collects (a practice, or a care home for a prescription kept there). */
interface Stop {
  key: string;
  kind: string;
  name: string;
  street: string;
  place: string;
  phone: string;
  tasks: TaskListRow[];
}

const personName = (p: { title?: string | null; firstname?: string | null; lastname?: string | null } | null) => [p?.title, p?.firstname, p?.lastname].filter(Boolean).join(' ');

/**
 * Where the driver collects a task: a prescription in the living area (type 3) at the care home,
 * everything else at the doctor's practice (at the home when the order names no doctor).
 */
function stopOf(row: TaskListRow): Omit<Stop, 'tasks'> {
  const atHome = row.task.type === 3 || !row.doctor?._id;
  if (atHome) {
    const h = row.home;
    return { key: `home:${h?._id ?? 'none'}`, kind: 'Pflegeeinrichtung', name: h?.name ?? 'Ohne Einrichtung', street: h?.street ?? '', place: [h?.postalCode, h?.city].filter(Boolean).join(' '), phone: h?.phone ?? '' };
  }
  const d = row.doctor!;
  const name = [personName(d), row.practice].filter(Boolean).join(', ');
  return { key: `doctor:${d._id}`, kind: 'Arztpraxis', name, street: row.doctorStreet ?? '', place: [row.doctorPostalCode, row.doctorCity].filter(Boolean).join(' '), phone: row.doctorPhone ?? '' };
}

/**
 * Stops in a driver's order: by postal code (neighbouring places together), then name; within a
 * stop by care home, living area and patient.
 */
export function pickupStops(rows: TaskListRow[]): Stop[] {
  const stops = new Map<string, Stop>();
  for (const row of rows) {
    const stop = stopOf(row);
    const found = stops.get(stop.key) ?? { ...stop, tasks: [] };
    found.tasks.push(row);
    stops.set(stop.key, found);
  }
  const byText = (a: string, b: string) => a.localeCompare(b, 'de');
  for (const stop of stops.values()) {
    stop.tasks.sort((a, b) => byText(a.home?.name ?? '', b.home?.name ?? '') || byText(a.livingArea ?? '', b.livingArea ?? '') || byText(a.patient?.lastname ?? '', b.patient?.lastname ?? '') || byText(a.patient?.firstname ?? '', b.patient?.firstname ?? ''));
  }
  return [...stops.values()].sort((a, b) => byText(a.place, b.place) || byText(a.name, b.name));
}

/** A coordinate field: a finite decimal within its bounds, or undefined when not sent. */
function coordinate(value: string | undefined, bound: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || Math.abs(n) > bound) throw AppError.badRequest([{ path: 'position', code: 'invalid', message: DELIVERY_MESSAGES.position }]);
  return n;
}

function positionOf(dto: TaskDeliveryDto): DeliveryPosition | null {
  const latitude = coordinate(dto.latitude, 90);
  const longitude = coordinate(dto.longitude, 180);
  const accuracy = coordinate(dto.accuracy, 1e7);
  if (latitude === undefined && longitude === undefined) return null;
  if (latitude === undefined || longitude === undefined || (accuracy !== undefined && accuracy < 0)) {
    throw AppError.badRequest([{ path: 'position', code: 'invalid', message: DELIVERY_MESSAGES.position }]);
  }
  return { latitude, longitude, accuracy: accuracy ?? null };
}

/**
 * The drivers' side of orders: the pickup sheet that hands new orders to the drivers, the proof of
 * a delivery to a care home, and problems reported on the way.
 */
@Injectable()
export class TaskPickupService {
  constructor(
    private readonly repo: TasksRepository,
    private readonly tasks: TasksService,
    private readonly events: TaskEventsRepository,
    private readonly feed: TaskEventsService,
    private readonly files: FilesService,
    private readonly settings: SettingsRepository,
    private readonly pdf: PdfService,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
    private readonly live: TasksLive,
    private readonly hooks: TaskHooksRegistry,
  ) {}

  /**
   * POST /api/tasks/pickup: the listed new orders (types 1, 3, 4) go to the drivers, and the answer
   * is their pickup sheet. All or nothing: one task the caller may not see (404), not new or a
   * self-purchase (409), or not the caller's to hand over (403) refuses the whole request, and a
   * sheet that cannot be printed changes nothing.
   */
  async pickupSheet(auth: AuthContext, body: unknown): Promise<PickupSheet> {
    const ids = this.pickupIds(body);
    const at = new Date();
    // Printed before the orders are locked: a print may take seconds, and on the embedded database
    // a transaction holds the one connection. The same checks run again on the locked rows, so an
    // order that changed meanwhile refuses the whole request and the sheet is never handed out.
    this.checkPickup(auth, ids, await this.repo.findMany(ids));
    const { rows } = await this.repo.list({ query: { offset: 0, limit: ids.length, sort: { field: 'createdAt', desc: false }, filter: {} }, viewerId: auth.userId, scope: undefined, ids });
    const pdf = await this.renderSheet(rows, at);
    await this.unitOfWork.run(async () => {
      const visible = this.checkPickup(auth, ids, await this.repo.lockMany(ids));
      await this.repo.saveMany(ids, { status: 'pickup', modifiedAt: at, modifiedBy: auth.userId });
      const eventIds = await this.repo.addStatusEvents(visible.map((t) => ({ taskId: t.id, from: 'new', to: 'pickup' })), auth.userId);
      await this.hooks.statusChanged({ auth, changes: visible.map((t) => ({ taskId: t.id, from: 'new', to: 'pickup' })) });
      await this.audit.recordBy(auth, { action: TASK_AUDIT.pickupSheet, target: ids[0]!, meta: { tasks: ids } });
      visible.forEach((t, i) => {
        const before = this.liveTask(t);
        this.live.taskChanged({ ...before, status: 'pickup' }, before);
        this.live.eventCreated({ ...before, status: 'pickup' }, eventIds[i]!);
      });
    });
    return { pdf, fileName: pickupFileName(at) };
  }

  /** The listed orders, all of them the caller's to hand to the drivers: else 404, 409 or 403 for the whole request. */
  private checkPickup(auth: AuthContext, ids: string[], found: TaskRow[]): TaskRow[] {
    const visible = found.filter((t) => taskPolicy.can(auth, 'read', taskSubject(t)));
    if (visible.length !== ids.length) throw pickupUnknown();
    if (visible.some((t) => t.status !== 'new')) throw new AppError(409, [{ path: 'tasks', code: 'illegal_transition', message: PICKUP_MESSAGES.notNew }]);
    if (visible.some((t) => !PICKUP_TASK_TYPES.includes(t.type as TaskType))) throw new AppError(409, [{ path: 'tasks', code: 'illegal_transition', message: PICKUP_MESSAGES.type }]);
    for (const t of visible) taskPolicy.assert(auth, 'pickup', taskSubject(t));
    return visible;
  }

  private async renderSheet(rows: TaskListRow[], at: Date): Promise<Buffer> {
    const company = await this.settings.get();
    const p = berlinParts(at);
    const stops = pickupStops(rows).map((stop) => ({
      kind: stop.kind,
      name: stop.name,
      street: stop.street,
      place: stop.place,
      phone: stop.phone,
      tasks: stop.tasks.map(taskSheetRow),
    }));
    return this.pdf.render(
      'pickup-sheet',
      {
        pharmacy: letterhead(company),
        createdAt: at,
        taskCount: rows.length,
        stopCount: stops.length,
        stops,
      },
      { title: `Abholauftrag ${p.day}.${p.month}.${p.year}` },
    );
  }

  /** The listed ids: a list of 1 to PICKUP_MAX_TASKS distinct task ids. */
  private pickupIds(body: unknown): string[] {
    const list = body && typeof body === 'object' ? (body as { tasks?: unknown }).tasks : undefined;
    return taskIds(list, PICKUP_MAX_TASKS, {
      list: TASK_MESSAGES.seenList,
      empty: PICKUP_MESSAGES.empty,
      tooMany: PICKUP_MESSAGES.tooMany,
      duplicate: PICKUP_MESSAGES.duplicate,
      unknown: PICKUP_MESSAGES.unknown,
    });
  }

  /**
   * POST /api/tasks/{id}/delivery: the driver hands a delivery over at a care home. The recipient's
   * name and signature (PNG) are kept as a delivery_proof event with the time and, when granted,
   * the device's position; the task is finished in the same transaction.
   */
  async proveDelivery(auth: AuthContext, id: string, dto: TaskDeliveryDto, signature: SignatureUpload | undefined): Promise<TaskDto> {
    const recipient = dto.recipient.replace(/[\p{Cc}\p{Cf}]/gu, ' ').trim();
    if (!recipient) throw AppError.badRequest([{ path: 'recipient', code: 'invalid', message: DELIVERY_MESSAGES.recipientRequired }]);
    if (!signature?.buffer.length) throw AppError.badRequest([{ path: 'signature', code: 'invalid', message: DELIVERY_MESSAGES.signatureRequired }]);
    if (signature.buffer.length > DELIVERY_SIGNATURE_MAX_BYTES) throw new AppError(413, [{ path: 'signature', code: 'too_large', message: DELIVERY_MESSAGES.signatureSize }]);
    if (sniffType(signature.buffer) !== 'image/png') throw new AppError(415, [{ path: 'signature', code: 'unsupported_media_type', message: DELIVERY_MESSAGES.signatureType }]);
    const position = positionOf(dto);
    await this.unitOfWork.run(async () => {
      const current = await this.lockedForDriver(auth, id, 'prove');
      if (!current.homeId) throw new AppError(409, [{ path: 'status', code: 'illegal_transition', message: DELIVERY_MESSAGES.proofNeedsHome }]);
      const stored = await this.files.save(signature.buffer, { accept: ['image/png'], message: DELIVERY_MESSAGES.signatureType, maxBytes: DELIVERY_SIGNATURE_MAX_BYTES, originalName: SIGNATURE_NAME, createdBy: auth.userId, path: 'signature' });
      const data: DeliveryProofData = { recipient, deliveredAt: new Date().toISOString(), position };
      const proof = await this.events.insert({ taskId: id, type: 'delivery_proof', data, files: [{ fileId: stored.id, name: SIGNATURE_NAME, mimeType: stored.mimeType, size: stored.size }], createdBy: auth.userId });
      await this.repo.save(id, { status: 'finished', modifiedAt: new Date(), modifiedBy: auth.userId });
      const statusEvent = await this.repo.addStatusEvent(id, current.status, 'finished', auth.userId);
      await this.hooks.statusChanged({ auth, changes: [{ taskId: id, from: current.status, to: 'finished' }] });
      await this.audit.recordBy(auth, { action: TASK_AUDIT.delivery, target: id, meta: { event: proof, from: current.status } });
      const before = this.liveTask(current);
      this.live.taskChanged({ ...before, status: 'finished' }, before);
      this.live.eventCreated({ ...before, status: 'finished' }, proof);
      this.live.eventCreated({ ...before, status: 'finished' }, statusEvent);
    });
    return this.tasks.row(auth, id);
  }

  /** POST /api/tasks/{id}/incidents: a problem on the way, in the task's feed for pharmacy and home. */
  async reportIncident(auth: AuthContext, id: string, dto: TaskIncidentDto): Promise<TaskEventDto> {
    const text = (dto.text ?? '').trim();
    if (dto.reason === 'other' && !text) throw AppError.badRequest([{ path: 'text', code: 'invalid', message: DELIVERY_MESSAGES.incidentText }]);
    const eventId = await this.unitOfWork.run(async () => {
      const current = await this.lockedForDriver(auth, id, 'report');
      const data: IncidentData = { reason: dto.reason, text };
      const eventId = await this.events.insert({ taskId: id, type: 'incident', data, createdBy: auth.userId });
      await this.audit.recordBy(auth, { action: TASK_AUDIT.incident, target: id, meta: { event: eventId, reason: dto.reason } });
      this.live.eventCreated(this.liveTask(current), eventId);
      return eventId;
    });
    return this.feed.toDto(auth, (await this.events.findOne(eventId, auth.userId))!);
  }

  /**
   * The task locked for a driver's step: 404 when the caller may not see it, 403 when the step is
   * not the caller's (or the task is no longer on the road).
   */
  private async lockedForDriver(auth: AuthContext, id: string, action: 'prove' | 'report'): Promise<TaskRow> {
    const current = await this.repo.lock(id);
    taskPolicy.assert(auth, action, current ? taskSubject(current) : null);
    return current!;
  }

  private liveTask(t: TaskRow) {
    return { id: t.id, homeId: t.homeId, doctorId: t.doctorId, status: t.status };
  }
}
