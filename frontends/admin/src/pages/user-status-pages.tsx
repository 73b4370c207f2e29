import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { API_MESSAGES } from '@mediport/contracts';
import { toast, useAuth } from '@mediport/api-client';
import { USER_MESSAGES } from '@mediport/validation';
import { ErrorPanel, LoadingState, PageHeader } from '@mediport/ui';
import { useDeactivateUser, useReactivateUser, useUser } from '../features/users/api/users-api';
import { USERS_TEXT as T } from '../features/users/messages';
import { crumbs } from '../features/users/components/common';

/** Deleting a user asks for the username: the typed name must match exactly, case sensitive. */
export function deleteNameMatches(typed: string, username: string): boolean {
  return typed === username;
}

/** /nutzer/{id}/loeschen: "Nutzer löschen" = deactivation after typing the username. */
export function UserDeletePage() {
  const { id } = useParams();
  const auth = useAuth();
  const user = useUser(id);
  const deactivate = useDeactivateUser();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const header = <PageHeader title={T.deleteTitle} breadcrumbs={crumbs('legacy', T.deleteTitle)} />;
  if (user.isPending) return <>{header}<LoadingState /></>;
  if (user.isError) return <>{header}<ErrorPanel message={user.error.message} /></>;
  const u = user.data;
  const self = u._id === auth?.user._id;
  const matches = deleteNameMatches(typed, u.username);
  const blocked = !u.editable ? API_MESSAGES.forbidden : self ? USER_MESSAGES.selfDeactivate : null;

  return (
    <>
      {header}
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        {u.status === 'removed' ? (
          <Alert severity="info">{T.deactivatedNote}</Alert>
        ) : blocked ? (
          <Alert severity="error">{blocked}</Alert>
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!matches) return;
              deactivate.mutate(u._id, {
                onSuccess: () => {
                  toast(T.deletedToast, 'success');
                  navigate('/nutzer');
                },
              });
            }}
          >
            <Typography sx={{ mb: 2 }}>{T.deleteText(u.username)}</Typography>
            <TextField
              label={T.deleteConfirmLabel}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              fullWidth
              autoComplete="off"
              error={typed !== '' && !matches}
              helperText={typed !== '' && !matches ? USER_MESSAGES.deleteNameMismatch : T.deleteConfirmHint}
            />
            <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
              <Button type="submit" variant="contained" color="secondary" disabled={!matches || deactivate.isPending}>
                {T.delete}
              </Button>
              <Button component={RouterLink} to="/nutzer">
                {T.cancel}
              </Button>
            </Box>
          </Box>
        )}
      </Paper>
    </>
  );
}

/** /nutzer/{id}/reaktivieren: "Nutzer reaktivieren" (PUT with an empty status). */
export function UserReactivatePage() {
  const { id } = useParams();
  const user = useUser(id);
  const reactivate = useReactivateUser();
  const navigate = useNavigate();
  const header = <PageHeader title={T.reactivateTitle} breadcrumbs={crumbs('legacy', T.reactivateTitle)} />;
  if (user.isPending) return <>{header}<LoadingState /></>;
  if (user.isError) return <>{header}<ErrorPanel message={user.error.message} /></>;
  const u = user.data;
  return (
    <>
      {header}
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        {!u.editable ? (
          <Alert severity="error">{API_MESSAGES.forbidden}</Alert>
        ) : u.status !== 'removed' ? (
          <Alert severity="info">{T.statusValues[u.status]}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{T.reactivateText(u.username)}</Typography>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                variant="contained"
                disabled={reactivate.isPending}
                onClick={() =>
                  reactivate.mutate(u._id, {
                    onSuccess: () => {
                      toast(T.reactivatedToast, 'success');
                      navigate('/nutzer');
                    },
                  })
                }
              >
                {T.reactivate}
              </Button>
              <Button component={RouterLink} to="/nutzer">
                {T.cancel}
              </Button>
            </Box>
          </>
        )}
      </Paper>
    </>
  );
}
