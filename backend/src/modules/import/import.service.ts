import { Injectable } from '@nestjs/common';
import {
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_LINES,
  IMPORT_PROBLEMS_MAX,
  type ImportCounts,
  type ImportLineAction,
  type ImportPreview,
  type ImportPreviewLine,
  type ImportProblem,
} from '@mediport/contracts/import';
import { berlinToday, sameName } from '@mediport/validation';
import { AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { type LiveTask, taskRooms, TasksLive } from '../tasks/tasks.live.js';
import { TasksRepository } from '../tasks/tasks.repository.js';
import { flagOf, type ImportTaskDto } from './dto/import-task.dto.js';
import { type ImportOptions, type ImportPlan, ImportPlanner } from './import-planner.js';
import type { ProgressHandle } from './import-progress.js';
import { type ColumnMap, type ImportRow, mapHeader, readRow, type RowTexts, shown, textOf } from './import-rows.js';
import type { ImportUpload } from './import-upload.interceptor.js';
import { batches, ImportRepository, INSERT_BATCH } from './import.repository.js';
import { fileError, problemsError } from './import.errors.js';
import { openSheet, type SheetFormat } from './sheet-reader.js';

export const IMPORT_AUDIT = {
  import: 'task.import',
  refused: 'task.import_refused',
} as const;

/** Distinct values of the column Apotheke offered as the pharmacy filter, at most. */
const MAX_PHARMACIES = 50;

/** A file as read: its checked rows, the problems of single cells, and what the preview shows of it. */
interface ReadFile {
  fileName: string;
  format: SheetFormat;
  rows: ImportRow[];
  dataRows: number;
  skipped: number;
  problems: ImportProblem[];
  pharmacies: string[];
  lines: { texts: RowTexts; row: number; action: ImportLineAction | null }[];
}

const byRow = (a: ImportProblem, b: ImportProblem) => (a.row ?? 0) - (b.row ?? 0);

/**
 * The spreadsheet import of orders. `preview` is the dry run: the file read and checked, and every
 * record looked up, nothing written. `import` does the same inside one transaction (one import at
 * a time) and writes everything or, on any problem, nothing: a missing home or living area is a
 * problem unless its insert option is on. Every real import is audited, the refused ones too.
 */
@Injectable()
export class ImportService {
  constructor(
    private readonly planner: ImportPlanner,
    private readonly repo: ImportRepository,
    private readonly tasks: TasksRepository,
    private readonly live: TasksLive,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async preview(auth: AuthContext, upload: ImportUpload | undefined, dto: ImportTaskDto, progress: ProgressHandle): Promise<ImportPreview> {
    try {
      const options = optionsOf(dto);
      const file = await this.read(upload, options, progress);
      const plan = await this.planner.plan(auth, file.rows, options, berlinToday(), (n) => progress.set('check', n, file.rows.length, file.dataRows));
      const problems = [...file.problems, ...plan.problems].sort(byRow);
      progress.set('done', file.dataRows, file.dataRows, file.dataRows);
      return {
        fileName: file.fileName,
        format: file.format,
        rows: file.dataRows,
        skipped: file.skipped,
        pharmacies: file.pharmacies,
        counts: countsOf(plan),
        details: {
          homes: plan.homes.map((h) => h.name),
          homeGroups: plan.homeGroups.map((g) => `${g.homeName}: ${g.name}`),
          patients: { inserted: plan.patients.length, updated: plan.patientGroups.length },
          doctors: plan.doctors.map((d) => (d.firstname ? `${d.lastname}, ${d.firstname}` : d.lastname)),
          tasks: { inserted: plan.newTasks.length, updated: plan.taskChanges.length, unchanged: plan.unchanged },
        },
        lines: file.lines.map((l) => lineOf(l.row, l.texts, l.action ?? plan.actions.get(l.row) ?? 'error')),
        problems: problems.slice(0, IMPORT_PROBLEMS_MAX),
        problemCount: problems.length,
      };
    } catch (error) {
      progress.set('failed', 0, 0);
      throw error;
    }
  }

  async import(auth: AuthContext, upload: ImportUpload | undefined, dto: ImportTaskDto, progress: ProgressHandle): Promise<ImportCounts> {
    const options = optionsOf(dto);
    let file: ReadFile | undefined;
    try {
      file = await this.read(upload, options, progress);
      if (file.problems.length) throw problemsError(file.problems);
      const read = file;
      const counts = await this.unitOfWork.run(async () => {
        // The plan is made inside the transaction, after any other import committed: what it found is what it writes over.
        await this.repo.lock();
        const plan = await this.planner.plan(auth, read.rows, options, berlinToday(), (n) => progress.set('check', n, read.rows.length, read.dataRows));
        if (plan.problems.length) throw problemsError([...plan.problems].sort(byRow));
        await this.write(auth, plan, (n, total) => progress.set('write', n, total, read.dataRows));
        const written = countsOf(plan);
        await this.audit.recordBy(auth, {
          action: IMPORT_AUDIT.import,
          meta: { fileName: read.fileName, format: read.format, rows: read.dataRows, skipped: read.skipped, unchanged: plan.unchanged, ...options, counts: written },
        });
        return written;
      });
      progress.set('done', file.dataRows, file.dataRows, file.dataRows);
      return counts;
    } catch (error) {
      progress.set('failed', 0, 0);
      if (error instanceof AppError && upload) {
        const problems = error.errors.length;
        await this.audit.recordBy(auth, { action: IMPORT_AUDIT.refused, meta: { fileName: upload.originalname, status: error.status, problems, rows: file?.dataRows ?? null } });
      }
      throw error;
    }
  }

  /** Reads and checks the rows of the file (streamed; one row limit); the header must be right before any row counts. */
  private async read(upload: ImportUpload | undefined, options: ImportOptions, progress: ProgressHandle): Promise<ReadFile> {
    if (!upload?.buffer) throw fileError(400, IMPORT_MESSAGES.noFile);
    const sheet = openSheet(upload.buffer);
    const today = berlinToday();
    const file: ReadFile = { fileName: upload.originalname, format: sheet.format, rows: [], dataRows: 0, skipped: 0, problems: [], pharmacies: [], lines: [] };
    const pharmacies = new Map<string, string>();
    let columns: ColumnMap | null = null;
    progress.set('read', 0, sheet.size, 0);
    for await (const sheetRow of sheet.rows) {
      if (sheetRow.cells.every((c) => textOf(c) === '')) continue;
      if (!columns) {
        const header = mapHeader(sheetRow);
        if (header.problems.length) throw problemsError(header.problems);
        columns = header.columns;
        continue;
      }
      file.dataRows += 1;
      if (file.dataRows > IMPORT_MAX_ROWS) throw fileError(413, IMPORT_MESSAGES.tooManyRows, 'too_many');
      if (file.dataRows % 250 === 0) progress.set('read', sheet.read(), sheet.size, file.dataRows);
      const { row, problems, texts } = readRow(sheetRow, columns, today);
      const pharmacy = texts.pharmacy.toLocaleLowerCase('de');
      if (pharmacy && pharmacies.size < MAX_PHARMACIES && !pharmacies.has(pharmacy)) pharmacies.set(pharmacy, shown(texts.pharmacy, 100));
      let action: ImportLineAction | null = null;
      if (options.filterPharma && !sameName(texts.pharmacy, options.filterPharma)) {
        file.skipped += 1;
        action = 'skipped';
      } else if (row) file.rows.push(row);
      else {
        file.problems.push(...problems);
        action = 'error';
      }
      if (file.lines.length < IMPORT_PREVIEW_LINES) file.lines.push({ texts, row: sheetRow.row, action });
    }
    if (!columns) throw fileError(400, IMPORT_MESSAGES.empty, 'empty');
    if (file.dataRows === 0) throw fileError(400, IMPORT_MESSAGES.noRows, 'empty');
    file.pharmacies = [...pharmacies.values()].sort((a, b) => a.localeCompare(b, 'de'));
    progress.set('read', sheet.size, sheet.size, file.dataRows);
    return file;
  }

  /** Writes the plan: homes, living areas, doctors, patients, then the orders in batches of 2,500 with their first feed event ('Eine Anforderung wurde erzeugt'). */
  private async write(auth: AuthContext, plan: ImportPlan, onWritten: (done: number, total: number) => void): Promise<void> {
    const by = auth.userId;
    await this.repo.insertHomes(plan.homes.map((h) => ({ id: h.id, name: h.name, createdBy: by, modifiedBy: by })));
    await this.repo.insertHomeGroups(plan.homeGroups.map((g) => ({ id: g.id, homeId: g.homeId, name: g.name })));
    await this.repo.insertDoctors(
      plan.doctors.map((d) => ({ id: d.id, lastname: d.lastname, firstname: d.firstname, postalCode: d.postalCode, email: d.email, fax: d.fax, preferred: d.preferred, createdBy: by, modifiedBy: by })),
    );
    await this.repo.insertPatients(
      plan.patients.map((p) => ({ id: p.id, homeId: p.homeId, homeGroupId: p.homeGroupId, lastname: p.lastname, firstname: p.firstname, dateOfBirth: p.dateOfBirth, createdBy: by, modifiedBy: by })),
    );
    await this.repo.setPatientGroups(plan.patientGroups.map((p) => ({ ...p, modifiedBy: by })));
    const total = plan.newTasks.length + plan.taskChanges.length;
    let done = 0;
    for (const part of batches(plan.newTasks, INSERT_BATCH)) {
      await this.repo.insertTasks(
        part.map((t) => ({ id: t.id, type: t.type, medicine: t.medicine, amount: t.amount, dose: t.dose, patientId: t.patientId, homeId: t.homeId, doctorId: t.doctorId, latestDelivery: t.latestDelivery, createdBy: by })),
      );
      await this.tasks.addStatusEvents(part.map((t) => ({ taskId: t.id, from: null, to: 'new' })), by);
      onWritten((done += part.length), total);
    }
    await this.repo.updateTasks(plan.taskChanges.map((c) => ({ id: c.id, type: c.type, amount: c.amount, doctorId: c.doctorId, modifiedBy: by })));
    onWritten(total, total);
    this.announce(plan);
  }

  /**
   * The orders' live channel after the commit: one 'newtask' (and one 'taskchanged') per audience,
   * not one per row: each tells the open lists to offer a refresh, which 10,000 would only repeat.
   */
  private announce(plan: ImportPlan): void {
    const once = <T>(items: T[], rooms: (item: T) => string[], send: (item: T) => void) => {
      const seen = new Set<string>();
      for (const item of items) {
        const key = rooms(item).sort().join(' ');
        if (seen.has(key)) continue;
        seen.add(key);
        send(item);
      }
    };
    const created: LiveTask[] = plan.newTasks.map((t) => ({ id: t.id, homeId: t.homeId, doctorId: t.doctorId, status: 'new' }));
    once(created, (t) => taskRooms(t), (t) => this.live.taskCreated(t));
    const changed = plan.taskChanges.map((c) => ({ after: { id: c.id, homeId: c.before.homeId, doctorId: c.doctorId, status: c.before.status }, before: c.before }));
    once(changed, (c) => [...taskRooms(c.after), ...taskRooms(c.before)], (c) => this.live.taskChanged(c.after, c.before));
  }
}

function optionsOf(dto: ImportTaskDto): ImportOptions {
  return { filterPharma: dto.filterPharma?.trim() ?? '', insertHomes: flagOf(dto.insertHomes), insertHomeGroups: flagOf(dto.insertHomeGroups) };
}

function countsOf(plan: ImportPlan): ImportCounts {
  return {
    homes: { nInserted: plan.homes.length },
    homeGroups: { nInserted: plan.homeGroups.length },
    patients: { nUpserted: plan.patients.length + plan.patientGroups.length },
    doctors: { nUpserted: plan.doctors.length },
    tasks: { nUpserted: plan.newTasks.length + plan.taskChanges.length },
  };
}

/** A preview row: the cells as read, each cut to what a table cell shows. */
function lineOf(row: number, t: RowTexts, action: ImportLineAction): ImportPreviewLine {
  const cut = (text: string) => shown(text, 120);
  return {
    row,
    home: cut(t.home),
    homeGroup: cut(t.homeGroup),
    patient: cut([t.lastname, t.firstname].filter(Boolean).join(', ')),
    dateOfBirth: cut(t.dateOfBirth),
    doctor: cut(t.doctor),
    medicine: cut(t.medicine),
    dose: cut(t.dose),
    amount: cut(t.amount),
    type: cut(t.type),
    latestDelivery: cut(t.latestDelivery),
    action,
  };
}
