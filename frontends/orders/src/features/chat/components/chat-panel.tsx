import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EVENT_MESSAGES } from '@mediport/contracts';
import { EmptyState, ErrorPanel, LoadingState, SPEC_BREAKPOINTS, UI_MESSAGES } from '@mediport/ui';
import { useMarkEventsSeenOnLeave, useTaskEvents } from '../api/events-api';
import { CHAT_TEXTS } from '../messages';
import { EventItem } from './event-item';
import { MessageForm } from './message-form';

/**
 * The event feed of one order: events oldest first, the message
 * form below them (on top at 425 px and less), every event marked seen when the panel goes away.
 */
export function ChatPanel({ taskId }: { taskId: string }) {
  const phone = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.phone - 0.05}px)`);
  const events = useTaskEvents(taskId);
  useMarkEventsSeenOnLeave(taskId);

  let feed;
  if (events.error && !events.data) feed = <ErrorPanel message={UI_MESSAGES.loadFailed} onRetry={() => void events.refetch()} />;
  else if (!events.data) feed = <LoadingState />;
  else if (events.data.length === 0) feed = <EmptyState text={EVENT_MESSAGES.empty} />;
  else {
    // A failed send offers 'Erneut senden' only while it is its request's latest word: once sent
    // again ('Fax wird versendet', then sent or failed anew) the older failure is history.
    const latestOfDocument = new Map<string, string>();
    for (const event of events.data) if (event.document) latestOfDocument.set(event.document, event._id);
    feed = (
      <Box component="ul" aria-label={CHAT_TEXTS.title} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {events.data.map((event) => (
          <EventItem key={event._id} event={event} latest={!event.document || latestOfDocument.get(event.document) === event._id} />
        ))}
      </Box>
    );
  }

  const form = <MessageForm taskId={taskId} />;
  return (
    <Box component="section" aria-label={CHAT_TEXTS.title} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {CHAT_TEXTS.title}
      </Typography>
      {phone && form}
      {feed}
      {!phone && form}
    </Box>
  );
}
