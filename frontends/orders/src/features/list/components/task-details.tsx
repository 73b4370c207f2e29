import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TASK_GROUP_LABELS, TASK_TYPE_LABELS, type TaskDto } from '@mediport/contracts';
import { atLeast, formatDateTime, lazyPage } from '@mediport/ui';
import { LIST_TEXTS as T } from '../messages';

// The event feed and message form are fetched when a row is first expanded, not with the list.
const ChatPanel = lazyPage(() => import(/* webpackChunkName: "chat-panel" */ '../../chat/components/chat-panel').then((m) => m.ChatPanel));

/** An expanded order: its details beside (below 768 px: above) the event feed, where the user may read it. */
export function TaskDetails({ task }: { task: TaskDto }) {
  const facts: [string, string][] = [
    [T.type, TASK_TYPE_LABELS[task.type]],
    [T.group, TASK_GROUP_LABELS[task.group]],
    [T.medicine, task.medicine],
    [T.dose, task.dose],
    [T.amount, String(task.amount)],
    [T.latestDelivery, task.latestDelivery],
    [T.createdBy, T.byAt(task.createdFrom?.username ?? '', formatDateTime(task.createdAt))],
    [T.modifiedBy, T.byAt(task.modifiedFrom?.username ?? '', formatDateTime(task.modifiedAt))],
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'minmax(0, 1fr)',
        [atLeast('tablet')]: { gridTemplateColumns: 'minmax(220px, 1fr) minmax(0, 2fr)' },
      }}
    >
      <Box component="section" aria-label={T.details}>
        <Typography variant="subtitle2" component="h3">
          {T.details}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
          {facts
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="textSecondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
        </Box>
      </Box>
      {/* The chat only for those who may read it (not for a row seen on the pickup list alone). */}
      {task.actions.chat === true && <ChatPanel taskId={task._id} />}
    </Box>
  );
}
