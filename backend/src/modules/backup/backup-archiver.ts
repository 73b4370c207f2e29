import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import archiver, { type Archiver } from 'archiver';
import { EVENT_MESSAGES, TASK_GROUP_LABELS, TASK_STATUS_LABELS, TASK_TYPE_LABELS, type TaskGroup, type TaskStatus, type TaskType } from '@mediport/contracts';
import { FilesService } from '../../core/files/files.service.js';
import { InvoicePrinter } from '../invoices/invoice-printer.js';
import { BackupStore } from './backup-store.js';
import { type ArchivedPdf, type ArchiveOwner, type ArchiveRow, BackupRepository, type EventCsvRow, ownerKey } from './backup.repository.js';
import { CSV_BOM, csvLine } from './csv.js';

/** Rows read per query while a CSV is written. */
const PAGE = 500;

export const TASK_CSV_HEADER = [
  'Auftragsnummer',
  'Erstellt am',
  'Geändert am',
  'Status',
  'Typ',
  'Gruppe',
  'Patient',
  'Geburtsdatum',
  'Einrichtung',
  'Wohnbereich',
  'Arzt',
  'Medikament',
  'Dosierung',
  'Menge',
  'Spätester Liefertermin',
  'Erstellt von',
] as const;

export const EVENT_CSV_HEADER = ['Auftragsnummer', 'Patient', 'Zeitpunkt', 'Art', 'Von', 'Nachricht', 'Anhänge'] as const;

const EVENT_TYPE_LABELS: Record<string, string> = {
  message: 'Nachricht',
  document: 'Dokument',
  fax: 'Fax',
  faxresponse: 'Faxantwort',
  email: 'E-Mail',
  status_change: 'Statusänderung',
  recipe_request: 'Rezeptanforderung',
  self: 'Notiz',
  delivery_proof: 'Zustellnachweis',
  incident: 'Problem',
};

const MONTH_NAMES = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** "März 2026" for "2026-03". */
export function germanMonth(month: string): string {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1]} ${year}`;
}

/** ASCII for file names inside the archive and for the archive's public name. */
function asciiName(text: string, max: number): string {
  const folded = text
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return folded.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|_+$/g, '').slice(0, max) || 'Datei';
}

const statusLabel = (s: string) => TASK_STATUS_LABELS[s as TaskStatus] ?? s;

/** What a feed entry says, as the chat panel words it. */
function eventText(row: EventCsvRow): string {
  const data = row.data as Record<string, unknown> | string | null;
  switch (row.type) {
    case 'status_change': {
      const d = (data ?? {}) as { from?: string | null; to?: string };
      return d.from ? `${statusLabel(d.from)} → ${statusLabel(d.to ?? '')}` : EVENT_MESSAGES.created;
    }
    case 'email':
      return row.state === 'failed' ? 'E-Mail konnte nicht versendet werden' : EVENT_MESSAGES.emailSent;
    case 'fax':
      return EVENT_MESSAGES.faxSending;
    case 'faxresponse':
      return data === 'SENT' ? EVENT_MESSAGES.faxSent : EVENT_MESSAGES.faxFailed;
    case 'recipe_request': {
      const d = (data ?? {}) as { subject?: string; message?: string };
      return [d.subject, d.message?.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()].filter(Boolean).join(': ');
    }
    default:
      if (typeof data === 'string') return data;
      if (data && typeof data === 'object' && typeof data.text === 'string') return data.text;
      return data && typeof data === 'object' && Object.keys(data).length ? JSON.stringify(data) : '';
  }
}

/**
 * Builds one monthly archive: a ZIP streamed into the BackupStore with
 *   Auftraege.csv        the owner's orders placed or changed in the month
 *   Nachrichten.csv      the feed of those orders written in the month (chat, e-mails, faxes, status)
 *   Rezeptanforderungen/ the prescription requests' PDFs of the month
 *   Rechnungen/          the owner's invoices and credit notes issued in the month (printed first when
 *                        they are not yet)
 * The CSVs are read page by page and the PDFs one at a time, so neither the archive nor a list is
 * ever held in memory.
 */
@Injectable()
export class BackupArchiver {
  private readonly logger = new Logger('BackupArchiver');

  constructor(
    private readonly repo: BackupRepository,
    private readonly store: BackupStore,
    private readonly files: FilesService,
    private readonly printer: InvoicePrinter,
  ) {}

  /** The owner's archive of the month; null when it exists already (made earlier or by another instance). */
  async build(owner: ArchiveOwner, month: string, at: Date): Promise<ArchiveRow | null> {
    const key = ownerKey(owner);
    if (await this.repo.exists(key, month)) return null;
    // Printed before the ZIP is opened: a print may take a second, the archive's file stays short-lived.
    const invoicePdfs = await this.printedInvoices(owner, month);
    const archive = archiver('zip', { zlib: { level: 6 } });
    const written = this.store.write(archive);
    try {
      archive.append(Readable.from(this.taskCsv(owner, month)), { name: 'Auftraege.csv', date: at });
      archive.append(Readable.from(this.eventCsv(owner, month)), { name: 'Nachrichten.csv', date: at });
      await this.appendPdfs(archive, 'Rezeptanforderungen', await this.repo.requestPdfs(owner, month), at);
      await this.appendPdfs(archive, 'Rechnungen', invoicePdfs, at);
      await archive.finalize();
    } catch (error) {
      archive.abort();
      await written.catch(() => undefined);
      throw error;
    }
    const stored = await written;
    const row = await this.repo
      .insert({
        ownerKey: key,
        homeId: owner.kind === 'home' ? owner.id : null,
        officeId: owner.kind === 'office' ? owner.id : null,
        doctorId: owner.kind === 'doctor' ? owner.id : null,
        month,
        name: `backup-${month}-${asciiName(owner.name, 40).toLowerCase()}-${randomBytes(3).toString('hex')}.zip`,
        original: `Sicherung_${month}_${asciiName(owner.name, 80)}.zip`,
        storageKey: stored.key,
        size: stored.size,
        createdAt: at,
        modifiedAt: at,
      })
      .catch(async (error: unknown) => {
        await this.store.remove(stored.key);
        throw error;
      });
    if (!row) await this.store.remove(stored.key);
    else this.logger.log(`Archive ${month} of ${key}: ${stored.size} bytes`);
    return row;
  }

  private async *taskCsv(owner: ArchiveOwner, month: string): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(TASK_CSV_HEADER);
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await this.repo.tasksPage(owner, month, after, PAGE);
      let chunk = '';
      for (const r of rows) {
        chunk += csvLine([
          r.id,
          r.created,
          r.modified,
          statusLabel(r.status),
          TASK_TYPE_LABELS[r.type as TaskType] ?? String(r.type),
          TASK_GROUP_LABELS[r.group as TaskGroup] ?? r.group,
          r.patient,
          r.dateOfBirth,
          r.home,
          r.homeGroup,
          r.doctor,
          r.medicine,
          r.dose,
          r.amount,
          r.latestDelivery,
          r.createdBy,
        ]);
      }
      if (chunk) yield chunk;
      if (rows.length < PAGE) return;
      after = { createdAt: rows.at(-1)!.createdAt, id: rows.at(-1)!.id };
    }
  }

  private async *eventCsv(owner: ArchiveOwner, month: string): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(EVENT_CSV_HEADER);
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await this.repo.eventsPage(owner, month, after, PAGE);
      let chunk = '';
      for (const r of rows) {
        chunk += csvLine([r.taskId, r.patient, r.at, EVENT_TYPE_LABELS[r.type] ?? r.type, r.author, eventText(r), r.files.map((f) => f.name).join(', ')]);
      }
      if (chunk) yield chunk;
      if (rows.length < PAGE) return;
      after = { createdAt: rows.at(-1)!.createdAt, id: rows.at(-1)!.id };
    }
  }

  /**
   * The PDFs of the invoices issued in the month; one not printed yet (its print after the billing
   * run failed, nobody downloaded it) is printed now. One that cannot be printed (no Chromium) is
   * left out with a warning rather than holding up the whole archive.
   */
  private async printedInvoices(owner: ArchiveOwner, month: string): Promise<ArchivedPdf[]> {
    const out: ArchivedPdf[] = [];
    for (const invoice of await this.repo.invoicesIssued(owner, month)) {
      let fileId = invoice.fileId;
      if (!fileId) {
        try {
          fileId = await this.printer.ensurePrinted(invoice.id);
        } catch (error) {
          this.logger.warn(`Invoice ${invoice.label} left out of the archive ${month} of ${ownerKey(owner)}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (fileId) out.push({ fileId, label: invoice.label });
    }
    return out;
  }

  /** Each PDF read when its turn comes and handed on before the next is read. */
  private async appendPdfs(archive: Archiver, folder: string, pdfs: ArchivedPdf[], at: Date): Promise<void> {
    const used = new Set<string>();
    for (const pdf of pdfs) {
      const stored = await this.files.read(pdf.fileId);
      if (!stored) continue;
      const base = asciiName(pdf.label, 100);
      let name = `${base}.pdf`;
      for (let n = 2; used.has(name); n++) name = `${base}_${n}.pdf`;
      used.add(name);
      const entryName = `${folder}/${name}`;
      await new Promise<void>((resolve, reject) => {
        const done = (entry: { name: string }) => {
          if (entry.name !== entryName) return;
          archive.off('entry', done);
          archive.off('error', failed);
          resolve();
        };
        const failed = (error: Error) => {
          archive.off('entry', done);
          reject(error);
        };
        archive.on('entry', done);
        archive.once('error', failed);
        archive.append(stored.data, { name: entryName, date: at });
      });
    }
  }
}
