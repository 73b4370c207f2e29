/**
 * The part of archiver (a dependency of exceljs, CommonJS without bundled types) the backup
 * archives use: a ZIP written as a stream, entries appended one after another.
 */
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  export interface ZipOptions {
    zlib?: { level?: number };
    forceZip64?: boolean;
  }

  export interface EntryData {
    name: string;
    date?: Date;
  }

  export interface Archiver extends Transform {
    append(source: Readable | Buffer | string, data: EntryData): this;
    finalize(): Promise<void>;
    /** Bytes written so far. */
    pointer(): number;
    /** Stops at once: queued entries are dropped and the stream ends. */
    abort(): this;
  }

  function archiver(format: 'zip', options?: ZipOptions): Archiver;
  export default archiver;
}
