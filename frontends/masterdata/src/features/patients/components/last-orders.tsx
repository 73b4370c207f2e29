import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useHasPermission } from '@mediport/api-client';
import { DataTable, patientOrderColumns } from '@mediport/ui';
import { useRecordList } from '../../../shared';
import { PATIENT_TEXTS as T } from '../messages';

// Ours: the link to the orders remote's page of this patient.
const TEXTS = { allOrders: 'Alle Aufträge des Patienten' } as const;
const COLUMNS = patientOrderColumns();

const PAGE_SIZES = [10, 25, 50] as const;

/**
 * The patient's "Letzte Aufträge": the latest orders, newest first, paged here
 * (not in the URL: paging must not count as leaving an edited form), with the link to the
 * patient's order page of the orders remote. Only with task_list_view.
 */
export function LastOrders({ patientId }: { patientId: string }) {
  const canList = useHasPermission('task_list_view');
  return canList ? <LastOrdersList patientId={patientId} /> : null;
}

function LastOrdersList({ patientId }: { patientId: string }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const orders = useRecordList('GET /api/tasks', { 'filter[patient]': patientId, sort: '-createdAt', offset: page * pageSize, limit: pageSize });
  const list = {
    page,
    pageSize,
    pageSizes: PAGE_SIZES,
    sort: '-createdAt',
    toggleSort: () => undefined,
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(0);
    },
    filtered: false,
  };
  return (
    <Box component="section" aria-labelledby="patient-last-orders" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="patient-last-orders" variant="h2" component="h2">
          {T.lastOrders}
        </Typography>
        <Link component={RouterLink} to={`/anforderung/patient/${patientId}`}>
          {TEXTS.allOrders}
        </Link>
      </Box>
      <DataTable
        label={T.lastOrders}
        columns={COLUMNS}
        rows={orders.data?.data}
        count={orders.data?.count ?? 0}
        rowKey={(t) => t._id}
        list={list}
        loading={orders.isFetching}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        emptyText={T.noOrders}
      />
    </Box>
  );
}
