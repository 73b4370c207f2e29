import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { DOCTOR_PREFERRED_LABELS, type DoctorDto } from '@mediport/contracts';
import { useAuth, useHasPermission } from '@mediport/api-client';
import { DataTable, FilterBar, NewBadge, useListState, type DataColumn } from '@mediport/ui';
import { useMarkAllRead } from '../shared';
import { DeactivatedChip } from '../shared/deactivation';
import { DeactivatedSelect, FLAG_FILTER_DEFAULTS, isNewRecord, MarkAllReadButton, OnlyNewSwitch } from '../shared/list-filters';
import { ListPageHeader, tableData } from '../shared/list-page';
import { OPTION_SELECT_TEXTS } from '../shared/option-select';
import { RowActionButtons } from '../shared/row-action-buttons';
import { doctorName, useDoctors, useExpertises } from '../features/doctors/api/doctors-api';
import { DOCTOR_TEXTS as T } from '../features/doctors/messages';
import { useReactivateDoctor } from '../features/doctors/components/use-reactivate-doctor';

/** "neu" while the caller has not opened the doctor; "deaktiviert" for a deactivated one. */
function Marks({ doctor }: { doctor: DoctorDto }) {
  return (
    <>
      {isNewRecord(doctor) && <NewBadge />}
      {doctor.deactivated && <DeactivatedChip />}
    </>
  );
}

const COLUMNS: DataColumn<DoctorDto>[] = [
  { id: 'firstname', label: T.firstname, sortKey: 'firstname', hideOnCard: true, cell: (d) => [d.title, d.firstname].filter(Boolean).join(' ') },
  {
    id: 'lastname',
    label: T.lastname,
    sortKey: 'lastname',
    hideOnCard: true,
    cell: (d) => (
      <>
        {d.lastname}
        <Marks doctor={d} />
      </>
    ),
  },
  { id: 'expertise', label: T.expertise, hideBelow: 'small', cell: (d) => d.expertise },
  { id: 'office', label: T.office, hideBelow: 'tablet', cell: (d) => d.officeDetails?.name ?? '' },
  { id: 'preferred', label: T.preferred, hideBelow: 'desktop', cell: (d) => DOCTOR_PREFERRED_LABELS[d.preferred] ?? d.preferred },
];

/** A phone card's title: the whole name with its marks. */
const cardTitle = (d: DoctorDto) => (
  <>
    {doctorName(d)}
    <Marks doctor={d} />
  </>
);

/** Comma-separated in the URL and in `filter[expertises]` (the API takes either form). */
const splitList = (value: string) => value.split(',').filter(Boolean);

/**
 * The list state's query without the filters the user cannot see: none for the doctor role, no
 * `deactivated` without the delete right (the server then answers active doctors only).
 */
function doctorQuery(query: Record<string, string | number>, showFilters: boolean, canDelete: boolean) {
  return Object.fromEntries(
    Object.entries(query).filter(([key]) => {
      if (!key.startsWith('filter[')) return true;
      if (key === 'filter[deactivated]') return canDelete;
      return showFilters;
    }),
  );
}

/**
 * /aerzte: doctors with search, expertises multi-select and "Nur neue" (all hidden for the doctor
 * role, who sees only its own record), "Deaktiviert" for users with the delete right, "neu" badges and mark-all-read.
 */
export function DoctorListPage() {
  const auth = useAuth();
  const canCreate = useHasPermission('doctor_create_view');
  const canDelete = useHasPermission('doctor_delete_view');
  const showFilters = !auth?.roles.includes('ROLE_DOCTOR');
  const list = useListState({ filters: { ...FLAG_FILTER_DEFAULTS, expertises: '' }, sort: 'lastname', sortKeys: ['lastname', 'firstname'] });
  const doctors = useDoctors(doctorQuery(list.query, showFilters, canDelete));
  const expertises = useExpertises(showFilters);
  const markAll = useMarkAllRead('doctor', '/api/doctors');
  const reactivation = useReactivateDoctor();

  const actions = (d: DoctorDto) => (
    <RowActionButtons
      name={doctorName(d)}
      editTo={d.editable ? `/arzt/${d._id}` : undefined}
      deleteTo={d.deletable && !d.deactivated ? `/arzt/${d._id}/loeschen` : undefined}
      onReactivate={d.deletable && d.deactivated ? () => reactivation.reactivate(d) : undefined}
      disabled={reactivation.pending}
    />
  );

  return (
    <>
      <ListPageHeader title={T.listTitle} createLabel={T.create} createTo={canCreate ? '/arzt/neu' : undefined} />
      <DataTable
        label={T.listTitle}
        columns={COLUMNS}
        {...tableData(doctors)}
        rowKey={(d) => d._id}
        list={list}
        cardTitle={cardTitle}
        highlight={isNewRecord}
        actions={actions}
        // Five columns, the "neu" mark beside the name and two row links: with 16 px beside every
        // cell the links ran past the right edge on a 768 px tablet; 8 px keeps the row in view.
        dense
        toolbar={
          showFilters ? (
            <FilterBar
              search={list.search}
              onSearch={list.setSearch}
              actions={<MarkAllReadButton onClick={() => markAll.mutate()} disabled={markAll.isPending} />}
            >
              <Autocomplete
                multiple
                size="small"
                openText={OPTION_SELECT_TEXTS.open}
                closeText={OPTION_SELECT_TEXTS.close}
                clearText={OPTION_SELECT_TEXTS.clear}
                options={expertises.data?.data ?? []}
                value={splitList(list.filters.expertises)}
                onChange={(_e, value) => list.setFilter('expertises', value.join(','))}
                renderInput={(params) => <TextField {...params} label={T.expertises} margin="none" />}
                sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
              />
              <OnlyNewSwitch value={list.filters.notSeen} onChange={(v) => list.setFilter('notSeen', v)} />
              {canDelete && <DeactivatedSelect value={list.filters.deactivated} onChange={(v) => list.setFilter('deactivated', v)} />}
            </FilterBar>
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
              <MarkAllReadButton onClick={() => markAll.mutate()} disabled={markAll.isPending} />
            </Box>
          )
        }
      />
      {reactivation.dialog}
    </>
  );
}
