import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import type { UserListFilter } from '@mediport/contracts';
import { PageHeader } from '@mediport/ui';
import type { FormVariant } from '../user-form-model';
import { USERS_TEXT as T } from '../messages';
import { crumbs, listPath } from './common';
import { UserFilters } from './user-filters';
import type { useUserList } from './use-user-list';

/** Whether any filter narrows the list, so an empty list means "no search results". */
export function isFiltered(filter: UserListFilter): boolean {
  return !!(filter.text || filter.roles || filter.home || filter.doctor);
}

export interface UserListHeaderProps {
  variant: FormVariant;
  list: ReturnType<typeof useUserList>;
}

/** Title, mark-all-read and add actions, and the filters: the same on the table and the card list. */
export function UserListHeader({ variant, list }: UserListHeaderProps) {
  return (
    <>
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
      <UserFilters value={list.filter} onChange={list.setFilter} viewerRoles={list.auth?.roles ?? []} lookups={list.lookups} />
    </>
  );
}
