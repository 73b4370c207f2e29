import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { API_MESSAGES, type UserLookups } from '@mediport/contracts';
import { toast, useAuth } from '@mediport/api-client';
import { ErrorPanel, LoadingState, PageHeader } from '@mediport/ui';
import { useCreateUser, useUpdateUser, useUser, useUserLookups } from '../features/users/api/users-api';
import { USERS_TEXT as T } from '../features/users/messages';
import type { FormVariant } from '../features/users/user-form-model';
import { crumbs, listPath } from '../features/users/components/common';
import { UserForm } from '../features/users/components/user-form';

const NO_LOOKUPS: UserLookups = { homes: [], homeGroups: [], doctors: [] };

/** /nutzer/neu and /v3/nutzer/neu: "Neuer Nutzer". */
export function UserCreatePage({ variant }: { variant: FormVariant }) {
  const lookups = useUserLookups();
  const create = useCreateUser();
  return (
    <>
      <PageHeader title={T.newTitle} breadcrumbs={crumbs(variant, T.newTitle)} />
      {lookups.isPending ? (
        <LoadingState />
      ) : (
        <UserForm
          variant={variant}
          mode="create"
          lookups={lookups.data ?? NO_LOOKUPS}
          cancelTo={listPath(variant)}
          onSubmit={async (body) => {
            await create.mutateAsync(body);
            toast(variant === 'v3' ? T.savedToast : T.createdToast, 'success');
          }}
        />
      )}
    </>
  );
}

/** /nutzer/{id} and /v3/nutzer/bearbeiten/{id}: "Nutzer bearbeiten"; a deactivated user gets Reaktivieren. */
export function UserEditPage({ variant }: { variant: FormVariant }) {
  const { id } = useParams();
  const auth = useAuth();
  const user = useUser(id);
  const lookups = useUserLookups();
  const update = useUpdateUser();
  const header = <PageHeader title={T.editTitle} breadcrumbs={crumbs(variant, T.editTitle)} />;
  if (user.isPending || lookups.isPending) return <>{header}<LoadingState /></>;
  if (user.isError) return <>{header}<ErrorPanel message={user.error.message} /></>;
  const u = user.data;
  if (!u.editable) return <>{header}<Alert severity="error">{API_MESSAGES.forbidden}</Alert></>;
  return (
    <>
      {header}
      <UserForm
        key={u._id}
        variant={variant}
        mode="edit"
        user={u}
        lookups={lookups.data ?? NO_LOOKUPS}
        cancelTo={listPath(variant)}
        onSubmit={async (body, { reactivate }) => {
          await update.mutateAsync({ id: u._id, body });
          toast(reactivate ? (variant === 'v3' ? T.reactivatedToastV3 : T.reactivatedToast) : T.changedToast, 'success');
        }}
        extraActions={
          variant === 'legacy' && u._id !== auth?.user._id ? (
            <Button color="secondary" variant="outlined" component={RouterLink} to={`/nutzer/${u._id}/loeschen`}>
              {T.delete}
            </Button>
          ) : undefined
        }
      />
    </>
  );
}
