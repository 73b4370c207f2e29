import TablePagination from '@mui/material/TablePagination';
import { UI_MESSAGES } from '../messages.js';

export interface ListPaginationProps {
  count: number;
  /** Zero-based page; a page past the end (e.g. after rows left the filter) shows as the last one. */
  page: number;
  rowsPerPage: number;
  rowsPerPageOptions: readonly number[];
  onPageChange: (page: number) => void;
  /** Called with the new page size; the list then starts again at the first page. */
  onRowsPerPageChange: (rowsPerPage: number) => void;
  /** Defaults to "Zeilen pro Seite:". */
  labelRowsPerPage?: string;
  /** Defaults to "1–10 von 42". */
  labelDisplayedRows?: (range: { from: number; to: number; count: number }) => string;
}

/** The German pagination footer of the lists ("Zeilen pro Seite:", "1–10 von 42"). */
export function ListPagination({
  count,
  page,
  rowsPerPage,
  rowsPerPageOptions,
  onPageChange,
  onRowsPerPageChange,
  labelRowsPerPage = UI_MESSAGES.rowsPerPage,
  labelDisplayedRows = UI_MESSAGES.displayedRows,
}: ListPaginationProps) {
  const lastPage = Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  return (
    <TablePagination
      component="div"
      count={count}
      page={Math.min(page, lastPage)}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={[...rowsPerPageOptions]}
      onPageChange={(_e, next) => onPageChange(next)}
      onRowsPerPageChange={(e) => {
        onRowsPerPageChange(Number(e.target.value));
        onPageChange(0);
      }}
      labelRowsPerPage={labelRowsPerPage}
      labelDisplayedRows={labelDisplayedRows}
    />
  );
}
