import TablePagination, { tablePaginationClasses } from '@mui/material/TablePagination';
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

/**
 * On a phone the footer wraps instead of running past the screen's edge: the range and the page
 * buttons move below the page-size select. (MUI's spacer is `flex: 1 1 100%`, which would push
 * everything onto a second line once wrapping is allowed; `justify-content` takes its place.)
 */
const WRAPPING = {
  [`& .${tablePaginationClasses.toolbar}`]: { flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 1, px: { xs: 1, sm: 2 } },
  [`& .${tablePaginationClasses.spacer}`]: { display: 'none' },
  [`& .${tablePaginationClasses.input}`]: { mr: { xs: 1, sm: 4 } },
  [`& .${tablePaginationClasses.actions}`]: { ml: { xs: 0.5, sm: 2.5 } },
} as const;

/** The German pagination footer of the lists ("Zeilen pro Seite:", "1–10 von 42", "Nächste Seite"). */
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
      getItemAriaLabel={(type) => UI_MESSAGES.pageButton[type]}
      sx={WRAPPING}
    />
  );
}
