import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { IMPORT_HEADERS, type ImportLineAction, type ImportPreview } from '@mediport/contracts/import';
import { IMPORT_TEXTS as T } from '../messages';

const ACTION_COLORS: Record<ImportLineAction, 'success' | 'info' | 'default' | 'warning' | 'error'> = {
  insert: 'success',
  update: 'info',
  unchanged: 'default',
  skipped: 'warning',
  error: 'error',
};

/** The columns of the rows table: the file's cells the preview shows. */
const LINE_COLUMNS = [
  ['home', IMPORT_HEADERS.home],
  ['homeGroup', IMPORT_HEADERS.homeGroup],
  ['patient', T.columns.patient],
  ['dateOfBirth', IMPORT_HEADERS.dateOfBirth],
  ['doctor', IMPORT_HEADERS.doctor],
  ['medicine', IMPORT_HEADERS.medicine],
  ['dose', IMPORT_HEADERS.dose],
  ['amount', IMPORT_HEADERS.amount],
  ['type', IMPORT_HEADERS.type],
  ['latestDelivery', IMPORT_HEADERS.latestDelivery],
] as const;

const scroll = { maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 } as const;

/** What the import would write, and the file's problems; with problems the import is refused. */
function Summary({ preview }: { preview: ImportPreview }) {
  const { details } = preview;
  const items = [
    [T.newHomes, details.homes.length ? `${details.homes.length}: ${details.homes.join(', ')}` : '0'],
    [T.newHomeGroups, details.homeGroups.length ? `${details.homeGroups.length}: ${details.homeGroups.join(', ')}` : '0'],
    [T.patients, [T.inserted(details.patients.inserted), T.updated(details.patients.updated)].join(', ')],
    [T.doctors, details.doctors.length ? `${details.doctors.length}: ${details.doctors.join('; ')}` : '0'],
    [T.tasks, [T.inserted(details.tasks.inserted), T.updated(details.tasks.updated), T.unchanged(details.tasks.unchanged)].join(', ')],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2">{T.summary(preview.rows, preview.skipped)}</Typography>
      <Typography variant="body2">{T.wouldWrite}</Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.25 }}>
        {items.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Problems({ preview }: { preview: ImportPreview }) {
  return (
    <Alert severity="error" sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
      <AlertTitle>{T.problemsTitle(preview.problemCount)}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {T.problemsHint}
        {preview.problemCount > preview.problems.length && ` ${T.problemsShown(preview.problems.length, preview.problemCount)}`}
      </Typography>
      <TableContainer tabIndex={0} sx={{ ...scroll, maxHeight: 260, bgcolor: 'background.paper' }}>
        <Table size="small" stickyHeader aria-label={T.problemsTable}>
          <TableHead>
            <TableRow>
              <TableCell>{T.columns.row}</TableCell>
              <TableCell>{T.columns.column}</TableCell>
              <TableCell>{T.columns.problem}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.problems.map((p, i) => (
              <TableRow key={i}>
                <TableCell>{p.row ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.column ?? ''}</TableCell>
                <TableCell>{p.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Alert>
  );
}

function Lines({ preview }: { preview: ImportPreview }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5, minWidth: 0 }}>
      <TableContainer tabIndex={0} sx={scroll}>
        <Table size="small" stickyHeader aria-label={T.rowsTable}>
          <TableHead>
            <TableRow>
              <TableCell>{T.columns.row}</TableCell>
              <TableCell>{T.columns.action}</TableCell>
              {LINE_COLUMNS.map(([key, label]) => (
                <TableCell key={key} sx={{ whiteSpace: 'nowrap' }}>
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.lines.map((line) => (
              <TableRow key={line.row} sx={line.action === 'error' ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.06) } : undefined}>
                <TableCell>{line.row}</TableCell>
                <TableCell>
                  <Chip size="small" label={T.actions[line.action]} color={ACTION_COLORS[line.action]} variant={line.action === 'unchanged' ? 'outlined' : 'filled'} />
                </TableCell>
                {LINE_COLUMNS.map(([key]) => (
                  <TableCell key={key} title={line[key]} sx={{ maxWidth: 240, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {line[key]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {preview.rows > preview.lines.length && (
        <Typography variant="caption" color="textSecondary">
          {T.rowsShown(preview.lines.length, preview.rows)}
        </Typography>
      )}
    </Box>
  );
}

/** The dry run's answer: the summary, every problem with row and column, and the first rows with what happens to each. */
export function ImportPreviewPanel({ preview }: { preview: ImportPreview }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Summary preview={preview} />
      {preview.problemCount > 0 && <Problems preview={preview} />}
      <Lines preview={preview} />
    </Box>
  );
}
