import { Injectable } from '@nestjs/common';
import { TASK_TYPE_LABELS, type TaskDto } from '@mediport/contracts';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@mediport/contracts/import';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { AppError } from '../../core/errors/app-error.js';
import type { TaskSheetRow } from '../import/task-sheet.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import type { TaskListQuery } from './dto/task-list-query.js';
import { TasksService } from './tasks.service.js';

/** Orders read per list call while exporting. */
const PAGE = 1000;

/** An order as a row of the import's column layout (the pharmacy: the company of the settings). */
export function taskSheetRow(task: TaskDto, pharmacy: string): TaskSheetRow {
  const doctor = task.doctorDetails;
  return {
    home: task.homeDetails?.name ?? '',
    homeGroup: task.livingArea ?? '',
    lastname: task.patientDetails?.lastname ?? '',
    firstname: task.patientDetails?.firstname ?? '',
    dateOfBirth: task.patientDetails?.dateOfBirth ?? '',
    doctor: doctor ? [doctor.lastname, doctor.firstname].filter(Boolean).join(', ') : '',
    doctorEmail: doctor?.email ?? '',
    doctorFax: doctor?.fax ?? '',
    medicine: task.medicine,
    dose: task.dose,
    amount: task.amount,
    type: TASK_TYPE_LABELS[task.type],
    latestDelivery: task.latestDelivery ?? '',
    pharmacy,
  };
}

/**
 * The orders list's current selection as rows of the import's layout: the list itself
 * (TasksService.list: its filters, sort and the Task policy's read scope), page by page. More
 * orders than one import takes are refused before anything is sent.
 */
@Injectable()
export class TasksExportService {
  constructor(
    private readonly tasks: TasksService,
    private readonly settings: SettingsRepository,
  ) {}

  async rows(auth: AuthContext, query: TaskListQuery): Promise<AsyncIterable<TaskSheetRow>> {
    const first = await this.tasks.list(auth, { ...query, offset: 0, limit: PAGE });
    if (first.countCapped || first.count > IMPORT_MAX_ROWS) throw AppError.badRequest([{ code: 'too_many', message: IMPORT_MESSAGES.exportTooMany }]);
    const pharmacy = (await this.settings.get())?.company ?? '';
    const tasks = this.tasks;
    return (async function* () {
      let page = first.data;
      for (let offset = 0; page.length > 0; ) {
        for (const task of page) yield taskSheetRow(task, pharmacy);
        offset += page.length;
        if (page.length < PAGE || offset >= IMPORT_MAX_ROWS) break;
        page = (await tasks.list(auth, { ...query, offset, limit: PAGE })).data;
      }
    })();
  }
}
