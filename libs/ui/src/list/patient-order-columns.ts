// A patient's orders as the master-data remote ("Letzte Aufträge") and the orders remote
// (/anforderung/patient/{id}) both list them: one column set beside the DataTable that shows it,
// so neither remote reaches into the other's sources.
import { TASK_GROUP_LABELS, TASK_STATUS_LABELS, type TaskDto } from '@mediport/contracts';
import { formatDate } from '../formats.js';
import type { DataColumn } from './data-table.js';

export const PATIENT_ORDER_TEXTS = { date: 'Datum', medicine: 'Medikament', dose: 'Dosierung/Darreichungsform', amount: 'Menge', status: 'Status' } as const;

/** Date, medicine (or the group for documents and others), dose, optionally amount, status. */
export function patientOrderColumns(options: { amount?: boolean } = {}): DataColumn<TaskDto>[] {
  const T = PATIENT_ORDER_TEXTS;
  return [
    { id: 'createdAt', label: T.date, cell: (t) => formatDate(t.createdAt) },
    { id: 'medicine', label: T.medicine, cell: (t) => t.medicine || TASK_GROUP_LABELS[t.group] },
    { id: 'dose', label: T.dose, cell: (t) => t.dose },
    ...(options.amount ? [{ id: 'amount', label: T.amount, cell: (t: TaskDto) => t.amount, hideBelow: 'tablet' as const }] : []),
    { id: 'status', label: T.status, cell: (t) => TASK_STATUS_LABELS[t.status] },
  ];
}
