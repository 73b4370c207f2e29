import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ImportProgress } from '@mediport/contracts/import';
import { IMPORT_TEXTS as T } from '../messages';

/** Share of the whole run each phase covers (upload, read, check, write), so one bar runs from 0 to 100. */
const SPAN: Record<'upload' | 'read' | 'check' | 'write', [number, number]> = { upload: [0, 30], read: [30, 55], check: [55, 75], write: [75, 100] };

function percent(p: ImportProgress): number | null {
  if (p.phase === 'done') return 100;
  if (p.phase === 'waiting' || p.phase === 'failed') return null;
  const [from, to] = SPAN[p.phase];
  return p.total > 0 ? from + ((to - from) * Math.min(p.done, p.total)) / p.total : from;
}

function detail(p: ImportProgress): string {
  if (p.phase === 'upload' && p.total > 0) return T.progressBytes(p.done, p.total);
  if (p.phase === 'read') return T.progressRead(p.rows);
  if ((p.phase === 'check' || p.phase === 'write') && p.total > 0) return T.progressRows(p.done, p.total);
  return '';
}

/** The upload's and the server's progress as one bar with what happens and how far (rows of the total). */
export function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const value = percent(progress);
  const text = [T.phase[progress.phase], detail(progress)].filter(Boolean).join(' ');
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <LinearProgress
        variant={value === null ? 'indeterminate' : 'determinate'}
        value={value ?? undefined}
        aria-label={T.progressLabel}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" color="textSecondary" role="status">
        {text}
      </Typography>
    </Box>
  );
}
