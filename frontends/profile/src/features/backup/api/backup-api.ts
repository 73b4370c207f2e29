import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, saveBlob } from '@mediport/api-client';
import type { BackupEntry } from '@mediport/contracts/backup';

export const backupsKey = (page: number, rows: number) => ['backups', page, rows];

/** GET /api/backup: a page of the archives, newest month first. */
export function useBackups(page: number, rows: number) {
  return useQuery({ queryKey: backupsKey(page, rows), queryFn: () => callApi('GET /api/backup', { query: { offset: page * rows, limit: rows } }) });
}

/** Downloads an archive under its file name; afterwards the list shows it as downloaded. */
export function useDownloadBackup() {
  const client = useQueryClient();
  return async (entry: BackupEntry) => {
    const file = await callApi('GET /api/backup/download/:name', { params: { name: entry.name } });
    saveBlob(file as Blob, entry.original);
    await client.invalidateQueries({ queryKey: ['backups'] });
  };
}
