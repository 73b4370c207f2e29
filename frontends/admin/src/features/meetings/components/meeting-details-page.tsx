import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { ErrorPanel, formatDateTime, LoadingState, PageHeader } from '@mediport/ui';
import { useMeeting } from '../api/meetings-api';
import { MeetingStatus, useNow } from '../meeting-status';
import { editPath, whenText } from './meeting-paths';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography color="text.secondary">{label}</Typography>
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
  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, { label: 'Termine', to: '/v3/termine' }, { label: m?.title ?? 'Termin' }];
  return (
    <>
      <PageHeader
        title={m?.title ?? 'Termin'}
        breadcrumbs={crumbs}
        actions={
          m && canEdit ? (
            <Button variant="contained" component={RouterLink} to={editPath(m)}>
              Bearbeiten
            </Button>
          ) : undefined
        }
      />
      {meeting.isLoading && <LoadingState />}
      {meeting.isError && <ErrorPanel message="Der Termin wurde nicht gefunden." />}
      {m && (
        <Paper sx={{ p: 3 }}>
          <Row label="Status">
            <MeetingStatus meeting={m} now={now} />
          </Row>
          <Row label="Firma">{m.company || '–'}</Row>
          <Row label="Termin">{whenText(m)}</Row>
          <Row label="System">{m.system ?? '–'}</Row>
          <Row label="URL">
            <Typography sx={{ wordBreak: 'break-all' }}>{m.url || '–'}</Typography>
          </Row>
          <Row label="Info">
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.info || '–'}</Typography>
          </Row>
          <Row label="Beschreibung">
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.description || '–'}</Typography>
          </Row>
          <Row label="Gebucht am">{formatDateTime(m.bookedAt)}</Row>
        </Paper>
      )}
    </>
  );
}
