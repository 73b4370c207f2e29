import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useHasPermission } from '@mediport/api-client';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { EVENT_MESSAGES, TASK_STATUS_LABELS, type EventAuthor, type Role, type TaskEventDto, type TaskEventFileDto, type TaskStatus } from '@mediport/contracts';
import { deliveredToText, incidentText, type DeliveryPosition, type DeliveryProofData, type IncidentReason } from '@mediport/contracts/delivery';
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
  ReplayIcon,
  formatDateTime,
} from '@mediport/ui';
import { downloadAttachment, useAttachmentUrl, useResendDocument } from '../api/events-api';
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

const isPosition = (value: unknown): value is DeliveryPosition =>
  !!value && typeof value === 'object' && Number.isFinite((value as DeliveryPosition).latitude) && Number.isFinite((value as DeliveryPosition).longitude);

/** A delivery proof's data, or null when the event does not carry one. */
function deliveryProof(data: TaskEventDto['data']): DeliveryProofData | null {
  const recipient = field(data, 'recipient');
  const deliveredAt = field(data, 'deliveredAt');
  if (!recipient || !deliveredAt) return null;
  const position = (data as { position?: unknown }).position;
  return { recipient, deliveredAt, position: isPosition(position) ? position : null };
}

/** Where the driver confirmed the delivery, on OpenStreetMap (a new tab), the accuracy as its title. */
function PositionLink({ position }: { position: DeliveryPosition }) {
  const { latitude, longitude, accuracy } = position;
  return (
    <Link
      href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`}
      target="_blank"
      rel="noopener noreferrer"
      title={accuracy == null ? undefined : CHAT_TEXTS.positionAccuracy(Math.round(accuracy))}
    >
      {CHAT_TEXTS.position}
    </Link>
  );
}

/** How an event stands out: a failure in red, a driver's incident as a warning. */
type Tone = 'error' | 'warning';

/** What an event says, by its type (status change, message, e-mail, fax, delivery, …). */
function eventText(event: TaskEventDto): { text: ReactNode; tone?: Tone } {
  const { data } = event;
  switch (event.type) {
    case 'message':
      return { text: field(data, 'text') };
    case 'document':
      return { text: field(data, 'text') || EVENT_MESSAGES.created };
    case 'fax':
      return { text: field(data, 'text') || EVENT_MESSAGES.faxSending };
    case 'faxresponse':
      return data === 'SENT' ? { text: EVENT_MESSAGES.faxSent } : { text: EVENT_MESSAGES.faxFailed, tone: 'error' };
    case 'email':
      if (event.state === 'failed') return { text: CHAT_TEXTS.emailFailed, tone: 'error' };
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
    case 'delivery_proof': {
      const proof = deliveryProof(data);
      if (!proof) return { text: '' };
      return {
        text: (
          <>
            {deliveredToText(proof)}
            {proof.position && (
              <>
                {' · '}
                <PositionLink position={proof.position} />
              </>
            )}
          </>
        ),
      };
    }
    case 'incident':
      return { text: incidentText({ reason: field(data, 'reason') as IncidentReason, text: field(data, 'text') }), tone: 'warning' };
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

/**
 * The recipient's signature of a delivery proof (the event's image), loaded through the API with
 * the sign-in token; when it cannot be loaded, the file stays reachable as a download.
 */
function Signature({ event }: { event: TaskEventDto }) {
  const file = event.files.find((f) => f.mimeType.startsWith('image/'));
  const { url, failed } = useAttachmentUrl(event.task, event._id, file?.name);
  if (!file) return null;
  if (failed) return <Attachments event={event} />;
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={CHAT_TEXTS.signature(field(event.data, 'recipient'))}
      sx={{ display: 'block', mt: 0.5, maxWidth: '100%', width: 240, height: 'auto', maxHeight: 120, objectFit: 'contain', bgcolor: 'common.white', border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}

/** One entry of the feed: author icon and name, time, the type's text, attachments, "neu" while unseen. */
/** `latest`: no later event of the same prescription request follows (else a failure offers no "Erneut senden"). */
export function EventItem({ event, latest = true }: { event: TaskEventDto; latest?: boolean }) {
  const { text, tone } = eventText(event);
  const proof = event.type === 'delivery_proof';
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
          color={tone === 'error' ? 'error' : undefined}
          sx={[
            { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: 'flex', gap: 0.5, alignItems: 'flex-start' },
            tone === 'warning' && {
              mt: 0.25,
              px: 1,
              py: 0.5,
              borderLeft: 3,
              borderColor: 'warning.main',
              borderRadius: 1,
              bgcolor: (theme) => alpha(theme.palette.warning.main, 0.1),
            },
          ]}
        >
          {tone === 'error' && <ErrorOutlineIcon fontSize="small" />}
          {tone === 'warning' && <ErrorOutlineIcon role="img" aria-label={CHAT_TEXTS.warning} titleAccess={CHAT_TEXTS.warning} color="warning" fontSize="small" />}
          <span>{text}</span>
        </Typography>
        {proof ? <Signature event={event} /> : event.files.length > 0 && <Attachments event={event} />}
        {tone === 'error' && latest && event.document && (event.type === 'email' || event.type === 'faxresponse') && <ResendButton documentId={event.document} />}
      </Box>
    </Box>
  );
}

/** 'Erneut senden' under a failed e-mail or fax of a prescription request, for whoever may send them. */
function ResendButton({ documentId }: { documentId: string }) {
  const allowed = useHasPermission('document_create');
  const resend = useResendDocument();
  if (!allowed) return null;
  return (
    <Button size="small" variant="outlined" startIcon={<ReplayIcon />} disabled={resend.isPending} onClick={() => resend.mutate(documentId)} sx={{ mt: 0.5, minHeight: 36 }}>
      {CHAT_TEXTS.resend}
    </Button>
  );
}
