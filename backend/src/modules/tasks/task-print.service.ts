import { Injectable } from '@nestjs/common';
import { TASK_GROUP_LABELS, TASK_STATUS_LABELS, TASK_TYPE_LABELS, type TaskDto, type TaskStatus, type TaskType } from '@mediport/contracts';
import { type DeliveryPosition, type DeliveryProofData, type IncidentData, incidentText } from '@mediport/contracts/delivery';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { TaskEventsRepository } from './task-events.repository.js';
import { FilesService } from '../../core/files/files.service.js';
import { PdfService } from '../../core/pdf/pdf.service.js';
import { TasksService } from './tasks.service.js';

/** One line of the sheet's table of fields. */
export interface SheetField {
  label: string;
  value: string;
}

/** The fields of the order sheet, in the order the sheet shows them. */
export function sheetFields(task: TaskDto): SheetField[] {
  const patient = task.patientDetails;
  const doctor = task.doctorDetails;
  const rows: [string, string][] = [
    ['Patient', patient ? `${patient.firstname} ${patient.lastname}`.trim() : ''],
    ['Geburtsdatum', patient?.dateOfBirth ?? ''],
    ['Einrichtung', task.homeDetails?.name ?? ''],
    ['Wohnbereich', task.livingArea ?? ''],
    ['Medikament', task.medicine],
    ['Dosierung', task.dose],
    ['Menge', String(task.amount)],
    ['Gruppe', TASK_GROUP_LABELS[task.group] ?? task.group],
    ['Art', TASK_TYPE_LABELS[task.type as TaskType] ?? ''],
    ['Arzt', doctor ? [doctor.title, doctor.firstname, doctor.lastname].filter(Boolean).join(' ') : ''],
    ['Spätestes Lieferdatum', task.latestDelivery],
    ['Status', TASK_STATUS_LABELS[task.status as TaskStatus] ?? task.status],
    ['Erstellt von', task.createdFrom?.username ?? ''],
    ['Erstellt am', berlin(task.createdAt)],
  ];
  return rows.map(([label, value]) => ({ label, value }));
}

const berlin = (iso: string) => new Date(iso).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });
const position = (p: DeliveryPosition | null) => (p ? `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}${p.accuracy !== null ? ` (± ${Math.round(p.accuracy)} m)` : ''}` : '');

/**
 * GET /api/tasks/{id}/print: the order sheet of a task the caller may read, as a PDF: its fields,
 * the proof of delivery with the signature, problems on the way, and the chat in order.
 */
@Injectable()
export class TaskPrintService {
  constructor(
    private readonly tasks: TasksService,
    private readonly events: TaskEventsRepository,
    private readonly files: FilesService,
    private readonly pdf: PdfService,
  ) {}

  async sheet(auth: AuthContext, id: string): Promise<Buffer> {
    const task = await this.tasks.get(auth, id, 'content');
    const feed = await this.events.feed(id, auth.userId, { type: ['message', 'delivery_proof', 'incident'] });
    const author = (r: (typeof feed)[number]) => r.author?.username ?? '';
    const proofs = await Promise.all(
      feed
        .filter((r) => r.event.type === 'delivery_proof')
        .map(async (r) => {
          const data = r.event.data as DeliveryProofData;
          const file = r.event.files[0] ? await this.files.read(r.event.files[0].fileId) : null;
          return { recipient: data.recipient, deliveredAt: data.deliveredAt, position: position(data.position), author: author(r), signature: file ? `data:image/png;base64,${file.data.toString('base64')}` : '' };
        }),
    );
    const incidents = feed.filter((r) => r.event.type === 'incident').map((r) => ({ text: incidentText(r.event.data as IncidentData), createdAt: r.event.createdAt, author: author(r) }));
    const messages = feed.filter((r) => r.event.type === 'message').map((r) => ({ text: String((r.event.data as { text?: unknown }).text ?? ''), author: author(r), createdAt: r.event.createdAt }));
    return this.pdf.render('order-sheet', { fields: sheetFields(task), proofs, incidents, messages, printedAt: new Date() }, { title: 'Auftrag' });
  }
}
