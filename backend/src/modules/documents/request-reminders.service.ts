import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { DOCUMENT_MESSAGES } from '@mediport/contracts/documents';
import { Clock } from '../../core/clock/clock.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { TasksLive } from '../tasks/tasks.live.js';
import { TasksRepository } from '../tasks/tasks.repository.js';
import { DocumentsRepository } from './documents.repository.js';
import { RequestTrackerRepository } from './request-tracker.repository.js';

/** How often each instance looks for due reminders. */
const CHECK_MS = 5 * 60_000;
/** Reminders raised per transaction. */
const BATCH = 200;

/**
 * Reminders of unanswered prescription requests: when a request's reminder is due (2 working days
 * after sending, 4 hours for 'dringend'; RECIPE_REMINDER_*) and the practice has neither answered
 * nor been reminded, its order's chat gets 'Erinnerung: …' from the system, which is new ("neu") to
 * everyone who reads the chat, the pharmacy first. Every instance checks every few minutes; each
 * reminder is raised once (a conditional update marks it), whichever instance gets there first.
 */
@Injectable()
export class RequestRemindersService {
  private readonly logger = new Logger('RequestReminders');
  private checking = false;

  constructor(
    private readonly tracker: RequestTrackerRepository,
    private readonly documents: DocumentsRepository,
    private readonly tasks: TasksRepository,
    private readonly live: TasksLive,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  @Interval('recipe-request-reminders', CHECK_MS)
  async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      await this.run();
    } catch (error) {
      this.logger.error(`Reminders failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.checking = false;
    }
  }

  /** Raises every reminder due by the clock's now; answers how many. */
  async run(): Promise<number> {
    const now = this.clock.now();
    let total = 0;
    for (;;) {
      const raised = await this.unitOfWork.run(() => this.batch(now));
      total += raised;
      if (raised < BATCH) return total;
    }
  }

  private async batch(now: Date): Promise<number> {
    const due = await this.tracker.remindDue(now, BATCH);
    if (!due.length) return 0;
    const priorities = await this.tracker.priorities([...new Set(due.map((d) => d.documentId))]);
    const byDocument = new Map<string, string[]>();
    for (const d of due) byDocument.set(d.documentId, [...(byDocument.get(d.documentId) ?? []), d.taskId]);
    const tasks = new Map((await this.tasks.findMany([...new Set(due.map((d) => d.taskId))])).map((t) => [t.id, t]));
    for (const [document, taskIds] of byDocument) {
      const text = priorities.get(document) === 'urgent' ? DOCUMENT_MESSAGES.reminderUrgent : DOCUMENT_MESSAGES.reminder;
      const events = await this.documents.addEvents(taskIds, { type: 'document', data: { text, reminder: true }, document, createdBy: null });
      taskIds.forEach((taskId, i) => {
        const t = tasks.get(taskId);
        if (t) this.live.eventCreated({ id: t.id, homeId: t.homeId, doctorId: t.doctorId, status: t.status }, events[i]!);
      });
    }
    return due.length;
  }
}
