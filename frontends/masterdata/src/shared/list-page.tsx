import Button from '@mui/material/Button';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME, type ListResponse } from '@mediport/contracts';
import { PageHeader } from '@mediport/ui';
import { FORM_TEXTS } from './texts';

/** The head of a master-data list: title, breadcrumbs, and the create button when `createTo` is given (by the create right). */
export function ListPageHeader({ title, createTo, createLabel }: { title: string; createTo?: string; createLabel: string }) {
  return (
    <PageHeader
      title={title}
      breadcrumbs={[{ label: PRODUCT_NAME, to: '/' }, { label: FORM_TEXTS.section }, { label: title }]}
      actions={
        createTo && (
          <Button variant="contained" component={RouterLink} to={createTo}>
            {createLabel}
          </Button>
        )
      }
    />
  );
}

/** The DataTable props that come from a list query: rows, count, loading, load error and retry. */
export function tableData<T>(query: UseQueryResult<ListResponse<T>>) {
  return { rows: query.data?.data, count: query.data?.count ?? 0, loading: query.isFetching, error: query.error, onRetry: () => void query.refetch() };
}
