import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { IMPORT_MESSAGES } from '@mediport/contracts/import';
import { fileError } from './import.errors.js';

/** Records parsed between two turns of the event loop. */
const RECORDS_PER_TURN = 500;

/**
 * The text of a CSV file: UTF-8 with or without byte order mark; a file that is not valid UTF-8 is
 * read as Windows-1252 (what Excel writes as "CSV (Trennzeichen-getrennt)" on a German Windows).
 * UTF-16 (Excel's "Unicode-Text") is refused with its own message.
 */
export function decodeCsv(buffer: Buffer): string {
  if ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff)) throw fileError(415, IMPORT_MESSAGES.utf16, 'unsupported_media_type');
  const bom = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  const bytes = buffer.subarray(bom);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return windows1252(bytes);
  }
}

/** Windows-1252 at 0x80–0x9F (where it differs from Latin-1, which Node's TextDecoder applies for this label). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function windows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** The delimiter of the first record: the most frequent of `;`, `,` and tab outside quotes (`;` on a tie, as German Excel writes it). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ';';
  for (const [delimiter, n] of counts) if (n > counts.get(best)!) best = delimiter;
  return best;
}

export interface CsvRecord {
  /** The record's number (1 = the first), as a spreadsheet program shows the row. */
  row: number;
  cells: string[];
}

/**
 * The records of a CSV text (RFC 4180: fields in double quotes may hold the delimiter, line breaks
 * and doubled quotes; CRLF, LF or CR end a record). Blank records are skipped but counted, so row
 * numbers match the file opened in a spreadsheet. Yields to the event loop every few hundred
 * records. `onPosition` hears how many characters were read.
 */
export async function* csvRecords(text: string, onPosition?: (position: number) => void): AsyncGenerator<CsvRecord> {
  const delimiter = detectDelimiter(text);
  let row = 0;
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = text.length;
  let sinceYield = 0;
  const endRecord = (): CsvRecord | null => {
    cells.push(field);
    field = '';
    row += 1;
    const record = cells;
    cells = [];
    return record.length === 1 && record[0] === '' ? null : { row, cells: record };
  };
  while (i < n) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i += 1;
      continue;
    }
    if (c === delimiter) {
      cells.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (c === '\r' || c === '\n') {
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      const record = endRecord();
      if (record) yield record;
      if (++sinceYield >= RECORDS_PER_TURN) {
        sinceYield = 0;
        onPosition?.(i);
        await yieldToEventLoop();
      }
      continue;
    }
    field += c;
    i += 1;
  }
  if (field !== '' || cells.length > 0) {
    const record = endRecord();
    if (record) yield record;
  }
  onPosition?.(n);
}
