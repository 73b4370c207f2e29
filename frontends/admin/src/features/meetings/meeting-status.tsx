import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MEETING_DURATION_MS, meetingPhase, type MeetingDto } from '@mediport/contracts';
import { formatTime } from '@mediport/ui';

export const MEETING_TEXT = {
  planning: 'In Planung',
  ended: 'Beendet',
  running: 'Läuft',
  join: 'Teilnehmen',
  startsIn: 'Beginnt in',
} as const;

/** The current time, ticking every second (for countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "3 Tage 04:05:06" / "1 Tag 00:00:09" / "04:05:06". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const clock = `${pad(Math.floor((total % 86400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days} ${days === 1 ? 'Tag' : 'Tage'} ${clock}` : clock;
}

/**
 * Status of a meeting: planning (no date) "In Planung"; running (until 3 hours after the start)
 * with a countdown before the start and the "Teilnehmen" link; ended "Beendet".
 */
export function MeetingStatus({ meeting, now }: { meeting: Pick<MeetingDto, 'startsAt' | 'url' | 'title'>; now: number }) {
  const phase = meetingPhase(meeting, now);
  if (phase === 'planning') return <Chip size="small" label={MEETING_TEXT.planning} />;
  if (phase === 'ended') return <Chip size="small" variant="outlined" label={MEETING_TEXT.ended} />;
  const start = Date.parse(meeting.startsAt!);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {phase === 'upcoming' ? (
        <Typography variant="body2" aria-live="off">
          {`${MEETING_TEXT.startsIn} ${formatCountdown(start - now)}`}
        </Typography>
      ) : (
        <Chip size="small" color="success" label={`${MEETING_TEXT.running} bis ${formatTime(start + MEETING_DURATION_MS)} Uhr`} />
      )}
      {meeting.url && (
        <Button size="small" variant="contained" href={meeting.url} target="_blank" rel="noopener noreferrer" aria-label={`${MEETING_TEXT.join}: ${meeting.title}`}>
          {MEETING_TEXT.join}
        </Button>
      )}
    </Box>
  );
}
