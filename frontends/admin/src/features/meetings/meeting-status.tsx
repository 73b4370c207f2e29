import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type MeetingDto } from '@mediport/contracts';
import { MEETING_DURATION_MS, meetingPhase } from '@mediport/contracts/meetings';
import { formatCountdown, formatTime } from '@mediport/ui';
import { MEETING_TEXT } from '../../messages';

/** The current time, ticking every second (for countdowns). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Status of a meeting: planning (no date) "In Planung"; running (until 3 hours after the start)
 * with a countdown before the start ("Beginnt in 6 Tagen 04:05:06") and the "Teilnehmen" link;
 * ended "Beendet".
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
          {MEETING_TEXT.startsIn(formatCountdown(start - now, 'dative'))}
        </Typography>
      ) : (
        <Chip size="small" color="success" label={MEETING_TEXT.runningUntil(formatTime(start + MEETING_DURATION_MS))} />
      )}
      {meeting.url && (
        <Button size="small" variant="contained" href={meeting.url} target="_blank" rel="noopener noreferrer" aria-label={MEETING_TEXT.joinOf(meeting.title)}>
          {MEETING_TEXT.join}
        </Button>
      )}
    </Box>
  );
}
