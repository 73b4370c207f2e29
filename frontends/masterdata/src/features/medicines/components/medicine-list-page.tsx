import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { PRODUCT_NAME, type MedicineDto } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { EmptyState, ListPagination, LoadingState, PageHeader, UI_MESSAGES } from '@mediport/ui';
import { type DisabledFilter, useMedicines, useToggleMedicine } from '../api/medicines-api';
import { GROUP_LABELS, MEDICINE_TEXTS as T, TABLE_DEFAULTS } from '../messages';
import { useDebouncedValue } from './use-debounced-value';

/** The group column gives way below 601 px so the actions stay in view. */
const NARROW_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** /v3/medikamente: medicines with the "deaktiviert" filter (default Nein) and enable/disable per row. */
export function MedicineListPage() {
  const [search, setSearch] = useState('');
  const [disabled, setDisabled] = useState<DisabledFilter>('0');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(TABLE_DEFAULTS.pageSize);
  const [sort, setSort] = useState<'name' | '-name'>('name');
  const text = useDebouncedValue(search.trim(), TABLE_DEFAULTS.searchDebounceMs);
  const canActivate = useHasPermission('medicine_activate_view');
  const canDisable = useHasPermission('medicine_disable_view');
  const list = useMedicines({ offset: page * pageSize, limit: pageSize, text, disabled, sort });
  const toggle = useToggleMedicine();
  const rows = list.data?.data ?? [];
  const count = list.data?.count ?? 0;

  // After a toggle moves the last row of the last page out of the filter, show the new last page.
  useEffect(() => {
    if (count > 0 && page * pageSize >= count) setPage(Math.ceil(count / pageSize) - 1);
  }, [count, page, pageSize]);

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
      <Paper variant="outlined">
        <Box sx={{ display: 'flex', gap: 2, p: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            label={T.search}
            type="search"
            size="small"
            margin="none"
            fullWidth={false}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            sx={{ minWidth: 260, flexGrow: 1, maxWidth: 420 }}
          />
          <TextField
            select
            label={T.disabledFilter}
            size="small"
            margin="none"
            fullWidth={false}
            value={disabled}
            onChange={(e) => {
              setDisabled(e.target.value as DisabledFilter);
              setPage(0);
            }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="0">{T.no}</MenuItem>
            <MenuItem value="1">{T.yes}</MenuItem>
            <MenuItem value="">{T.all}</MenuItem>
          </TextField>
        </Box>
        {list.isPending ? (
          <LoadingState />
        ) : rows.length === 0 ? (
          <EmptyState text={text ? UI_MESSAGES.noSearchResults : UI_MESSAGES.noData} />
        ) : (
          <TableContainer>
            <Table size="small" aria-label={T.title}>
              <TableHead>
                <TableRow>
                  <TableCell sortDirection={sort === 'name' ? 'asc' : 'desc'}>
                    <TableSortLabel active direction={sort === 'name' ? 'asc' : 'desc'} onClick={() => setSort(sort === 'name' ? '-name' : 'name')}>
                      {T.name}
                    </TableSortLabel>
                  </TableCell>
                  <TableCell sx={NARROW_HIDDEN}>{T.group}</TableCell>
                  <TableCell>{T.status}</TableCell>
                  <TableCell align="right">{T.actions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((m) => (
                  <TableRow key={m._id} hover>
                    <TableCell>{m.name}</TableCell>
                    <TableCell sx={NARROW_HIDDEN}>{GROUP_LABELS[m.group] ?? m.group}</TableCell>
                    <TableCell>
                      <Chip size="small" label={m.disabled ? T.disabled : T.active} color={m.disabled ? 'default' : 'success'} variant="outlined" />
                    </TableCell>
                    <TableCell align="right">{action(m)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPagination
          count={count}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={TABLE_DEFAULTS.pageSizes}
          onPageChange={setPage}
          onRowsPerPageChange={setPageSize}
        />
      </Paper>
    </>
  );
}
