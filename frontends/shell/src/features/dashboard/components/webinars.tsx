import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type MeetingDto } from '@mediport/contracts';
import { meetingPhase } from '@mediport/contracts/meetings';
import { DASHBOARD_MESSAGES } from '../messages';

/** Running and upcoming webinars; a running one offers "Teilnehmen" (ends 3 hours after the start). */
export function Webinars({ webinars, now = Date.now() }: { webinars: MeetingDto[]; now?: number }) {
  if (webinars.length === 0) return <Typography color="textSecondary">{DASHBOARD_MESSAGES.noWebinars}</Typography>;
  return (
    <List dense disablePadding>
      {webinars.map((w) => {
        const phase = meetingPhase(w, now);
        return (
          <ListItem key={w._id} divider disableGutters>
            <ListItemText
              primary={w.title || w.company}
              secondary={[w.date && w.time ? DASHBOARD_MESSAGES.startsAt(w.date, w.time) : null, w.system].filter(Boolean).join(' · ')}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              {phase === 'running' && <Chip size="small" color="secondary" label={DASHBOARD_MESSAGES.running} />}
              {phase === 'running' && w.url && (
                <Button size="small" variant="contained" href={w.url} target="_blank" rel="noopener noreferrer">
                  {DASHBOARD_MESSAGES.join}
                </Button>
              )}
            </Box>
          </ListItem>
        );
      })}
    </List>
  );
}
