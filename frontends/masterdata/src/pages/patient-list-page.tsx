import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PatientDto } from '@mediport/contracts';
import { toast, useAuth, useHasPermission } from '@mediport/api-client';
import { DataTable, FilterBar, NewBadge, useListState, type DataColumn } from '@mediport/ui';
import { useMarkAllRead } from '../shared';
import { DeactivatedChip } from '../shared/deactivation';
import { ListPageHeader, tableData } from '../shared/list-page';
import { DeactivatedSelect, FLAG_FILTER_DEFAULTS, isNewRecord, MarkAllReadButton, OnlyNewSwitch } from '../shared/list-filters';
import { OptionSelect } from '../shared/option-select';
import { RowActionButtons } from '../shared/row-action-buttons';
import { fixedHomeOf, mayListAllHomes, patientName, useHomeOptions, usePatients, useUpdatePatient } from '../features/patients/api/patients-api';
import { PATIENT_NEW_PATH, PATIENT_TEXTS as T, patientDeletePath, patientDetailsPath, patientEditPath } from '../features/patients/messages';

const COLUMNS: DataColumn<PatientDto>[] = [
  { id: 'firstname', label: T.firstname, sortKey: 'firstname', hideOnCard: true, cell: (p) => [p.title, p.firstname].filter(Boolean).join(' ') },
  {
    id: 'lastname',
    label: T.lastname,
    sortKey: 'lastname',
    hideOnCard: true,
    cell: (p) => (
      <>
        {p.lastname}
        <Marks patient={p} />
      </>
    ),
  },
  { id: 'dateOfBirth', label: T.dateOfBirth, sortKey: 'dateOfBirth', cell: (p) => p.dateOfBirth },
  { id: 'home', label: T.home, sortKey: 'home', hideBelow: 'desktop', cell: (p) => p.homeDetails?.name ?? '' },
  { id: 'homeGroup', label: T.homeGroup, sortKey: 'homeGroup', hideBelow: 'desktop', cell: (p) => p.homeGroupDetails?.name ?? '' },
];

/** "neu" while the caller has not opened the patient; "deaktiviert" for a deactivated one. */
function Marks({ patient }: { patient: PatientDto }) {
  return (
    <>
      {isNewRecord(patient) && <NewBadge />}
      {patient.deactivated && <DeactivatedChip />}
    </>
  );
}

/** A phone card's title: the whole name with its marks. */
const cardTitle = (p: PatientDto) => (
  <>
    {patientName(p)}
    <Marks patient={p} />
  </>
);

/**
 * /patienten: search, care home (for users who may list all homes; hidden for the home role),
 * living area, "Nur neue", "Deaktiviert" for users with the delete right; "neu" badges,
 * mark-all-read, and per row the actions its flags allow.
 */
export function PatientListPage() {
  const auth = useAuth();
  const canCreate = useHasPermission('patient_create_view');
  const canDelete = useHasPermission('patient_delete_view');
  const canListHomes = useHasPermission('home_list_view');
  const homeFilter = mayListAllHomes(auth);
  const ownHome = fixedHomeOf(auth, 'patient_list_view');

  const list = useListState({ filters: { ...FLAG_FILTER_DEFAULTS, home: '', homeGroup: '' }, sort: 'lastname', sortKeys: ['lastname', 'firstname', 'dateOfBirth', 'home', 'homeGroup'] });
  // Without the delete right only active patients are asked for (the server's default).
  const { 'filter[deactivated]': _deactivated, ...activeOnly } = list.query;
  const patients = usePatients(canDelete ? list.query : activeOnly);
  const homes = useHomeOptions(canListHomes).data?.data;
  const markAll = useMarkAllRead('patient', '/api/patients');
  const update = useUpdatePatient(() => toast(T.reactivated, 'success'));

  // A new home starts without a living area.
  const setHome = (home: string) => list.setFilters({ home, homeGroup: '' });

  const groupHome = homeFilter ? list.filters.home : (ownHome?._id ?? '');
  const groups = homes?.find((h) => h._id === groupHome)?.homeGroups ?? [];

  const reactivate = (p: PatientDto) => update.mutate({ params: { id: p._id }, body: { deactivated: false } });

  const actions = (p: PatientDto) => (
    <RowActionButtons
      name={patientName(p)}
      viewTo={patientDetailsPath(p._id)}
      editTo={p.editable ? patientEditPath(p._id) : undefined}
      deleteTo={p.deletable && !p.deactivated ? patientDeletePath(p._id) : undefined}
      onReactivate={p.deletable && p.deactivated ? () => reactivate(p) : undefined}
      disabled={update.isPending}
    />
  );

  return (
    <>
      <ListPageHeader title={T.listTitle} createTo={canCreate ? PATIENT_NEW_PATH : undefined} createLabel={T.create} />
      <DataTable
        label={T.listTitle}
        columns={COLUMNS}
        {...tableData(patients)}
        rowKey={(p) => p._id}
        list={list}
        highlight={isNewRecord}
        cardTitle={cardTitle}
        actions={actions}
        // Five columns and three row buttons: with 16 px beside every cell the buttons ran past the
        // right edge at 1280 px (sidebar open); 8 px keeps the whole row in view.
        dense
        toolbar={
          <FilterBar search={list.search} onSearch={list.setSearch} actions={<MarkAllReadButton onClick={() => markAll.mutate()} disabled={markAll.isPending} />}>
            {homeFilter && (
              <OptionSelect
                dense
                label={T.home}
                options={(homes ?? []).map((h) => ({ value: h._id, label: h.name }))}
                value={list.filters.home}
                onChange={setHome}
                sx={{ flex: '1 1 220px', minWidth: 220, maxWidth: 320 }}
              />
            )}
            {(homeFilter || ownHome) && (
              <TextField
                select
                label={T.homeGroup}
                size="small"
                margin="none"
                fullWidth={false}
                value={groups.some((g) => g._id === list.filters.homeGroup) ? list.filters.homeGroup : ''}
                onChange={(e) => list.setFilter('homeGroup', e.target.value)}
                disabled={groups.length === 0}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="">{T.all}</MenuItem>
                {groups.map((g) => (
                  <MenuItem key={g._id} value={g._id}>
                    {g.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <OnlyNewSwitch value={list.filters.notSeen} onChange={(v) => list.setFilter('notSeen', v)} />
            {canDelete && <DeactivatedSelect value={list.filters.deactivated} onChange={(v) => list.setFilter('deactivated', v)} />}
          </FilterBar>
        }
      />
    </>
  );
}
