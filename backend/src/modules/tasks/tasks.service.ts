import { Injectable } from '@nestjs/common';
import { type ListResponse, PICKUP_TASK_TYPES, type PastMedicineDto, type StopAddress, TASK_MESSAGES, type TaskDto, type TaskGroup, type TaskSeenResponse, type TaskStatus, type TaskSuggestionsResponse, type TaskTransitionRule, type TaskType } from '@mediport/contracts';
import { TASK_ON_THE_ROAD_STATUSES, TASK_OPEN_STATUSES, TASK_TRANSITIONS, transitionSources, transitionTo } from '@mediport/contracts/task-machine';
import { berlinToday, checkOrder, formatGermanDate } from '@mediport/validation';
import { actorRef } from '../../core/audit/actor-ref.js';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { doctorPolicy, patientPolicy, stateOf, type TaskAction, taskPolicy, type TaskSubject } from '../../core/permissions/policies/index.js';
import { SeenRepository } from '../statistics/seen.repository.js';
import type { SuggestionQuery, TaskListQuery } from './dto/task-list-query.js';
import type { TaskSeenDto, TaskWriteDto } from './dto/task-write.dto.js';
import { illegalTransition, invalidTask, statusNotAlone } from './tasks.errors.js';
import { taskRowActions } from './task-row-actions.js';
import { TaskHooksRegistry } from './task-hooks.js';
import { TasksLive } from './tasks.live.js';
import { TASK_SEEN, type TaskListRow, type TaskRow, TasksRepository } from './tasks.repository.js';
import { MedicinesService } from '../medicines/medicines.service.js';
import { PatientsRepository } from '../patients/patients.repository.js';
import { patientSubject } from '../patients/patients.service.js';

/** A select shows at most 100 options. */
const SUGGESTIONS_MAX = 100;

export const TASK_AUDIT = {
  create: 'task.create',
  update: 'task.update',
  status: 'task.status',
  message: 'task.message',
  pickupSheet: 'task.pickup_sheet',
  delivery: 'task.delivery_proof',
  incident: 'task.incident',
} as const;

type ListRow = TaskListRow;

export function taskSubject(row: Pick<TaskRow, 'id' | 'homeId' | 'doctorId' | 'status' | 'type'>): TaskSubject {
  return { id: row.id, home: row.homeId, doctor: row.doctorId, status: row.status, type: String(row.type) };
}

/** The order form after merging a request into the stored task (PUT) or on its own (POST). */
interface TaskForm {
  type: TaskType | undefined;
  group: TaskGroup;
  medicine: string;
  amount: number;
  dose: string;
  patient: string;
  doctor: string | null;
  latestDelivery: string;
}

const FIELDS = ['type', 'group', 'medicine', 'amount', 'dose', 'patient', 'doctor', 'latestDelivery'] as const;

type StopColumns = { _id: string | null; street: string | null; postalCode: string | null; city: string | null; phone: string | null } | null;

/** A joined home's or doctor's address and phone, null when the task names none. */
function stopAddress(r: StopColumns, name: string | null | undefined): StopAddress | null {
  return r?._id ? { name: name ?? '', street: r.street ?? '', postalCode: r.postalCode ?? '', city: r.city ?? '', phone: r.phone ?? '' } : null;
}

@Injectable()
export class TasksService {
  constructor(
    private readonly repo: TasksRepository,
    private readonly patients: PatientsRepository,
    private readonly audit: AuditService,
    private readonly seen: SeenRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly live: TasksLive,
    private readonly hooks: TaskHooksRegistry,
    private readonly medicines: MedicinesService,
  ) {}

  toDto(auth: AuthContext, r: ListRow): TaskDto {
    const t = r.task;
    return {
      _id: t.id,
      type: t.type as TaskType,
      status: t.status as TaskStatus,
      group: t.group as TaskGroup,
      medicine: t.medicine,
      amount: t.amount,
      dose: t.dose,
      patient: t.patientId,
      doctor: t.doctorId,
      home: t.homeId,
      latestDelivery: this.stored(t).latestDelivery,
      patientDetails: r.patient?._id ? { _id: r.patient._id, firstname: r.patient.firstname ?? '', lastname: r.patient.lastname ?? '', dateOfBirth: r.patient.dateOfBirth ? formatGermanDate(r.patient.dateOfBirth) : '' } : null,
      homeDetails: r.home?._id ? { _id: r.home._id, name: r.home.name ?? '' } : null,
      doctorDetails: r.doctor?._id
        ? { _id: r.doctor._id, title: r.doctor.title ?? '', firstname: r.doctor.firstname ?? '', lastname: r.doctor.lastname ?? '', email: r.doctor.email ?? '', fax: r.doctor.fax ?? '' }
        : null,
      livingArea: r.livingArea ?? null,
      stops: {
        home: stopAddress(r.home, r.home?.name),
        doctor: r.doctor?._id ? { name: r.practice ?? '', street: r.doctorStreet ?? '', postalCode: r.doctorPostalCode ?? '', city: r.doctorCity ?? '', phone: r.doctorPhone ?? '' } : null,
      },
      urgent: r.urgent,
      seen: r.seen ? [auth.userId] : [],
      events: r.events,
      unseenEvents: r.unseen,
      error: r.error,
      request: r.request ?? null,
      createdAt: t.createdAt.toISOString(),
      createdFrom: actorRef(r.createdFrom),
      modifiedAt: t.modifiedAt.toISOString(),
      modifiedFrom: actorRef(r.modifiedFrom),
      actions: taskRowActions(auth, taskSubject(t)),
    };
  }

  async list(auth: AuthContext, query: TaskListQuery): Promise<ListResponse<TaskDto>> {
    const { rows, count, countCapped } = await this.repo.list({ query, viewerId: auth.userId, scope: taskPolicy.where(auth, 'read') });
    // Above the cap the count is a lower bound, said so honestly ("mehr als 10.000").
    return { data: rows.map((r) => this.toDto(auth, r)), count, ...(countCapped && { countCapped }) };
  }

  /** Suggestions for the order form's dose or medicine field from the caller's visible orders (at most 100). */
  suggestions(auth: AuthContext, column: 'dose' | 'medicine', query: SuggestionQuery): Promise<TaskSuggestionsResponse> {
    return this.repo.suggestions(column, taskPolicy.where(auth, 'content'), query.filter.text, Math.min(query.limit, SUGGESTIONS_MAX));
  }

  /** The medicines of a patient's earlier orders the caller may see; 404 when the patient is not the caller's to read. */
  async pastMedicines(auth: AuthContext, patientId: string): Promise<ListResponse<PastMedicineDto>> {
    const patient = await this.patients.findById(patientId);
    patientPolicy.assert(auth, 'read', patient ? patientSubject(patient) : null);
    const rows = await this.repo.pastMedicines(patientId, taskPolicy.where(auth, 'content'));
    const data = rows.map((r) => ({ ...r, group: r.group as TaskGroup, type: r.type as TaskType }));
    return { data, count: data.length };
  }

  /** One task; not visible → 404; `content` (the print sheet) visible only on the pickup list → 403. */
  async get(auth: AuthContext, id: string, action: 'read' | 'content' = 'read'): Promise<TaskDto> {
    await this.taskFor(auth, id, action);
    return this.row(auth, id);
  }

  async create(auth: AuthContext, dto: TaskWriteDto): Promise<TaskDto> {
    // A new order starts as new.
    if (dto.status !== undefined && dto.status !== 'new') throw illegalTransition();
    const form = this.form(
      { type: undefined, group: 'medicine', medicine: '', amount: 1, dose: '', patient: '', doctor: auth.user.doctorId && auth.grant('task_create_view') === 'own' ? auth.user.doctorId : null, latestDelivery: '' },
      dto,
    );
    const checked = await this.check(auth, form, true, true, true);
    // The order as it would be saved must lie within the caller's create scope (own home / own doctor).
    if (!taskPolicy.can(auth, 'create', { id: '', home: checked.homeId, doctor: form.doctor, status: 'new', type: String(form.type) })) {
      throw AppError.forbidden();
    }
    const id = await this.unitOfWork.run(async () => {
      // The medicines list learns every name ordered (medicines are created by name).
      await this.medicines.ensure(form.medicine, form.group);
      const created = await this.repo.create({ ...this.columns(form, checked), status: 'new', createdBy: auth.userId, modifiedBy: auth.userId });
      // The feed starts with the placing of the order ('Eine Anforderung wurde erzeugt').
      await this.repo.addStatusEvent(created, null, 'new', auth.userId);
      await this.audit.recordBy(auth, { action: TASK_AUDIT.create, target: created });
      this.live.taskCreated({ id: created, homeId: checked.homeId, doctorId: form.doctor, status: 'new' });
      return created;
    });
    return this.row(auth, id);
  }

  /** PUT: `{status}` alone walks the status machine; anything else edits the fields of an open task. */
  async update(auth: AuthContext, id: string, dto: TaskWriteDto): Promise<TaskDto> {
    const given = FIELDS.filter((k) => dto[k] !== undefined);
    if (dto.status !== undefined) {
      if (given.length) throw statusNotAlone();
      return this.changeStatus(auth, id, dto.status);
    }
    const read = await this.taskFor(auth, id, 'read');
    const editable = (row: TaskRow) => {
      if (!(TASK_OPEN_STATUSES as readonly string[]).includes(row.status)) throw new AppError(403, [{ code: 'forbidden', message: TASK_MESSAGES.closed }]);
      taskPolicy.assert(auth, 'update', taskSubject(row));
    };
    editable(read);
    if (!given.length) return this.row(auth, id);
    await this.unitOfWork.run(async () => {
      // Decided and written on the locked row: of two edits at once the second builds on the first
      // (no field written back from a stale read), and an edit that meets a closing is refused.
      const current = (await this.repo.lock(id)) ?? read;
      editable(current);
      const stored = this.stored(current);
      const form = this.form(stored, dto);
      // An order with the drivers stays one they may carry: never a self-purchase.
      const onTheRoad = (TASK_ON_THE_ROAD_STATUSES as readonly string[]).includes(current.status);
      if (onTheRoad && form.type !== stored.type && form.type !== undefined && !(PICKUP_TASK_TYPES as readonly number[]).includes(form.type)) {
        throw invalidTask([{ path: 'type', message: TASK_MESSAGES.typeOnTheRoad }]);
      }
      // The past-date rule applies to a date being set, not to an old one left as it is.
      const checked = await this.check(auth, form, form.latestDelivery !== stored.latestDelivery, form.patient !== stored.patient, form.medicine !== stored.medicine);
      // No moving an order out of one's scope (another home or doctor).
      if (!taskPolicy.can(auth, 'update', { ...taskSubject(current), home: checked.homeId, doctor: form.doctor })) throw AppError.forbidden();
      const columns = this.columns(form, checked);
      const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((k) => columns[k] !== current[k]);
      if (form.medicine !== stored.medicine) await this.medicines.ensure(form.medicine, form.group);
      await this.repo.save(id, { ...columns, modifiedAt: new Date(), modifiedBy: auth.userId });
      await this.audit.recordBy(auth, { action: TASK_AUDIT.update, target: id, meta: { changed } });
      this.live.taskChanged({ id, homeId: checked.homeId, doctorId: form.doctor, status: current.status }, current);
    });
    return this.row(auth, id);
  }

  /** One transition of the status machine: illegal from the current status → 409, not the caller's → 403; recorded as a status_change event. */
  async changeStatus(auth: AuthContext, id: string, to: TaskStatus): Promise<TaskDto> {
    const read = await this.taskFor(auth, id, 'read');
    const transition = transitionTo(to);
    await this.unitOfWork.run(async () => {
      // Decided on the locked row: of two changes at once, the second sees the first's status (a
      // second "erledigt" answers 409 instead of recording finished → finished).
      const current = (await this.repo.lock(id)) ?? read;
      const from = current.status as TaskStatus;
      if (!transitionSources(transition).includes(from)) throw illegalTransition();
      // A transition limited to some task types (pickup: never a self-purchase) is illegal for the others.
      const rule: TaskTransitionRule = TASK_TRANSITIONS[transition];
      if (rule.types && !rule.types.includes(current.type as TaskType)) throw illegalTransition();
      taskPolicy.assert(auth, transition, taskSubject(current));
      await this.repo.save(id, { status: to, modifiedAt: new Date(), modifiedBy: auth.userId });
      const eventId = await this.repo.addStatusEvent(id, from, to, auth.userId);
      await this.hooks.statusChanged({ auth, changes: [{ taskId: id, from, to }] });
      await this.audit.recordBy(auth, { action: TASK_AUDIT.status, target: id, meta: { from, to } });
      this.live.taskChanged({ ...current, status: to }, current);
      this.live.eventCreated({ ...current, status: to }, eventId);
    });
    return this.row(auth, id);
  }

  /** PUT /api/tasks/{id}/seen: opening a row marks the task seen by the caller. */
  async markSeen(auth: AuthContext, id: string): Promise<TaskSeenResponse> {
    await this.taskFor(auth, id, 'read');
    await this.seen.mark(TASK_SEEN.kind, auth.userId, [id]);
    return { message: TASK_MESSAGES.seen };
  }

  /** PUT /api/tasks/seen: the listed tasks the caller may see, or (true) all of them. */
  async markManySeen(auth: AuthContext, dto: TaskSeenDto): Promise<TaskSeenResponse> {
    if (dto.tasks === true) {
      await this.seen.markAll(TASK_SEEN.kind, auth.userId);
      return { message: TASK_MESSAGES.allSeen };
    }
    const visible = await this.repo.visible([...new Set(dto.tasks)], taskPolicy.where(auth, 'read'));
    await this.seen.mark(TASK_SEEN.kind, auth.userId, visible);
    return { message: TASK_MESSAGES.selectedSeen };
  }

  // ---- helpers ----

  /** The stored task as the order form. */
  private stored(t: TaskRow): TaskForm {
    return {
      type: t.type as TaskType,
      group: t.group as TaskGroup,
      medicine: t.medicine,
      amount: t.amount,
      dose: t.dose,
      patient: t.patientId,
      doctor: t.doctorId,
      latestDelivery: t.latestDelivery ? formatGermanDate(t.latestDelivery) : '',
    };
  }

  private form(base: TaskForm, dto: TaskWriteDto): TaskForm {
    const form: TaskForm = { ...base };
    if (dto.type !== undefined) form.type = dto.type;
    if (dto.group !== undefined) form.group = dto.group;
    if (dto.medicine !== undefined) form.medicine = dto.medicine.trim();
    if (dto.dose !== undefined) form.dose = dto.dose.trim();
    if (dto.amount !== undefined) form.amount = dto.amount;
    if (dto.patient !== undefined) form.patient = dto.patient;
    if (dto.doctor !== undefined) form.doctor = dto.doctor || null;
    if (dto.latestDelivery !== undefined) form.latestDelivery = dto.latestDelivery.trim();
    return form;
  }

  /**
   * The order rules (libs/validation checkOrder) on the whole order, and the named patient and doctor: they must exist and
   * be visible to the caller (else the field's message, as for an unknown id). Answers the task's
   * home (the patient's) and latestDelivery as YYYY-MM-DD. A deleted (deactivated) patient, or one
   * of a deactivated home, gets no new order and no order moved to them; an order placed before
   * stays editable.
   */
  private async check(auth: AuthContext, form: TaskForm, checkPast: boolean, newPatient: boolean, newMedicine: boolean): Promise<{ homeId: string | null; latestDelivery: string | null }> {
    const patient = form.patient ? await this.patients.findById(form.patient) : null;
    const retired = newPatient && patient && (patient.deactivatedAt || (patient.homeId && (await this.repo.homeDeactivated(patient.homeId))));
    const usable = patient && !retired ? patient : null;
    const visible = usable && patientPolicy.can(auth, 'read', patientSubject(usable)) ? usable : null;
    const { errors, latestDelivery } = checkOrder({ ...form, patientHasHomeGroup: visible ? !!visible.homeGroupId : undefined }, { today: berlinToday(), checkPast });
    // A medicine deactivated on the medicines list is not ordered any more (an order that has it already keeps it).
    if (newMedicine && form.medicine.trim() && (await this.medicines.isDisabled(form.medicine))) errors.push({ path: 'medicine', message: TASK_MESSAGES.medicineDisabled });
    if (!form.patient) errors.push({ path: 'patient', message: TASK_MESSAGES.patientRequired });
    else if (!visible) errors.push({ path: 'patient', message: TASK_MESSAGES.patientUnknown });
    const homeId = visible?.homeId ?? null;
    if (form.doctor) {
      const doctor = await this.repo.doctor(form.doctor);
      if (!doctor || doctor.deactivatedAt || !doctorPolicy.can(auth, 'read', { id: doctor.id, state: stateOf(doctor.deactivatedAt) })) {
        errors.push({ path: 'doctor', message: TASK_MESSAGES.doctorUnknown });
      }
    }
    if (errors.length) throw invalidTask(errors);
    return { homeId, latestDelivery };
  }

  private columns(form: TaskForm, checked: { homeId: string | null; latestDelivery: string | null }) {
    return {
      type: form.type!,
      group: form.group,
      medicine: form.medicine,
      amount: form.amount,
      dose: form.dose,
      patientId: form.patient,
      homeId: checked.homeId,
      doctorId: form.doctor,
      latestDelivery: checked.latestDelivery,
    };
  }

  /** The task for `action`: 404 when not visible, 403 when visible but not allowed. */
  private async taskFor(auth: AuthContext, id: string, action: TaskAction | 'read'): Promise<TaskRow> {
    const row = await this.repo.findById(id);
    taskPolicy.assert(auth, action, row ? taskSubject(row) : null);
    return row!;
  }

  /** The task as the caller's answer after a change it was allowed to make (it may have left the caller's list since). */
  async row(auth: AuthContext, id: string): Promise<TaskDto> {
    const row = await this.repo.findRow(id, auth.userId);
    if (!row) throw new Error(`task ${id} vanished`);
    return this.toDto(auth, row);
  }
}
