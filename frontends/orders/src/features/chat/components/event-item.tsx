import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  EVENT_MESSAGES,
  TASK_STATUS_LABELS,
  type EventAuthor,
  type Role,
  type TaskEventDto,
  type TaskEventFileDto,
  type TaskStatus,
} from '@mediport/contracts';
import {
  ErrorOutlineIcon,
  HomeIcon,
  ImageIcon,
  InsertDriveFileIcon,
  LocalHospitalIcon,
  LocalPharmacyIcon,
  LocalShippingIcon,
  NewBadge,
  PersonIcon,
  PictureAsPdfIcon,
  formatDateTime,
} from '@mediport/ui';
import { downloadAttachment } from '../api/events-api';
import { AUTHOR_LABELS, CHAT_TEXTS } from '../messages';

const ROLE_ICONS: Partial<Record<Role, typeof HomeIcon>> = {
  ROLE_HOME: HomeIcon,
  ROLE_DOCTOR: LocalHospitalIcon,
  ROLE_PHARMA: LocalPharmacyIcon,
  ROLE_ADMIN: LocalPharmacyIcon,
  ROLE_DRIVER: LocalShippingIcon,
};
// A user with several roles is shown by the first of these it holds.
const ROLE_ORDER: Role[] = ['ROLE_HOME', 'ROLE_DOCTOR', 'ROLE_DRIVER', 'ROLE_PHARMA', 'ROLE_ADMIN'];

/** The author's icon by role, named in German; events without an author are the system's. */
function AuthorIcon({ author }: { author: EventAuthor | null }) {
  const role = ROLE_ORDER.find((r) => author?.roles.includes(r));
  const Icon = (role && ROLE_ICONS[role]) || PersonIcon;
  const label = (role && AUTHOR_LABELS[role]) || CHAT_TEXTS.system;
  return <Icon role="img" aria-label={label} titleAccess={label} color="primary" fontSize="small" />;
}

function FileIcon({ name }: { name: string }) {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'pdf') return <PictureAsPdfIcon />;
  if (ext === 'jpg' || ext === 'jpeg' || ext === 'png') return <ImageIcon />;
  return <InsertDriveFileIcon />;
}

const field = (data: TaskEventDto['data'], key: string): string => {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
};

const statusLabel = (status: string) => TASK_STATUS_LABELS[status as TaskStatus] ?? status;

/** What an event says, by its type (status change, message, e-mail, fax, …). */
function eventText(event: TaskEventDto): { text: ReactNode; failed?: boolean } {
  const { data } = event;
  switch (event.type) {
    case 'message':
      return { text: field(data, 'text') };
    case 'document':
      return { text: field(data, 'text') || EVENT_MESSAGES.created };
    case 'fax':
      return { text: field(data, 'text') || EVENT_MESSAGES.faxSending };
    case 'faxresponse':
      return data === 'SENT' ? { text: EVENT_MESSAGES.faxSent } : { text: EVENT_MESSAGES.faxFailed, failed: true };
    case 'email':
      if (event.state === 'failed') return { text: CHAT_TEXTS.emailFailed, failed: true };
      return { text: field(data, 'text') || EVENT_MESSAGES.emailSent };
    case 'status_change': {
      const from = field(data, 'from');
      const to = field(data, 'to');
      // The placing of the order: rendered from the type, so every stored feed shows today's wording.
      if (!from && to === 'new') return { text: EVENT_MESSAGES.created };
      return { text: `${EVENT_MESSAGES.statusChange}: ${CHAT_TEXTS.statusChange(statusLabel(from), statusLabel(to))}` };
    }
    case 'recipe_request':
      return {
        text: (
          <>
            <Box component="strong" sx={{ display: 'block' }}>
              {field(data, 'subject')}
            </Box>
            {field(data, 'message')}
          </>
        ),
      };
    default:
      return { text: field(data, 'text') };
  }
}

function Attachments({ event }: { event: TaskEventDto }) {
  return (
    <Box component="ul" aria-label={CHAT_TEXTS.attachments} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {event.files.map((file: TaskEventFileDto) => (
        <li key={file.name}>
          <Chip
            size="small"
            variant="outlined"
            icon={<FileIcon name={file.name} />}
            label={file.name}
            aria-label={CHAT_TEXTS.download(file.name)}
            onClick={() => void downloadAttachment(event.task, event._id, file.name)}
            sx={{ maxWidth: '100%' }}
          />
        </li>
      ))}
    </Box>
  );
}

/** One entry of the feed: author icon and name, time, the type's text, attachments, "neu" while unseen. */
export function EventItem({ event }: { event: TaskEventDto }) {
  const { text, failed } = eventText(event);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Box sx={{ pt: 0.25 }}>
        <AuthorIcon author={event.createdFrom} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="caption" color="textSecondary" component="div">
          {event.createdFrom?.username ?? CHAT_TEXTS.system} · {formatDateTime(event.createdAt)}
          {event.seen.length === 0 && <NewBadge />}
        </Typography>
        <Typography
          variant="body2"
          component="div"
          color={failed ? 'error' : undefined}
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: 'flex', gap: 0.5, alignItems: 'flex-start' }}
        >
          {failed && <ErrorOutlineIcon fontSize="small" />}
          <span>{text}</span>
        </Typography>
        {event.files.length > 0 && <Attachments event={event} />}
      </Box>
    </Box>
  );
}
