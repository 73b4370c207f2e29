import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { PRODUCT_NAME, type MedicineDto } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { DataTable, FilterBar, PageHeader, useListState, type DataColumn } from '@mediport/ui';
import { useMedicines, useToggleMedicine } from '../features/medicines/api/medicines-api';
import { GROUP_LABELS, MEDICINE_TEXTS as T } from '../features/medicines/messages';

const COLUMNS: DataColumn<MedicineDto>[] = [
  { id: 'name', label: T.name, sortKey: 'name', cell: (m) => m.name },
  { id: 'group', label: T.group, hideBelow: 'small', cell: (m) => GROUP_LABELS[m.group] ?? m.group },
  {
    id: 'status',
    label: T.status,
    cell: (m) => <Chip size="small" label={m.disabled ? T.disabled : T.active} color={m.disabled ? 'default' : 'success'} variant="outlined" />,
  },
];

/** /v3/medikamente: medicines with the "Deaktiviert" filter (default Nein) and enable/disable per row. */
export function MedicineListPage() {
  const list = useListState({ filters: { disabled: '0' }, sort: 'name', sortKeys: ['name'] });
  const canActivate = useHasPermission('medicine_activate_view');
  const canDisable = useHasPermission('medicine_disable_view');
  const medicines = useMedicines(list.query);
  const toggle = useToggleMedicine();

  const action = (m: MedicineDto) => {
    if (m.disabled && canActivate)
      return (
        <Button size="small" variant="outlined" aria-label={T.activateLabel(m.name)} disabled={toggle.isPending} onClick={() => toggle.mutate({ _id: m._id, disabled: false })}>
          {T.activate}
        </Button>
      );
    if (!m.disabled && canDisable)
      return (
        <Button size="small" variant="outlined" color="secondary" aria-label={T.disableLabel(m.name)} disabled={toggle.isPending} onClick={() => toggle.mutate({ _id: m._id, disabled: true })}>
          {T.disable}
        </Button>
      );
    return null;
  };

  return (
    <>
      <PageHeader title={T.title} breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: T.section }, { label: T.title }]} />
      <DataTable
        label={T.title}
        columns={COLUMNS}
        rows={medicines.data?.data}
        count={medicines.data?.count ?? 0}
        rowKey={(m) => m._id}
        list={list}
        loading={medicines.isFetching}
        error={medicines.error}
        onRetry={() => void medicines.refetch()}
        actions={canActivate || canDisable ? action : undefined}
        toolbar={
          <FilterBar search={list.search} onSearch={list.setSearch}>
            <TextField
              select
              label={T.disabledFilter}
              size="small"
              margin="none"
              fullWidth={false}
              value={list.filters.disabled}
              onChange={(e) => list.setFilter('disabled', e.target.value)}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="0">{T.no}</MenuItem>
              <MenuItem value="1">{T.yes}</MenuItem>
              <MenuItem value="all">{T.all}</MenuItem>
            </TextField>
          </FilterBar>
        }
      />
    </>
  );
}
