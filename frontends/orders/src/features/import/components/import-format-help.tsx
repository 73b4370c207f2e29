import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@mediport/contracts/import';
import { IMPORT_TEXTS as T } from '../messages';

/** The file format on the page: the rules and every column (the same list the server reads and the template writes). */
export function ImportFormatHelp() {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="import-format-title" sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}>
      <Typography id="import-format-title" variant="h6" component="h2">
        {T.formatTitle}
      </Typography>
      <Typography variant="body2">{T.formatIntro}</Typography>
      <Typography variant="body2">{T.formatKeys}</Typography>
      <Typography variant="body2">{T.formatLimits(IMPORT_MAX_ROWS.toLocaleString('de-DE'), IMPORT_MAX_BYTES / 1024 / 1024)}</Typography>
      <TableContainer tabIndex={0}>
        <Table size="small" aria-label={T.formatTable}>
          <TableHead>
            <TableRow>
              <TableCell>{T.formatColumns.header}</TableCell>
              <TableCell>{T.formatColumns.required}</TableCell>
              <TableCell>{T.formatColumns.description}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {IMPORT_COLUMNS.map((c) => (
              <TableRow key={c.key}>
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: c.required ? 600 : undefined }}>{c.header}</TableCell>
                <TableCell>{c.required ? T.yes : T.no}</TableCell>
                <TableCell>{c.description}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
