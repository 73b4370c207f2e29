import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { ErrorPanel, formatDateTime, LoadingState, PageHeader } from '@mediport/ui';
import { useMeeting } from '../features/meetings/api/meetings-api';
import { MeetingStatus, useNow } from '../features/meetings/meeting-status';
import { ADMIN_AREA, COMMON_TEXT, MEETING_TEXT } from '../messages';
import { editPath, whenText } from '../features/meetings/components/meeting-paths';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography color="textSecondary">{label}</Typography>
      <Box>{children}</Box>
    </Box>
  );
}

/** /v3/termine/{id}: one meeting with its status and join link. */
export function MeetingDetailsPage() {
  const { id = '' } = useParams();
  const meeting = useMeeting(id);
  const canEdit = useHasPermission('meeting_edit_view');
  const now = useNow();
  const m = meeting.data;
  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, { label: ADMIN_AREA }, { label: MEETING_TEXT.title, to: '/v3/termine' }, { label: m?.title ?? MEETING_TEXT.meeting }];
  const F = MEETING_TEXT.fields;
  return (
    <>
      <PageHeader
        title={m?.title ?? MEETING_TEXT.meeting}
        breadcrumbs={crumbs}
        actions={
          m && canEdit ? (
            <Button variant="contained" component={RouterLink} to={editPath(m)}>
              {COMMON_TEXT.edit}
            </Button>
          ) : undefined
        }
      />
      {meeting.isLoading && <LoadingState />}
      {meeting.isError && <ErrorPanel message={MEETING_TEXT.notFound} />}
      {m && (
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Row label={F.status}>
            <MeetingStatus meeting={m} now={now} />
          </Row>
          <Row label={F.company}>{m.company || '–'}</Row>
          <Row label={F.when}>{whenText(m)}</Row>
          <Row label={F.system}>{m.system ?? '–'}</Row>
          <Row label={F.url}>
            <Typography sx={{ wordBreak: 'break-all' }}>{m.url || '–'}</Typography>
          </Row>
          <Row label={F.info}>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.info || '–'}</Typography>
          </Row>
          <Row label={F.description}>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.description || '–'}</Typography>
          </Row>
          <Row label={F.bookedAt}>{formatDateTime(m.bookedAt)}</Row>
        </Paper>
      )}
    </>
  );
}
