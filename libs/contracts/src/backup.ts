/** Backup archives of a home or practice (GET /api/backup, GET /api/backup/download/{name}). */

/** Archive status: 'new' until someone of the home or practice downloads it, then 'downloaded'. */
export type ArchiveStatus = 'new' | 'downloaded' | 'accepted' | 'reject' | (string & {});

/** One entry of GET /api/backup: `name` is what the download call takes, `original` the file name it is saved under. */
export interface BackupEntry {
  name: string;
  original: string;
  /** 'Sicherung März 2026' */
  title: string;
  /** The archived month, YYYY-MM. */
  month: string;
  status: ArchiveStatus;
  stats: { mtime: string; size: number };
}

/** The spec's status texts; anything else is 'offen'. */
export const ARCHIVE_STATUS_TEXT: Readonly<Record<string, string>> = {
  new: 'neu',
  downloaded: 'bereits heruntergeladen',
  accepted: 'akzeptiert',
  reject: 'abgelehnt',
};

export function archiveStatusText(status: string): string {
  return ARCHIVE_STATUS_TEXT[status] ?? 'offen';
}
