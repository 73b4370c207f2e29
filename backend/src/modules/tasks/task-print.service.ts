import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TASK_GROUP_LABELS, TASK_STATUS_LABELS, TASK_TYPE_LABELS, type TaskDto, type TaskStatus, type TaskType } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { TaskEventsRepository } from './task-events.repository.js';
import { TasksRepository } from './tasks.repository.js';
import { TasksService } from './tasks.service.js';

/** The sheet's only style: inline, allowed by its hash in the page's own CSP (no script at all). */
const STYLE = `
body { font-family: Arial, Helvetica, sans-serif; color: #000; margin: 2em; }
h1 { color: #2a5d78; font-size: 1.6em; margin: 0 0 1em; }
h2 { font-size: 1.2em; margin: 1.5em 0 0.5em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 0.3em 0.6em; border-bottom: 1px solid #ccc; }
th { width: 30%; font-weight: bold; }
ol { padding-left: 1.2em; }
li { margin-bottom: 0.5em; white-space: pre-wrap; }
.meta { color: #555; font-size: 0.9em; }
@media print { body { margin: 0; } h1 { color: #000; } @page { margin: 1.5cm; } }
`;

/** Content-Security-Policy of the sheet: nothing but its own stylesheet. */
export const PRINT_CONTENT_SECURITY_POLICY = [
  `default-src 'none'`,
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  `base-uri 'none'`,
  `form-action 'none'`,
  `frame-ancestors 'none'`,
].join('; ');

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const berlin = (iso: string) => new Date(iso).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' });

export interface PrintMessage {
  text: string;
  author: string;
  createdAt: string;
}

/** The printable German order sheet (HTML, every value escaped). */
export function renderTaskSheet(task: TaskDto, livingArea: string | null, messages: PrintMessage[]): string {
  const patient = task.patientDetails;
  const doctor = task.doctorDetails;
  const rows: [string, string][] = [
    ['Patient', patient ? `${patient.firstname} ${patient.lastname}`.trim() : ''],
    ['Geburtsdatum', patient?.dateOfBirth ?? ''],
    ['Einrichtung', task.homeDetails?.name ?? ''],
    ['Wohnbereich', livingArea ?? ''],
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
  const table = rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n');
  const chat = messages.length
    ? `<ol>\n${messages.map((m) => `<li><span class="meta">${escapeHtml(m.author)}, ${escapeHtml(berlin(m.createdAt))}:</span>\n${escapeHtml(m.text)}</li>`).join('\n')}\n</ol>`
    : '<p>Keine Nachrichten vorhanden.</p>';
  return `<!DOCTYPE html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>Auftrag</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Auftrag</h1>
<table>
${table}
</table>
<h2>Nachrichten</h2>
${chat}
</body>
</html>
`;
}

/** GET /api/tasks/{id}/print: the order sheet of a task the caller may read. */
@Injectable()
export class TaskPrintService {
  constructor(
    private readonly tasks: TasksService,
    private readonly repo: TasksRepository,
    private readonly events: TaskEventsRepository,
  ) {}

  async sheet(auth: AuthContext, id: string): Promise<string> {
    const task = await this.tasks.get(auth, id, 'content');
    const [livingArea, feed] = await Promise.all([this.repo.livingArea(task.patient), this.events.feed(id, auth.userId, { type: ['message'] })]);
    const messages = feed.map((r) => ({ text: String((r.event.data as { text?: unknown }).text ?? ''), author: r.author?.username ?? '', createdAt: r.event.createdAt.toISOString() }));
    return renderTaskSheet(task, livingArea, messages);
  }
}
