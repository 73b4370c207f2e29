import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useHasPermission, useIsLocked } from '@mediport/api-client';
import { ContractRequiredDialog, DataTable, ErrorPanel, FilterChips, PageHeader, patientOrderColumns, useListState } from '@mediport/ui';
import { useCreatedPin } from '../features/list/components/created-pin';
import { patientLabel, usePatient, usePatientOrders } from '../features/wizard/api/wizard-api';
import { WIZARD_CRUMBS, WIZARD_TEXTS as T, newOrderForPatientPath } from '../features/wizard/messages';

const COLUMNS = patientOrderColumns({ amount: true });

/**
 * /anforderung/patient/{patientId} and /patient/{patientId}/auftraege: the patient's latest orders,
 * newest first, with 'Bestellung hinzufügen' (the wizard with this patient at step 2). Without a
 * contract the button opens the "Vertrag benötigt!" dialog.
 * After "Speichern & Neuen Auftrag" the order just saved (`?created=<id>`) stands pinned on top,
 * marked "Neu angelegt".
 */
export function PatientOrdersPage() {
  const { patientId } = useParams();
  const navigate = useNavigate();
  const patient = usePatient(patientId);
  const list = useListState({ sort: '-createdAt', pageSize: 10, pageSizes: [10, 25, 50] });
  const orders = usePatientOrders(patientId, list.query);
  const created = useCreatedPin(list, orders.data?.data);
  const mayCreate = useHasPermission('task_create_view');
  const locked = useIsLocked('task_create_view');
  const [lockOpen, setLockOpen] = useState(false);

  const add = (mayCreate || locked) && (
    <Button variant="contained" onClick={() => (locked ? setLockOpen(true) : navigate(newOrderForPatientPath(patientId!)))}>
      {T.addOrder}
    </Button>
  );
  const title = patient.data ? `${T.ordersTitle}: ${patientLabel(patient.data)}` : T.ordersTitle;
  return (
    <>
      <PageHeader title={title} breadcrumbs={[...WIZARD_CRUMBS, { label: T.ordersTitle }]} actions={add} />
      {patient.isError ? (
        <ErrorPanel message={T.notFound} />
      ) : (
        <DataTable
          label={T.ordersTitle}
          columns={COLUMNS}
          rows={orders.data?.data}
          count={orders.data?.count ?? 0}
          rowKey={(t) => t._id}
          list={list}
          loading={orders.isFetching}
          error={orders.error}
          onRetry={() => void orders.refetch()}
          emptyText={T.noData}
          pinned={created.pinned}
          toolbar={
            created.chip && (
              <Box sx={{ px: 2, py: 1.5 }}>
                <FilterChips chips={[created.chip]} />
              </Box>
            )
          }
        />
      )}
      <ContractRequiredDialog open={lockOpen} onClose={() => setLockOpen(false)} />
    </>
  );
}
