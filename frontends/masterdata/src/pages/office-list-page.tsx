import { OFFICE_CONTACT_TYPE_LABELS, type DoctorOfficeDto } from '@mediport/contracts';
import { useHasPermission } from '@mediport/api-client';
import { DataTable, FilterBar, useListState, type DataColumn } from '@mediport/ui';
import { ListPageHeader, tableData } from '../shared/list-page';
import { RowActionButtons } from '../shared/row-action-buttons';
import { OFFICE_TEXTS as T } from '../features/doctors/messages';
import { useOffices } from '../features/doctors/offices/api/offices-api';
import { useDeleteOfficeQuestion } from '../features/doctors/offices/components/use-delete-office';

const COLUMNS: DataColumn<DoctorOfficeDto>[] = [
  { id: 'name', label: T.name, sortKey: 'name', cell: (o) => o.name },
  { id: 'street', label: T.street, hideBelow: 'desktop', cell: (o) => o.street },
  { id: 'zip', label: T.zip, hideBelow: 'desktop', cell: (o) => o.zip },
  { id: 'city', label: T.city, sortKey: 'city', hideBelow: 'small', cell: (o) => o.city },
  { id: 'contact', label: T.contactType, hideBelow: 'desktop', cell: (o) => OFFICE_CONTACT_TYPE_LABELS[o.contact_type] ?? o.contact_type },
  { id: 'doctors', label: T.doctorCount, align: 'right', cell: (o) => o.doctors.length },
];

/** /v3/arztpraxis: practices with search; view, edit and delete by the row's flags. */
export function OfficeListPage() {
  const canCreate = useHasPermission('doctor_office_create_view');
  const list = useListState({ sort: 'name', sortKeys: ['name', 'city'] });
  const offices = useOffices(list.query);
  const deletion = useDeleteOfficeQuestion();

  return (
    <>
      <ListPageHeader title={T.listTitle} createLabel={T.create} createTo={canCreate ? '/v3/arztpraxis/neu' : undefined} />
      <DataTable
        label={T.listTitle}
        columns={COLUMNS}
        {...tableData(offices)}
        rowKey={(o) => o._id}
        list={list}
        actions={(o) => (
          <RowActionButtons
            name={o.name}
            viewTo={`/v3/arztpraxis/${o._id}`}
            editTo={o.editable ? `/v3/arztpraxis/bearbeiten/${o._id}` : undefined}
            onDelete={o.deletable ? () => deletion.askDelete(o) : undefined}
            disabled={deletion.pending}
          />
        )}
        toolbar={<FilterBar search={list.search} onSearch={list.setSearch} />}
      />
      {deletion.dialog}
    </>
  );
}
