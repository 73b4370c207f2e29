import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { HOME_SORT_FIELDS, PRODUCT_NAME, type HomeDto } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { DataTable, FilterBar, NewBadge, PageHeader, useListState, type DataColumn } from '@mediport/ui';
import { FORM_TEXTS } from '../shared';
import { DeactivatedSelect, FLAG_FILTER_DEFAULTS, isNewRecord, MarkAllReadButton, OnlyNewSwitch } from '../shared/list-filters';
import { DeactivatedChip } from '../shared/deactivation';
import { RowActionButtons } from '../shared/row-action-buttons';
import { useHomes, useMarkHomesRead, useReactivateHome } from '../features/homes/api/homes-api';
import { HOME_TEXTS as T, homeDeletePath, homeEditPath } from '../features/homes/messages';

const yesNo = (flag: boolean) => (flag ? FORM_TEXTS.yes : FORM_TEXTS.no);

const COLUMNS: DataColumn<HomeDto>[] = [
  {
    id: 'name',
    label: T.name,
    sortKey: 'name',
    cell: (h) => (
      <>
        {h.name}
        {isNewRecord(h) && <NewBadge />}
        {h.deactivated && <DeactivatedChip />}
      </>
    ),
  },
  { id: 'withLogin', label: T.withLogin, cell: (h) => yesNo(h.withLogin) },
  { id: 'selfPay', label: T.selfPay, cell: (h) => yesNo(h.selfPay) },
  { id: 'homeGroups', label: T.homeGroups, cell: (h) => h.homeGroups.map((g) => g.name).join(', ') },
];

/**
 * /einrichtungen and /pflegeeinrichtungen: care homes with search, "Nur neue", the "Deaktiviert"
 * filter (delete right) and per row edit or view, delete (deactivate) or reactivate as the row's
 * flags allow. A home user sees only its own home (the server narrows the list).
 */
export function HomeListPage() {
  const canDelete = useHasPermission('home_delete_view');
  const canCreate = useHasPermission('home_create_view');
  const list = useListState({ filters: FLAG_FILTER_DEFAULTS, sort: 'name', sortKeys: HOME_SORT_FIELDS });
  const query = canDelete ? list.query : { ...list.query, 'filter[deactivated]': FLAG_FILTER_DEFAULTS.deactivated };
  const homes = useHomes(query);
  const markRead = useMarkHomesRead();
  const reactivation = useReactivateHome();

  const actions = (h: HomeDto) => (
    <RowActionButtons
      name={h.name}
      editTo={h.editable ? homeEditPath(h._id) : undefined}
      viewTo={h.editable ? undefined : homeEditPath(h._id)}
      deleteTo={h.deletable && !h.deactivated ? homeDeletePath(h._id) : undefined}
      onReactivate={h.deletable && h.deactivated ? () => reactivation.reactivate(h._id) : undefined}
      disabled={reactivation.isPending}
    />
  );

  return (
    <>
      <PageHeader
        title={T.listTitle}
        breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: FORM_TEXTS.section }, { label: T.listTitle }]}
        actions={
          canCreate && (
            <Button variant="contained" component={RouterLink} to="/einrichtung/neu">
              {T.create}
            </Button>
          )
        }
      />
      <DataTable
        label={T.listTitle}
        columns={COLUMNS}
        rows={homes.data?.data}
        count={homes.data?.count ?? 0}
        rowKey={(h) => h._id}
        list={list}
        loading={homes.isFetching}
        error={homes.error}
        onRetry={() => void homes.refetch()}
        highlight={isNewRecord}
        actions={actions}
        toolbar={
          <FilterBar
            search={list.search}
            onSearch={list.setSearch}
            actions={<MarkAllReadButton onClick={() => markRead.mutate()} disabled={markRead.isPending} />}
          >
            <OnlyNewSwitch value={list.filters.notSeen} onChange={(v) => list.setFilter('notSeen', v)} />
            {canDelete && <DeactivatedSelect value={list.filters.deactivated} onChange={(v) => list.setFilter('deactivated', v)} />}
          </FilterBar>
        }
      />
    </>
  );
}
