import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { archiveStatusText, type BackupEntry } from '@mediport/contracts/backup';
import { EmptyState, ErrorPanel, formatDateTime, ListPagination, LoadingState } from '@mediport/ui';
import { useBackups, useDownloadBackup } from '../api/backup-api';

const T = {
  caption: 'Backup-Archive',
  title: 'Titel',
  status: 'Status',
  modified: 'Letzte Änderung',
  actions: 'Aktionen',
  download: 'Herunterladen',
  loadFailed: 'Die Backup-Archive konnten nicht geladen werden.',
  downloadOf: (title: string) => `${title} herunterladen`,
  intro: 'Jeden Monat ein Archiv mit den Aufträgen und Nachrichten (als Tabelle), den Rezeptanforderungen und den Rechnungen Ihrer Einrichtung bzw. Praxis.',
  retention: 'Archive werden 12 Monate aufbewahrt, mit der Option „Backup-Archiv: 10 Jahre Aufbewahrung“ 10 Jahre.',
} as const;

const PAGE_SIZES = [10, 25, 50] as const;
/** Columns shown from 600 px on; below, their values sit under the title. */
const WIDE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Backup: the monthly archives of the user's home or practice; a new one is shown bold until someone of it downloads it. */
export function BackupTab() {
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<number>(25);
  const list = useBackups(page, rows);
  const download = useDownloadBackup();
  const [busy, setBusy] = useState<string | null>(null);

  if (list.isError) return <ErrorPanel message={T.loadFailed} onRetry={() => void list.refetch()} />;
  if (list.isLoading) return <LoadingState />;
  const entries = list.data?.data ?? [];
  if (entries.length === 0 && page === 0) return <EmptyState />;

  async function onDownload(entry: BackupEntry) {
    setBusy(entry.name);
    try {
      await download(entry);
    } catch {
      // The common error handler has shown the server's message.
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box sx={{ maxWidth: 900 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={T.caption}>
          <TableHead>
            <TableRow>
              <TableCell>{T.title}</TableCell>
              <TableCell sx={WIDE}>{T.status}</TableCell>
              <TableCell sx={WIDE}>{T.modified}</TableCell>
              <TableCell align="right">{T.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry) => {
              const unread = entry.status === 'new';
              return (
                <TableRow key={entry.name} hover data-unread={unread || undefined}>
                  <TableCell sx={{ fontWeight: unread ? 700 : 400 }}>
                    {entry.title}
                    {/* On a phone status and last change move under the title. */}
                    <Box component="span" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {archiveStatusText(entry.status)}
                    </Box>
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 400 }}>
                      {formatDateTime(entry.stats.mtime)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...WIDE, fontWeight: unread ? 700 : 400 }}>{archiveStatusText(entry.status)}</TableCell>
                  <TableCell sx={WIDE}>{formatDateTime(entry.stats.mtime)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" aria-label={T.downloadOf(entry.title)} onClick={() => void onDownload(entry)} disabled={busy === entry.name}>
                      {T.download}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <ListPagination
        count={list.data?.count ?? 0}
        page={page}
        rowsPerPage={rows}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={setPage}
        onRowsPerPageChange={(n) => {
          setRows(n);
          setPage(0);
        }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {T.retention}
      </Typography>
    </Box>
  );
}
