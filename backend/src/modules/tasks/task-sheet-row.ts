import { formatGermanDate } from '@mediport/validation';
import type { TaskListRow } from './tasks.repository.js';

/** One order as a row of a printed sheet (pickup sheet, prescription request): names and dates the German way. */
export function taskSheetRow(r: TaskListRow) {
  return {
    patient: [r.patient?.lastname, r.patient?.firstname].filter(Boolean).join(', '),
    dateOfBirth: r.patient?.dateOfBirth ? formatGermanDate(r.patient.dateOfBirth) : '',
    home: r.home?.name ?? '',
    livingArea: r.livingArea ?? '',
    medicine: r.task.medicine,
    dose: r.task.dose,
    amount: r.task.amount,
    latestDelivery: r.task.latestDelivery ? formatGermanDate(r.task.latestDelivery) : '',
    urgent: r.urgent,
  };
}
