import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ROLE_LABELS } from '@mediport/contracts';
import { useAuth, useHasPermission } from '@mediport/api-client';
import { ErrorPanel, formatDateTime, LoadingState, PageHeader } from '@mediport/ui';
import { useSwitchToUser, useUser } from '../features/users/api/users-api';
import { USERS_TEXT as T } from '../features/users/messages';
import { doctorName } from '../features/users/user-form-model';
import { crumbs, homeGroupNames } from '../features/users/components/common';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/** /v3/nutzer/details/{id}: the user with doctor and home details. */
export function UserDetailsPage() {
  const { id } = useParams();
  const auth = useAuth();
  const user = useUser(id);
  const canMasquerade = useHasPermission('masquerade_view');
  const { switchTo, switching } = useSwitchToUser();
  const header = <PageHeader title={T.detailsTitle} breadcrumbs={crumbs('v3', T.detailsTitle)} />;
  if (user.isPending) return <>{header}<LoadingState /></>;
  if (user.isError) return <>{header}<ErrorPanel message={user.error.message} /></>;
  const u = user.data;
  const salutation = u.salutation === 'mr' ? T.mr : u.salutation === 'mrs' ? T.mrs : '';

  return (
    <>
      {header}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 3 }}>
          <Avatar src={u.avatar ?? undefined} sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
            {(u.firstname.charAt(0) + u.lastname.charAt(0) || u.username.charAt(0)).toUpperCase()}
          </Avatar>
          <Box>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.4rem' }}>
              {[salutation, u.title, u.firstname, u.lastname].filter(Boolean).join(' ') || u.username}
            </Typography>
            <Typography color="textSecondary">{u.username}</Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Field label={T.roles}>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {u.roles.map((r) => (
                <Chip key={r} label={ROLE_LABELS[r]} size="small" />
              ))}
            </Box>
          </Field>
          <Field label={T.status}>{T.statusValues[u.status]}</Field>
          <Field label={T.homeDetails}>{u.homeDetails ? u.homeDetails.name : T.none}</Field>
          <Field label={T.homeGroup}>{homeGroupNames(u) || T.none}</Field>
          <Field label={T.doctorDetails}>
            {u.doctorDetails ? (
              <>
                {doctorName(u.doctorDetails)}
                <br />
                {T.email}: {u.doctorDetails.email || T.none}
              </>
            ) : (
              T.none
            )}
          </Field>
          <Field label={T.createdAt}>{u.createdFrom ? T.created(u.createdFrom.name, formatDateTime(u.createdAt)) : formatDateTime(u.createdAt)}</Field>
          <Field label={T.modifiedAt}>{u.modifiedFrom ? T.lastChanged(u.modifiedFrom.name, formatDateTime(u.modifiedAt)) : formatDateTime(u.modifiedAt)}</Field>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          {u.editable && (
            <Button variant="contained" component={RouterLink} to={`/v3/nutzer/bearbeiten/${u._id}`}>
              {T.edit}
            </Button>
          )}
          {canMasquerade && u.status !== 'removed' && u._id !== auth?.user._id && (
            <Button
              variant="outlined"
              disabled={switching}
              onClick={() => switchTo(u._id)}
            >
              {T.masquerade}
            </Button>
          )}
          <Button component={RouterLink} to="/v3/nutzer">
            {T.cancel}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
