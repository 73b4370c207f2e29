import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { IMPORT_MESSAGES } from '@mediport/contracts/import';
import { AppError } from '../../core/errors/app-error.js';
import { csvRecords, decodeCsv } from './csv-reader.js';
import { fileError } from './import.errors.js';

/** A cell as read: text, a number, a date (xlsx date cells), or empty. Formulas arrive as their text ("=…"). */
export type CellValue = string | number | Date | null;

export interface SheetRow {
  /** The row number a spreadsheet program shows. */
  row: number;
  /** The cells from column A on. */
  cells: CellValue[];
}

export type SheetFormat = 'xlsx' | 'csv';

export interface Sheet {
  format: SheetFormat;
  rows: AsyncIterable<SheetRow>;
  /** Bytes of the file read so far, of `size`. */
  read(): number;
  size: number;
}

/** Unpacked limits of an .xlsx: the whole archive, and the shared strings (held in memory while the sheet is read). */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
const MAX_SHARED_STRINGS_BYTES = 32 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 10_000;
/** Rows read between two turns of the event loop. */
const ROWS_PER_TURN = 500;
/** Chunk size of the stream the xlsx reader consumes. */
const CHUNK = 64 * 1024;

const startsWith = (buffer: Buffer, bytes: number[]) => bytes.every((b, i) => buffer[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Opens an uploaded file by its content, never by its name: a zip archive is read as .xlsx, text
 * without NUL bytes as CSV. An empty file, an old .xls, a renamed binary or an archive that unpacks
 * to more than we read is refused with a German message.
 */
export function openSheet(buffer: Buffer): Sheet {
  if (buffer.length === 0) throw fileError(400, IMPORT_MESSAGES.empty, 'empty');
  if (startsWith(buffer, ZIP)) {
    checkArchive(buffer);
    let position = 0;
    return { format: 'xlsx', rows: xlsxRows(buffer, (n) => (position = n)), read: () => position, size: buffer.length };
  }
  if (startsWith(buffer, OLE2)) throw fileError(415, IMPORT_MESSAGES.oldExcel, 'unsupported_media_type');
  const text = decodeCsv(buffer);
  // Text has no NUL (UTF-16 was refused above); binaries (images, PDFs with streams, executables) do.
  if (text.includes('\u0000')) throw fileError(415, IMPORT_MESSAGES.notSpreadsheet, 'unsupported_media_type');
  if (!text.trim()) throw fileError(400, IMPORT_MESSAGES.empty, 'empty');
  let position = 0;
  const rows = (async function* () {
    for await (const record of csvRecords(text, (n) => (position = n))) yield record;
  })();
  return { format: 'csv', rows, read: () => Math.round((position / Math.max(text.length, 1)) * buffer.length), size: buffer.length };
}

/**
 * The central directory of a zip archive: refuses one whose entries unpack to more than
 * MAX_UNPACKED_BYTES (or shared strings over MAX_SHARED_STRINGS_BYTES) before anything is unpacked,
 * and one that is no readable archive at all. ZIP64 archives (4 GB and more) are refused as too large.
 */
function checkArchive(buffer: Buffer): void {
  const end = findEndOfCentralDirectory(buffer);
  if (end < 0) throw fileError(400, IMPORT_MESSAGES.unreadable, 'invalid');
  const entries = buffer.readUInt16LE(end + 10);
  const size = buffer.readUInt32LE(end + 12);
  const offset = buffer.readUInt32LE(end + 16);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw fileError(413, IMPORT_MESSAGES.unpackedTooLarge, 'payload_too_large');
  if (entries > MAX_ZIP_ENTRIES || offset + size > buffer.length) throw fileError(400, IMPORT_MESSAGES.unreadable, 'invalid');
  let total = 0;
  let at = offset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== 0x02014b50) throw fileError(400, IMPORT_MESSAGES.unreadable, 'invalid');
    const unpacked = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extra = buffer.readUInt16LE(at + 30);
    const comment = buffer.readUInt16LE(at + 32);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (unpacked === 0xffffffff) throw fileError(413, IMPORT_MESSAGES.unpackedTooLarge, 'payload_too_large');
    if (name === 'xl/sharedStrings.xml' && unpacked > MAX_SHARED_STRINGS_BYTES) throw fileError(413, IMPORT_MESSAGES.unpackedTooLarge, 'payload_too_large');
    total += unpacked;
    at += 46 + nameLength + extra + comment;
  }
  if (total > MAX_UNPACKED_BYTES) throw fileError(413, IMPORT_MESSAGES.unpackedTooLarge, 'payload_too_large');
}

/** Offset of the end-of-central-directory record (searched from the end, past a comment of up to 64 KB), or -1. */
function findEndOfCentralDirectory(buffer: Buffer): number {
  const lowest = Math.max(0, buffer.length - 22 - 0xffff);
  for (let i = buffer.length - 22; i >= lowest; i--) if (buffer.readUInt32LE(i) === 0x06054b50) return i;
  return -1;
}

/** A cell of exceljs as text, number or date: formulas as their text (never evaluated), rich text joined, hyperlinks as their text. */
function cellOf(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'WAHR' : 'FALSCH';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object') {
    const v = value as { formula?: unknown; sharedFormula?: unknown; richText?: { text?: unknown }[]; text?: unknown; error?: unknown };
    if (v.formula !== undefined || v.sharedFormula !== undefined) return `=${typeof v.formula === 'string' ? v.formula : ''}`;
    if (Array.isArray(v.richText)) return v.richText.map((t) => (typeof t.text === 'string' ? t.text : '')).join('');
    if (v.text !== undefined) return typeof v.text === 'string' ? v.text : cellOf(v.text);
    if (v.error !== undefined) return String(v.error);
  }
  return String(value);
}

/** The rows of the first worksheet, streamed by exceljs' WorkbookReader (loaded on first use). */
async function* xlsxRows(buffer: Buffer, onPosition: (bytes: number) => void): AsyncGenerator<SheetRow> {
  const { default: ExcelJS } = await import('exceljs');
  let offset = 0;
  const input = new Readable({
    read() {
      if (offset >= buffer.length) {
        this.push(null);
        return;
      }
      const next = Math.min(offset + CHUNK, buffer.length);
      this.push(buffer.subarray(offset, next));
      offset = next;
      onPosition(offset);
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  let sheets = 0;
  let sinceYield = 0;
  try {
    for await (const worksheet of workbook) {
      sheets += 1;
      let counted = 0;
      for await (const row of worksheet as AsyncIterable<{ number: number; values: unknown[] }>) {
        counted += 1;
        const values = Array.isArray(row.values) ? row.values : [];
        const cells: CellValue[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellOf(values[i]));
        yield { row: Number.isInteger(row.number) && row.number > 0 ? row.number : counted, cells };
        if (++sinceYield >= ROWS_PER_TURN) {
          sinceYield = 0;
          await yieldToEventLoop();
        }
      }
      // The first worksheet only.
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fileError(400, IMPORT_MESSAGES.unreadable, 'invalid');
  } finally {
    input.destroy();
  }
  if (sheets === 0) throw fileError(400, IMPORT_MESSAGES.noSheet, 'invalid');
}
