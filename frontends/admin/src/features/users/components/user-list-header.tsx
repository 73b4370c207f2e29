import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import { PageHeader } from '@mediport/ui';
import type { FormVariant } from '../user-form-model';
import { USERS_TEXT as T } from '../messages';
import { crumbs, listPath } from './common';
import type { UserList } from './use-user-list';

export interface UserListHeaderProps {
  variant: FormVariant;
  list: UserList;
}

/** Title with the mark-all-read and add actions: the same on the table and the card list. */
export function UserListHeader({ variant, list }: UserListHeaderProps) {
  return (
    <PageHeader
      title={T.listTitle}
      breadcrumbs={crumbs(variant).slice(0, 2).concat({ label: T.listTitle })}
      actions={
        <>
          <Button variant="outlined" onClick={list.markAllRead} disabled={list.marking}>
            {T.markAllRead}
          </Button>
          {list.canCreate && (
            <Button variant="contained" component={RouterLink} to={`${listPath(variant)}/neu`}>
              {T.add}
            </Button>
          )}
        </>
      }
    />
  );
}
