import { deflateSync } from 'node:zlib';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_MESSAGES, type TaskStatus, type TaskType } from '@mediport/contracts';
import type { AppConfig } from '../../../core/config/app-config.js';
import type { Database } from '../../../core/db/database.js';
import { DEMO_DOCTORS, DEMO_HOMES, random } from '../../../core/db/seed-data.js';
import { FilesRepository } from '../../../core/files/files.repository.js';
import { FilesService } from '../../../core/files/files.service.js';
import { doctors, homes, patients, seenMarks, type TaskEventFile, taskEvents, tasks, users } from '../../../db/schema/index.js';
import { DEMO_MEDICINES } from '../../medicines/medicines.seed.js';

/** How many demo orders a fresh installation shows, spread over the last DEMO_TASK_DAYS days. */
export const DEMO_TASK_COUNT = 300;
export const DEMO_TASK_DAYS = 42;
/** How many chat messages carry a generated PDF or PNG. */
export const DEMO_ATTACHMENT_COUNT = 15;

const DAY = 86_400_000;
/** `data` of an e-mail or fax event with nothing more to say (the contract's null; the column is NOT NULL). */
const JSON_NULL = sql`'null'::jsonb`;

/** The demo accounts that work the list: they write the chat and have seen most of it. */
const WORKERS = ['apotheke', 'heim', 'arzt'] as const;
type Worker = (typeof WORKERS)[number];

const DOSES = ['1-0-0', '1-0-1', '0-0-1', '1-1-1', '½-0-½', '0-1-0', 'bei Bedarf', '2× täglich 1 Tablette', 'morgens 1 Tablette'];
const DOCUMENTS = ['Medikationsplan', 'Rezept', 'Überweisung', 'Verordnung häusliche Krankenpflege', 'Pflegebericht'];
const OTHERS = ['Blutzuckerteststreifen', 'Inkontinenzeinlagen', 'Verbandmaterial', 'Kompressionsstrümpfe', 'Pflegecreme'];
const MESSAGES: Record<Worker, string[]> = {
  heim: [
    'Bitte bis Freitag liefern, der Vorrat reicht nur noch zwei Tage.',
    'Die Bewohnerin ist bis Mittwoch im Krankenhaus, bitte erst danach liefern.',
    'Können Sie die Tabletten verblistern?',
    'Danke, ist angekommen.',
    'Das Rezept liegt im Wohnbereich zur Abholung bereit.',
    'Bitte die gleiche Packungsgröße wie beim letzten Mal.',
  ],
  apotheke: [
    'Das Präparat ist derzeit nicht lieferbar, wir liefern ein wirkstoffgleiches Präparat.',
    'Wird morgen mit der Vormittagstour geliefert.',
    'Das Rezept liegt uns noch nicht vor, bitte in der Praxis nachfragen.',
    'Bitte die Dosierung bestätigen.',
    'Ist bestellt und kommt heute Nachmittag.',
    'Wir haben die Praxis um ein neues Rezept gebeten.',
  ],
  arzt: [
    'Das Rezept ist ausgestellt und an die Apotheke gefaxt.',
    'Bitte die Dosierung auf 1-0-1 anpassen.',
    'Das Rezept liegt zur Abholung in der Praxis bereit.',
    'Die Patientin bitte zur Kontrolle in die Sprechstunde bringen.',
  ],
};
const ATTACHMENTS = [
  { name: 'Medikationsplan.pdf', text: 'Medikationsplan anbei.' },
  { name: 'Rezept.png', text: 'Foto des Rezepts anbei.' },
  { name: 'Arztbrief.pdf', text: '' },
  { name: 'Lieferschein.pdf', text: 'Lieferschein zur Ablage.' },
  { name: 'Packung.png', text: '' },
] as const;

/** A version-4 UUID from the seeded generator, so ids (and thus seen marks) are reproducible. */
function uuidFrom(next: () => number): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(next() * 256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Status weights by the order's age: recent orders are mostly new, older ones often done. */
function statusFor(ageDays: number, type: TaskType, next: () => number): TaskStatus {
  const weights: [TaskStatus, number][] =
    ageDays < 7
      ? [['new', 60], ['pickup', 20], ['delivery', 12], ['finished', 5], ['canceled', 3]]
      : ageDays < 21
        ? [['new', 35], ['pickup', 25], ['delivery', 20], ['finished', 14], ['canceled', 6]]
        : [['new', 22], ['pickup', 20], ['delivery', 20], ['finished', 28], ['canceled', 10]];
  // Self-purchases (type 2) are never picked up: pickup orders exist for types 1, 3 and 4 only.
  const allowed = type === 2 ? weights.filter(([s]) => s !== 'pickup' && s !== 'delivery') : weights;
  let r = next() * allowed.reduce((sum, [, w]) => sum + w, 0);
  for (const [status, w] of allowed) if ((r -= w) < 0) return status;
  return 'new';
}

/** The status changes that lead from 'new' to `status` along the transitions the status machine allows (TasksService). */
function pathTo(status: TaskStatus, type: TaskType, next: () => number): TaskStatus[] {
  const pickup = type !== 2;
  switch (status) {
    case 'new':
      return [];
    case 'pickup':
      return ['pickup'];
    case 'delivery':
      return ['pickup', 'delivery'];
    case 'finished':
      return pickup && next() < 0.8 ? ['pickup', 'delivery', 'finished'] : ['finished'];
    case 'canceled':
      return pickup && next() < 0.4 ? ['pickup', 'canceled'] : ['canceled'];
  }
}

// ---------- generated attachments ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A small PNG (a coloured label-like card with stripes), different per `variant`. */
export function demoPng(variant: number): Buffer {
  const width = 160;
  const height = 90;
  const hue = [[42, 93, 120], [244, 67, 54], [76, 141, 90], [200, 150, 40]][variant % 4]!;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const stripe = y > 20 && y < 80 && (y - 24) % 12 < 4 && x > 16 && x < 16 + ((x * 7 + y * 13 + variant * 31) % 5 === 0 ? 140 : 130);
      const [r, g, b] = y < 18 ? hue : stripe ? [90, 90, 90] : [250, 250, 247];
      raw.set([r, g, b], row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// ---------- the seed ----------

/** seedDemo passes its own options through; `dataDir` is the FileStore's data folder (DATA_DIR). */
export interface DemoTaskOptions {
  dataDir?: string;
  onlyIfEmpty?: boolean;
}

type TaskRow = typeof tasks.$inferInsert & { id: string; createdAt: Date };
type EventRow = typeof taskEvents.$inferInsert & { id: string; createdAt: Date };
interface Attachment {
  eventId: string;
  name: string;
  data: Buffer;
  createdBy: string;
}

/**
 * The living orders list of a fresh demo installation: DEMO_TASK_COUNT orders of
 * the demo homes' patients over the last six weeks, all four types and groups, every status with the
 * status_change events that lead there, chat messages of the demo users (some with a generated PDF
 * or PNG stored through the FileStore), e-mails and faxes to the doctors (a few failed), and seen
 * marks: the demo users have read most of it but not the latest. Deterministic apart from the dates,
 * which follow today. Runs only while there are no orders at all, so a second run, or a database
 * with real orders, gets nothing added; and only when the caller names the FileStore's folder
 * (`dataDir`): without it the attachments could not be stored. Answers how many orders it added.
 */
export async function seedDemoTasks(db: Database, options: DemoTaskOptions = {}): Promise<number> {
  const dataDir = options.dataDir;
  if (!dataDir) return 0;
  const [anyTask] = await db.select({ id: tasks.id }).from(tasks).limit(1);
  if (anyTask) return 0;

  const homeRows = await db
    .select({ id: homes.id, name: homes.name })
    .from(homes)
    .where(inArray(homes.name, DEMO_HOMES.map((h) => h.name)));
  const homeIds = DEMO_HOMES.map((h) => homeRows.find((r) => r.name === h.name)?.id).filter((id): id is string => !!id);
  const patientRows = homeIds.length
    ? await db
        .select({ id: patients.id, homeId: patients.homeId, groupId: patients.homeGroupId, lastname: patients.lastname })
        .from(patients)
        .where(inArray(patients.homeId, homeIds))
        .orderBy(asc(patients.lastname), asc(patients.firstname), asc(patients.dateOfBirth), asc(patients.id))
    : [];
  const doctorIds: string[] = [];
  for (const d of DEMO_DOCTORS) {
    const [row] = await db
      .select({ id: doctors.id })
      .from(doctors)
      .where(and(eq(doctors.firstname, d.firstname), eq(doctors.lastname, d.lastname)))
      .limit(1);
    if (row) doctorIds.push(row.id);
  }
  const userRows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, [...WORKERS]));
  const user = Object.fromEntries(userRows.map((u) => [u.username, u.id])) as Partial<Record<Worker, string>>;
  if (!patientRows.length || !doctorIds.length || !user.apotheke) return 0;
  const pharmacy = user.apotheke;
  const ownHome = homeIds[0]!;
  const ownDoctor = doctorIds[0]!;

  // Loaded here, not imported at the top: seed-data.ts (imported by db.module) would otherwise pull
  // the profile module's services into the database module's import graph, a cycle ESM cannot resolve.
  const { buildTextPdf } = await import('../../profile/profile.seed.js');
  const next = random(20241123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const medicines = DEMO_MEDICINES.filter((m) => !m.disabled).map((m) => m.name);
  const now = Date.now();
  const at = (from: number, to: number) => new Date(Math.min(now - 60_000, from + next() * Math.max(0, to - from)));

  const taskRows: TaskRow[] = [];
  const eventRows: EventRow[] = [];
  const attachments: Attachment[] = [];
  const withGroup = patientRows.filter((p) => p.groupId);
  for (let i = 0; i < DEMO_TASK_COUNT; i++) {
    // Denser towards today, as a working list is.
    const ageDays = DEMO_TASK_DAYS * next() ** 1.6;
    const createdAt = new Date(now - ageDays * DAY - next() * 3_600_000);
    const r = next();
    const type: TaskType = r < 0.55 ? 1 : r < 0.7 ? 2 : r < 0.85 ? 3 : 4;
    // Type 3 (recipe in the living area) needs a patient with a living area.
    const patient = type === 3 && withGroup.length ? pick(withGroup) : pick(patientRows);
    const doctorId = type === 1 || type === 4 || (type === 3 && next() < 0.5) ? (next() < 0.3 ? ownDoctor : pick(doctorIds)) : null;
    const g = next();
    const group = g < 0.85 ? 'medicine' : g < 0.95 ? 'document' : 'other';
    const status = statusFor(ageDays, type, next);
    const creator = patient.homeId === ownHome && user.heim && next() < 0.8 ? user.heim : pharmacy;
    // A closed order was due within two weeks of its creation; an open one is mostly due in the coming
    // days (a few overdue), so the list shows some urgent orders on top, not all of them.
    const open = status === 'new' || status === 'pickup' || status === 'delivery';
    const dueFrom = open ? Math.max(createdAt.getTime(), now - 2 * DAY) : createdAt.getTime();
    const latest = next() < 0.85 ? new Date(dueFrom + (open ? Math.floor(next() * 12) : 1 + Math.floor(next() * 14)) * DAY).toISOString().slice(0, 10) : null;
    const id = uuidFrom(next);
    const task: TaskRow = {
      id,
      type,
      status,
      group,
      medicine: group === 'medicine' ? pick(medicines) : group === 'document' ? pick(DOCUMENTS) : pick(OTHERS),
      dose: group === 'medicine' ? pick(DOSES) : '',
      amount: next() < 0.7 ? 1 : 2 + Math.floor(next() * 3),
      patientId: patient.id,
      homeId: patient.homeId,
      doctorId,
      latestDelivery: latest,
      createdAt,
      createdBy: creator,
      modifiedAt: createdAt,
      modifiedBy: creator,
    };
    taskRows.push(task);
    const event = (values: Omit<EventRow, 'id' | 'taskId'>) => {
      const row = { id: uuidFrom(next), taskId: id, ...values };
      eventRows.push(row);
      return row;
    };
    event({ type: 'status_change', data: { from: null, to: 'new' }, createdAt, createdBy: creator });

    // Who may write in this order's chat: the pharmacy always, heim for its home, arzt for its doctor.
    const writers: Worker[] = ['apotheke'];
    if (patient.homeId === ownHome && user.heim) writers.push('heim');
    if (doctorId === ownDoctor && user.arzt) writers.push('arzt');
    let clock = createdAt.getTime();
    const later = () => (clock = at(clock, clock + (now - clock) / 3).getTime());

    if (doctorId && next() < 0.07) {
      // The order went to the doctor by e-mail or fax; a few of those failed (the list's error mark).
      later();
      if (next() < 0.5) event({ type: 'email', data: JSON_NULL, state: next() < 0.3 ? 'failed' : null, createdAt: new Date(clock), createdBy: pharmacy });
      else {
        event({ type: 'fax', data: JSON_NULL, createdAt: new Date(clock), createdBy: pharmacy });
        later();
        event({ type: 'faxresponse', data: next() < 0.3 ? 'NO_ANSWER' : 'SENT', createdAt: new Date(clock), createdBy: pharmacy });
      }
    }
    if (next() < 0.4) {
      const count = 1 + Math.floor(next() * 4);
      for (let m = 0; m < count; m++) {
        const author = pick(writers);
        later();
        const withFile = attachments.length < DEMO_ATTACHMENT_COUNT && next() < 0.15;
        const file = withFile ? ATTACHMENTS[attachments.length % ATTACHMENTS.length]! : null;
        const text = file ? file.text || EVENT_MESSAGES.attachmentOnly : pick(MESSAGES[author]);
        const row = event({ type: 'message', data: { text }, createdAt: new Date(clock), createdBy: user[author]! });
        if (file) {
          const data = file.name.endsWith('.png')
            ? demoPng(attachments.length)
            : buildTextPdf(file.name.replace(/\.pdf$/, ''), [`Patient: ${patient.lastname}`, `Präparat: ${task.medicine}`, `Erstellt am ${createdAt.toLocaleDateString('de-DE')}`]);
          attachments.push({ eventId: row.id, name: file.name, data, createdBy: user[author]! });
        }
      }
    }
    let from: TaskStatus = 'new';
    for (const to of pathTo(status, type, next)) {
      later();
      event({ type: 'status_change', data: { from, to }, createdAt: new Date(clock), createdBy: pharmacy });
      from = to;
    }
    task.modifiedAt = new Date(clock);
  }

  // Seen: the demo users have read what is older than two days (nearly all) and some of the rest.
  const marks: (typeof seenMarks.$inferInsert)[] = [];
  const visible = (who: Worker, t: TaskRow) => who === 'apotheke' || (who === 'heim' ? t.homeId === ownHome : t.doctorId === ownDoctor);
  const byTask = new Map(taskRows.map((t) => [t.id, t]));
  for (const who of WORKERS) {
    const userId = user[who];
    if (!userId) continue;
    const read = (createdAt: Date) => next() < (now - createdAt.getTime() > 2 * DAY ? 0.97 : 0.3);
    for (const t of taskRows) if (visible(who, t) && t.createdBy !== userId && read(t.createdAt)) marks.push({ entity: 'task', entityId: t.id, userId });
    for (const e of eventRows) {
      if (visible(who, byTask.get(e.taskId)!) && e.createdBy !== userId && read(e.createdAt)) marks.push({ entity: 'event', entityId: e.id, userId });
    }
  }

  // Bytes first through the FileStore (outside the transaction: a failed seed leaves at most unused files).
  const byEvent = new Map(eventRows.map((e) => [e.id, e]));
  for (const { eventId, file } of await storeAttachments(db, dataDir, attachments)) byEvent.get(eventId)!.files = [file];
  await db.transaction(async (tx) => {
    for (let i = 0; i < taskRows.length; i += 500) await tx.insert(tasks).values(taskRows.slice(i, i + 500));
    for (let i = 0; i < eventRows.length; i += 1000) await tx.insert(taskEvents).values(eventRows.slice(i, i + 1000));
    for (let i = 0; i < marks.length; i += 2000) await tx.insert(seenMarks).values(marks.slice(i, i + 2000)).onConflictDoNothing();
  });
  return taskRows.length;
}

/** Saves each attachment through FilesService (sniffing, generated key, files row), as an upload would. */
async function storeAttachments(db: Database, dataDir: string, attachments: Attachment[]) {
  // FilesService reads nothing of the configuration but the data folder.
  const store = new FilesService({ dataDir } as AppConfig, new FilesRepository(db));
  const out: { eventId: string; file: TaskEventFile }[] = [];
  for (const a of attachments) {
    const row = await store.save(a.data, { accept: ['application/pdf', 'image/png'], message: a.name, originalName: a.name, createdBy: a.createdBy });
    out.push({ eventId: a.eventId, file: { fileId: row.id, name: row.originalName, mimeType: row.mimeType, size: row.size } });
  }
  return out;
}
