import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { OFFICE_CONTACT_TYPE_LABELS, type DoctorOfficeDto } from '@mediport/contracts';
import { useAuthedObjectUrl, useHasPermission } from '@mediport/api-client';
import { EmptyState, PageHeader } from '@mediport/ui';
import { AuditInfo, FORM_TEXTS } from '../shared';
import { DeactivatedChip } from '../shared/deactivation';
import { RecordState } from '../shared/record-state';
import { doctorName } from '../features/doctors/api/doctors-api';
import { OFFICE_TEXTS as T, SECTION_CRUMBS } from '../features/doctors/messages';
import { useOffice } from '../features/doctors/offices/api/offices-api';
import { useDeleteOfficeQuestion } from '../features/doctors/offices/components/use-delete-office';

const LIST = '/v3/arztpraxis';

/** /v3/arztpraxis/{id}: the practice read-only with its doctors (links to /arzt/{id}). */
export function OfficeViewPage() {
  const { id } = useParams();
  const office = useOffice(id);
  return <RecordState query={office}>{(record) => <OfficeView office={record} />}</RecordState>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '–'}
      </Typography>
    </>
  );
}

function OfficeView({ office }: { office: DoctorOfficeDto }) {
  const navigate = useNavigate();
  const canOpenDoctor = useHasPermission('doctor_edit_view');
  const image = useAuthedObjectUrl(office.image);
  const deletion = useDeleteOfficeQuestion(() => navigate(LIST));

  return (
    <>
      <PageHeader
        title={office.name}
        breadcrumbs={[...SECTION_CRUMBS, { label: T.listTitle, to: LIST }, { label: office.name }]}
        actions={
          <>
            {office.editable && (
              <Button variant="contained" component={RouterLink} to={`${LIST}/bearbeiten/${office._id}`}>
                {FORM_TEXTS.edit}
              </Button>
            )}
            {office.deletable && (
              <Button variant="outlined" color="secondary" onClick={() => deletion.askDelete(office)} disabled={deletion.pending}>
                {FORM_TEXTS.delete}
              </Button>
            )}
          </>
        }
      />
      <Paper variant="outlined" component="section" aria-label={T.viewTitle} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {image && <Box component="img" src={image} alt={T.image.previewAlt} sx={{ maxWidth: 200, maxHeight: 120, objectFit: 'contain' }} />}
          <Box component="dl" sx={{ m: 0, flex: '1 1 260px', minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
            <Row label={T.name}>{office.name}</Row>
            <Row label={T.street}>{office.street}</Row>
            <Row label={`${T.zip} / ${T.city}`}>{[office.zip, office.city].filter(Boolean).join(' ')}</Row>
            <Row label={T.contactType}>{OFFICE_CONTACT_TYPE_LABELS[office.contact_type]}</Row>
            <Row label={T.phone}>{office.phone}</Row>
            <Row label={T.mail}>{office.mail}</Row>
            <Row label={T.fax}>{office.fax}</Row>
          </Box>
        </Box>
        <AuditInfo record={office} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="office-doctors" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="office-doctors">
          {T.doctors}
        </Typography>
        {office.doctors.length === 0 ? (
          <EmptyState text={T.noDoctors} />
        ) : (
          <List aria-labelledby="office-doctors">
            {office.doctors.map((d) => (
              <ListItem key={d._id} disableGutters>
                <ListItemText
                  primary={
                    <>
                      {canOpenDoctor ? (
                        <Link component={RouterLink} to={`/arzt/${d._id}`}>
                          {doctorName(d)}
                        </Link>
                      ) : (
                        doctorName(d)
                      )}
                      {d.deactivated && <DeactivatedChip />}
                    </>
                  }
                  secondary={d.expertise || undefined}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      {deletion.dialog}
    </>
  );
}
