import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { IMPORT_HEADERS, IMPORT_MESSAGES, type ImportColumnKey, type ImportLineAction, type ImportProblem } from '@mediport/contracts/import';
import { checkOrder, formatGermanDate, validateDoctor } from '@mediport/validation';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { doctorPolicy, homeGroupPolicy, homePolicy, patientPolicy, stateOf, taskPolicy } from '../../core/permissions/policies/index.js';
import { patientSubject } from '../patients/patients.service.js';
import type { DoctorRef, ImportRow } from './import-rows.js';
import { type ImportDoctorRow, type ImportPatientRow, ImportRepository, type ImportTaskRow } from './import.repository.js';

export interface ImportOptions {
  /** Only rows whose column Apotheke names this pharmacy (any case); empty: all rows. */
  filterPharma: string;
  insertHomes: boolean;
  insertHomeGroups: boolean;
}

export interface NewTask {
  id: string;
  row: number;
  patientId: string;
  homeId: string;
  doctorId: string | null;
  type: number;
  amount: number;
  medicine: string;
  dose: string;
  latestDelivery: string | null;
}

export interface TaskChange {
  id: string;
  type: number;
  amount: number;
  doctorId: string | null;
  /** The order as it was (its audience hears that it changed). */
  before: ImportTaskRow;
}

/** What an import writes. Ids of new rows are chosen here, so rows refer to each other before anything is written. */
export interface ImportPlan {
  homes: { id: string; name: string }[];
  homeGroups: { id: string; homeId: string; name: string; homeName: string }[];
  doctors: { id: string; lastname: string; firstname: string; postalCode: string; email: string; fax: string; preferred: string }[];
  patients: { id: string; homeId: string; homeGroupId: string | null; lastname: string; firstname: string; dateOfBirth: string }[];
  patientGroups: { id: string; homeGroupId: string }[];
  newTasks: NewTask[];
  taskChanges: TaskChange[];
  unchanged: number;
  actions: Map<number, ImportLineAction>;
  problems: ImportProblem[];
}

/** A name as compared: trimmed, any case. */
const keyOf = (text: string) => text.trim().toLocaleLowerCase('de');
/** The same case folding as SQL lower() for the IN lists of the repository. */
const sqlLower = (text: string) => text.trim().toLowerCase();

interface HomeChoice {
  id: string;
  name: string;
  isNew: boolean;
}

type Resolved<T> = { value: T } | { column: ImportColumnKey; message: string };

const failed = <T>(r: Resolved<T>): r is { column: ImportColumnKey; message: string } => 'message' in r;

const doctorLabel = (ref: DoctorRef) => (ref.kind === 'debtor' ? ref.debtorId : ref.firstname ? `${ref.lastname}, ${ref.firstname}` : ref.lastname);
const patientLabel = (row: ImportRow) => (row.firstname ? `${row.lastname}, ${row.firstname}` : row.lastname);

/** Rows checked between two turns of the event loop. */
const ROWS_PER_TURN = 500;

/**
 * Decides what an import of checked rows does: which homes, living areas, doctors, patients and
 * orders exist (found by their natural keys) and which are new, whether the caller may do each of
 * it (the record policies, the same ones the forms obey), and every problem with its row and
 * column. Reads only; the service writes the plan.
 *
 * Natural keys: a home by name; a living area by home and name; a doctor by Kundennummer, else by
 * last name, first name and (when given) postal code; a patient by home, last name, first name
 * and birth date; an order by patient, medicine, dose and latest delivery (names any case).
 */
@Injectable()
export class ImportPlanner {
  constructor(private readonly repo: ImportRepository) {}

  async plan(auth: AuthContext, rows: readonly ImportRow[], options: ImportOptions, today: string, onRow?: (done: number) => void): Promise<ImportPlan> {
    const plan: ImportPlan = { homes: [], homeGroups: [], doctors: [], patients: [], patientGroups: [], newTasks: [], taskChanges: [], unchanged: 0, actions: new Map(), problems: [] };
    const problem = (row: number, column: ImportColumnKey, message: string) => {
      plan.problems.push({ row, column: IMPORT_HEADERS[column], message });
      plan.actions.set(row, 'error');
    };

    const homes = await this.resolveHomes(auth, rows, options, plan);
    const groups = await this.resolveGroups(auth, rows, homes, options, plan);
    const doctors = await this.resolveDoctors(auth, rows, plan);

    // Patients and orders of the homes that exist (a new home has neither).
    const existingHomes = [...new Set([...homes.values()].filter((h) => !failed(h) && !h.value.isNew).map((h) => (h as { value: HomeChoice }).value.id))];
    // The doctors of the patients' orders decide only a practice's `_own` scope (as on the patient list).
    const found = await this.repo.patientsOf(existingHomes, [...new Set(rows.map((r) => sqlLower(r.lastname)))], !!auth.user.doctorId);
    const patientsByKey = new Map<string, ImportPatientRow[]>();
    for (const p of found.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))) {
      const key = `${p.homeId}|${keyOf(p.lastname)}|${keyOf(p.firstname)}|${p.dateOfBirth}`;
      patientsByKey.set(key, [...(patientsByKey.get(key) ?? []), p]);
    }
    const existingPatients = found.map((p) => p.id);
    const tasksByKey = new Map<string, ImportTaskRow>();
    for (const t of await this.repo.tasksOf(existingPatients, rows.map((r) => sqlLower(r.medicine)))) {
      const key = `${t.patientId}|${keyOf(t.medicine)}|${keyOf(t.dose)}|${t.latestDelivery ?? ''}`;
      // Of several equal orders, the oldest open one is the one the key names.
      if (!tasksByKey.has(key)) tasksByKey.set(key, t);
    }

    /** Per patient key: the patient (found or new), its living area, and the row that first named the area. */
    const patients = new Map<string, Resolved<{ id: string; homeGroupId: string | null; groupRow: number | null; groupId: string | null }>>();
    const taskRows = new Map<string, number>();
    let done = 0;
    for (const row of rows) {
      if (++done % ROWS_PER_TURN === 0) {
        onRow?.(done);
        await yieldToEventLoop();
      }
      const home = homes.get(keyOf(row.home))!;
      if (failed(home)) {
        problem(row.row, home.column, home.message);
        continue;
      }
      const groupKey = row.homeGroup ? `${home.value.id}|${keyOf(row.homeGroup)}` : null;
      const group = groupKey ? groups.get(groupKey)! : null;
      if (group && failed(group)) problem(row.row, group.column, group.message);
      const doctor = row.doctor ? doctors.get(doctorKey(row.doctor))! : null;
      if (doctor && failed(doctor)) problem(row.row, doctor.column, doctor.message);
      if ((group && failed(group)) || (doctor && failed(doctor))) continue;
      const groupId = group ? (group as { value: string }).value : null;
      const doctorId = doctor ? (doctor as { value: string }).value : null;

      // The patient.
      const patientKey = `${home.value.id}|${keyOf(row.lastname)}|${keyOf(row.firstname)}|${row.dateOfBirth}`;
      let patient = patients.get(patientKey);
      if (!patient) {
        patient = this.resolvePatient(auth, row, home.value, groupId, patientsByKey.get(patientKey) ?? [], plan);
        patients.set(patientKey, patient);
      } else if (!failed(patient) && groupId) {
        // A later row of the same patient must not name another living area.
        if (patient.value.groupRow !== null && patient.value.groupId !== groupId) {
          problem(row.row, 'homeGroup', IMPORT_MESSAGES.conflictingHomeGroup(patient.value.groupRow));
          continue;
        }
        if (patient.value.groupRow === null) {
          const again = this.resolvePatient(auth, row, home.value, groupId, patientsByKey.get(patientKey) ?? [], plan, patient.value.id);
          patients.set(patientKey, (patient = again));
        }
      }
      if (failed(patient)) {
        problem(row.row, patient.column, patient.message);
        continue;
      }

      // The order.
      const taskKey = `${patient.value.id}|${keyOf(row.medicine)}|${keyOf(row.dose)}|${row.latestDelivery ?? ''}`;
      const earlier = taskRows.get(taskKey);
      if (earlier !== undefined) {
        problem(row.row, 'medicine', IMPORT_MESSAGES.duplicateRow(earlier));
        continue;
      }
      taskRows.set(taskKey, row.row);
      const existing = tasksByKey.get(taskKey);
      const { errors } = checkOrder(
        {
          type: row.type,
          group: 'medicine',
          medicine: row.medicine,
          dose: row.dose,
          amount: row.amount,
          latestDelivery: row.latestDelivery ? formatGermanDate(row.latestDelivery) : '',
          doctor: doctorId,
          patientHasHomeGroup: patient.value.homeGroupId !== null,
        },
        // An order already there keeps its date (the key includes it): the past-date rule is for new dates.
        { today, checkPast: !existing },
      );
      if (errors.length) {
        for (const e of errors) problem(row.row, ORDER_COLUMNS[e.path] ?? 'medicine', orderMessage(e.path, e.message, row));
        continue;
      }
      if (existing) {
        this.resolveTaskChange(auth, row, existing, doctorId, plan);
        continue;
      }
      const subject = { id: '', home: home.value.id, doctor: doctorId, status: 'new', type: String(row.type) };
      if (!taskPolicy.can(auth, 'create', subject)) {
        problem(row.row, 'home', IMPORT_MESSAGES.mayNotCreateTasks(home.value.name));
        continue;
      }
      plan.newTasks.push({
        id: randomUUID(),
        row: row.row,
        patientId: patient.value.id,
        homeId: home.value.id,
        doctorId,
        type: row.type,
        amount: row.amount,
        medicine: row.medicine,
        dose: row.dose,
        latestDelivery: row.latestDelivery,
      });
      plan.actions.set(row.row, 'insert');
    }
    onRow?.(rows.length);
    return plan;
  }

  /** Per home name: the home, a new one (insertHomes), or the row's problem. */
  private async resolveHomes(auth: AuthContext, rows: readonly ImportRow[], options: ImportOptions, plan: ImportPlan): Promise<Map<string, Resolved<HomeChoice>>> {
    const names = new Map<string, string>();
    for (const r of rows) if (!names.has(keyOf(r.home))) names.set(keyOf(r.home), r.home);
    const found = await this.repo.homesByName([...new Set([...names.values()].map(sqlLower))]);
    const mayCreate = homePolicy.can(auth, 'create', { id: '', state: 'active', contract: '' });
    const out = new Map<string, Resolved<HomeChoice>>();
    for (const [key, name] of names) {
      const rowsOfName = found.filter((h) => keyOf(h.name) === key);
      const readable = rowsOfName.filter((h) => homePolicy.can(auth, 'read', { id: h.id, state: stateOf(h.deactivatedAt), contract: '' }));
      const active = readable.filter((h) => !h.deactivatedAt);
      // Equal names of several homes: a row must never land in the wrong home (its residents' health
      // data would be shown to the other home's staff), so the name is refused until it is unique.
      if (active.length > 1) out.set(key, { column: 'home', message: IMPORT_MESSAGES.ambiguousHome(name) });
      else if (active.length === 1) out.set(key, { value: { id: active[0]!.id, name: active[0]!.name, isNew: false } });
      else if (readable.length) out.set(key, { column: 'home', message: IMPORT_MESSAGES.deactivatedHome(name) });
      // A home the caller may not see, and (for a caller who may not create homes) any unknown name: the same answer, which tells nothing about other homes.
      else if (rowsOfName.length || !mayCreate) out.set(key, { column: 'home', message: IMPORT_MESSAGES.notYourHome(name) });
      else if (!options.insertHomes) out.set(key, { column: 'home', message: IMPORT_MESSAGES.missingHome(name) });
      else {
        const id = randomUUID();
        plan.homes.push({ id, name });
        out.set(key, { value: { id, name, isNew: true } });
      }
    }
    return out;
  }

  /** Per home and living-area name: the living area, a new one (insertHomeGroups), or the row's problem. */
  private async resolveGroups(
    auth: AuthContext,
    rows: readonly ImportRow[],
    homes: Map<string, Resolved<HomeChoice>>,
    options: ImportOptions,
    plan: ImportPlan,
  ): Promise<Map<string, Resolved<string>>> {
    const existingHomes = [...homes.values()].filter((h): h is { value: HomeChoice } => !failed(h) && !h.value.isNew).map((h) => h.value.id);
    const byKey = new Map<string, string>();
    for (const g of await this.repo.groupsOf(existingHomes)) byKey.set(`${g.homeId}|${keyOf(g.name)}`, g.id);
    const out = new Map<string, Resolved<string>>();
    for (const r of rows) {
      const home = homes.get(keyOf(r.home))!;
      if (!r.homeGroup || failed(home)) continue;
      const key = `${home.value.id}|${keyOf(r.homeGroup)}`;
      if (out.has(key)) continue;
      const id = byKey.get(key);
      if (id && homeGroupPolicy.can(auth, 'read', { id, home: home.value.id })) out.set(key, { value: id });
      else if (!options.insertHomeGroups) out.set(key, { column: 'homeGroup', message: IMPORT_MESSAGES.missingHomeGroup(r.homeGroup, home.value.name) });
      else if (!home.value.isNew && !homePolicy.can(auth, 'groups', { id: home.value.id, state: 'active', contract: '' })) {
        out.set(key, { column: 'homeGroup', message: IMPORT_MESSAGES.mayNotCreateHomeGroups(home.value.name) });
      } else {
        const created = randomUUID();
        plan.homeGroups.push({ id: created, homeId: home.value.id, name: r.homeGroup, homeName: home.value.name });
        out.set(key, { value: created });
      }
    }
    return out;
  }

  /** Per doctor the rows name: the doctor, a new one (with e-mail or fax), or the row's problem. */
  private async resolveDoctors(auth: AuthContext, rows: readonly ImportRow[], plan: ImportPlan): Promise<Map<string, Resolved<string>>> {
    const refs = new Map<string, { ref: DoctorRef; row: ImportRow }>();
    for (const r of rows) if (r.doctor && !refs.has(doctorKey(r.doctor))) refs.set(doctorKey(r.doctor), { ref: r.doctor, row: r });
    const debtors = [...refs.values()].flatMap(({ ref }) => (ref.kind === 'debtor' ? [ref.debtorId] : []));
    const lastnames = [...refs.values()].flatMap(({ ref }) => (ref.kind === 'name' ? [sqlLower(ref.lastname)] : []));
    // One after another: the import plans inside its transaction, on one connection.
    const byDebtor = await this.repo.doctorsByDebtor([...new Set(debtors)]);
    const byName = await this.repo.doctorsByLastname([...new Set(lastnames)]);
    const mayCreate = doctorPolicy.can(auth, 'create', { id: '', state: 'active' });
    const readable = (d: ImportDoctorRow) => doctorPolicy.can(auth, 'read', { id: d.id, state: stateOf(d.deactivatedAt) });
    const out = new Map<string, Resolved<string>>();
    for (const [key, { ref, row }] of refs) {
      const label = doctorLabel(ref);
      const matches = (ref.kind === 'debtor'
        ? byDebtor.filter((d) => d.debtorId === ref.debtorId)
        : byName.filter((d) => keyOf(d.lastname) === keyOf(ref.lastname) && (!ref.firstname || keyOf(d.firstname) === keyOf(ref.firstname)) && (!ref.postalCode || d.postalCode === ref.postalCode))
      ).filter(readable);
      const active = matches.filter((d) => !d.deactivatedAt);
      if (active.length === 1) out.set(key, { value: active[0]!.id });
      else if (active.length > 1) out.set(key, { column: 'doctor', message: IMPORT_MESSAGES.ambiguousDoctor(label) });
      else if (matches.length) out.set(key, { column: 'doctor', message: IMPORT_MESSAGES.deactivatedDoctor(label) });
      else if (ref.kind === 'debtor') out.set(key, { column: 'doctor', message: IMPORT_MESSAGES.unknownDebtor(label) });
      else if (!mayCreate) out.set(key, { column: 'doctor', message: IMPORT_MESSAGES.mayNotCreateDoctors(label) });
      else if (!row.doctorEmail && !row.doctorFax) out.set(key, { column: 'doctor', message: IMPORT_MESSAGES.newDoctorContact(label) });
      else {
        const preferred = row.doctorEmail ? 'E-Mail' : 'Fax';
        // The doctor form's rules (the formats were checked per cell already).
        const [error] = validateDoctor({ lastname: ref.lastname, email: row.doctorEmail, fax: row.doctorFax, preferred, postalCode: ref.postalCode });
        if (error) out.set(key, { column: DOCTOR_COLUMNS[error.path] ?? 'doctor', message: error.message });
        else {
          const id = randomUUID();
          plan.doctors.push({ id, lastname: ref.lastname, firstname: ref.firstname, postalCode: ref.postalCode, email: row.doctorEmail, fax: row.doctorFax, preferred });
          out.set(key, { value: id });
        }
      }
    }
    return out;
  }

  /**
   * The patient of a row: found by its key (and moved to the row's living area when that differs),
   * or new. `knownId` re-plans a patient first met in a row without living area.
   */
  private resolvePatient(
    auth: AuthContext,
    row: ImportRow,
    home: HomeChoice,
    groupId: string | null,
    candidates: ImportPatientRow[],
    plan: ImportPlan,
    knownId?: string,
  ): Resolved<{ id: string; homeGroupId: string | null; groupRow: number | null; groupId: string | null }> {
    const label = patientLabel(row);
    const groupRow = groupId ? row.row : null;
    const readable = candidates.filter((p) => patientPolicy.can(auth, 'read', patientSubject(p)));
    const active = readable.find((p) => !p.deactivatedAt);
    if (!active && readable.length) return { column: 'lastname', message: IMPORT_MESSAGES.deactivatedPatient(label) };
    if (!active && candidates.length) return { column: 'lastname', message: IMPORT_MESSAGES.mayNotChangePatient(label) };
    if (active) {
      if (!groupId || groupId === active.homeGroupId) return { value: { id: active.id, homeGroupId: active.homeGroupId, groupRow, groupId } };
      if (!patientPolicy.can(auth, 'update', patientSubject(active))) return { column: 'homeGroup', message: IMPORT_MESSAGES.mayNotChangePatient(label) };
      plan.patientGroups.push({ id: active.id, homeGroupId: groupId });
      return { value: { id: active.id, homeGroupId: groupId, groupRow, groupId } };
    }
    if (knownId) {
      // Planned as new from an earlier row without living area: it gets this one.
      const planned = plan.patients.find((p) => p.id === knownId)!;
      planned.homeGroupId = groupId;
      return { value: { id: knownId, homeGroupId: groupId, groupRow, groupId } };
    }
    if (!patientPolicy.can(auth, 'create', { id: '', home: home.id, state: 'active' })) return { column: 'lastname', message: IMPORT_MESSAGES.mayNotCreatePatients };
    const id = randomUUID();
    plan.patients.push({ id, homeId: home.id, homeGroupId: groupId, lastname: row.lastname, firstname: row.firstname, dateOfBirth: row.dateOfBirth });
    return { value: { id, homeGroupId: groupId, groupRow, groupId } };
  }

  /** A row whose order exists: unchanged, or its type, amount and doctor changed (a new order the caller may edit). */
  private resolveTaskChange(auth: AuthContext, row: ImportRow, existing: ImportTaskRow, doctorId: string | null, plan: ImportPlan): void {
    const subject = { id: existing.id, home: existing.homeId, doctor: existing.doctorId, status: existing.status, type: String(existing.type) };
    if (!taskPolicy.can(auth, 'read', subject)) {
      plan.problems.push({ row: row.row, column: IMPORT_HEADERS.medicine, message: IMPORT_MESSAGES.mayNotChangeTask });
      plan.actions.set(row.row, 'error');
      return;
    }
    // An order already handed over, finished or canceled stays as it is.
    if ((existing.type === row.type && existing.amount === row.amount && existing.doctorId === doctorId) || existing.status !== 'new') {
      plan.unchanged += 1;
      plan.actions.set(row.row, 'unchanged');
      return;
    }
    if (!taskPolicy.can(auth, 'update', subject) || !taskPolicy.can(auth, 'update', { ...subject, doctor: doctorId })) {
      plan.problems.push({ row: row.row, column: IMPORT_HEADERS.medicine, message: IMPORT_MESSAGES.mayNotChangeTask });
      plan.actions.set(row.row, 'error');
      return;
    }
    plan.taskChanges.push({ id: existing.id, type: row.type, amount: row.amount, doctorId, before: existing });
    plan.actions.set(row.row, 'update');
  }
}

/** The key of a doctor reference (the same doctor named twice is looked up once). */
function doctorKey(ref: DoctorRef): string {
  return ref.kind === 'debtor' ? `#${ref.debtorId}` : `${keyOf(ref.lastname)}|${keyOf(ref.firstname)}|${ref.postalCode}`;
}

/** The order rules' fields (libs/validation checkOrder) as columns of the file. */
const ORDER_COLUMNS: Record<string, ImportColumnKey> = {
  type: 'type',
  medicine: 'medicine',
  dose: 'dose',
  amount: 'amount',
  latestDelivery: 'latestDelivery',
  doctor: 'doctor',
  patient: 'homeGroup',
};

/** The order rules' messages as a file's problems (the form's wording where it fits a row). */
function orderMessage(path: string | undefined, message: string, row: ImportRow): string {
  if (path === 'doctor') return IMPORT_MESSAGES.doctorRequired;
  if (path === 'patient') return IMPORT_MESSAGES.homeGroupRequired;
  if (path === 'latestDelivery' && row.latestDelivery) return IMPORT_MESSAGES.deliveryInPast(formatGermanDate(row.latestDelivery));
  return message;
}

const DOCTOR_COLUMNS: Record<string, ImportColumnKey> = { email: 'doctorEmail', fax: 'doctorFax', postalCode: 'doctorPostalCode', lastname: 'doctor' };
