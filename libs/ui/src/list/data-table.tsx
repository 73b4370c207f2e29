import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow, { tableRowClasses } from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { UI_MESSAGES } from '../messages.js';
import { EmptyState, ErrorPanel, LoadingState } from '../components/states.js';
import { ListPagination } from '../components/list-pagination.js';
import { SPEC_BREAKPOINTS, type SpecBreakpoint } from './table-defaults.js';
import type { ListState } from './use-list-state.js';
import { compactRowPartStyles, rowPartStyles } from './row-parts.js';
import { useRowTooltip } from './row-tooltip.js';

export interface DataColumn<T> {
  id: string;
  /** German column header (also the label of the value on a phone card). */
  label: string;
  cell: (row: T) => ReactNode;
  /** The API's sort key when the column is sortable. */
  sortKey?: string;
  /** The column gives way below this spec breakpoint (its value still shows on phone cards). */
  hideBelow?: SpecBreakpoint;
  /** Leave the value out of the phone card (e.g. it is already the card's title). */
  hideOnCard?: boolean;
  align?: 'left' | 'right' | 'center';
  /** A control column (expand, select): the header stays for screen readers only, the cell is tight. */
  narrow?: boolean;
  /**
   * In compact rows the column gives way: it takes this share of the table's width (in %), less
   * when the other columns' content needs the room, and its lines are cut with an ellipsis, so the
   * table never runs past the screen.
   */
  shrink?: number;
}

/** Rows shown above the others, e.g. the record just created (`DataTableProps.pinned`). */
export interface PinnedRows<T> {
  rows: T[];
  /** Names the pinned rows for screen readers and heads a pinned phone card, e.g. "Neu angelegt". */
  label: string;
}

export interface DataTableProps<T> {
  /** Accessible name of the table (usually the page title). */
  label: string;
  columns: DataColumn<T>[];
  rows: T[] | undefined;
  count: number;
  /**
   * More than `count` records match (a list that counts only up to a cap, `ListResponse.countCapped`):
   * the footer says 'x - y von mehr als N Datensätzen' and pages up to `count`.
   */
  countCapped?: boolean;
  rowKey: (row: T) => string;
  list: Pick<ListState<string>, 'page' | 'pageSize' | 'pageSizes' | 'sort' | 'toggleSort' | 'setPage' | 'setPageSize' | 'filtered'>;
  loading?: boolean;
  /** A failed load: shown with a retry button instead of the rows. */
  error?: unknown;
  onRetry?: () => void;
  /** The row's buttons (last column; the foot of a phone card). */
  actions?: (row: T) => ReactNode;
  /** Title of a row's phone card (defaults to the first column's value). */
  cardTitle?: (row: T) => ReactNode;
  /** Emphasis for a row, e.g. a "neu" record. */
  highlight?: (row: T) => boolean;
  /** Overrides the empty texts ('Kein Daten vorhanden.' / 'Keine Suchergebnisse'). */
  emptyText?: string;
  /** Above the rows inside the frame (usually the FilterBar). */
  toolbar?: ReactNode;
  /**
   * An expanded row's content (e.g. details and a chat), shown across the full width under the row
   * (at the foot of a phone card); null/undefined/false while the row is collapsed.
   */
  detail?: (row: T) => ReactNode;
  /** Tighter cells (8 px aside instead of 16), for lists with many columns. */
  dense?: boolean;
  /**
   * Compact rows (~45 px a row with two lines a cell): 2 px above and below a cell, each line
   * kept on one line (cut with an ellipsis in `shrink` columns), 20 px chips. The phone cards stay.
   */
  compact?: boolean;
  /**
   * Rows shown first with a highlighted background (the table) or border (a card), e.g. the record
   * just created; a pinned row is left out of `rows`.
   */
  pinned?: PinnedRows<T>;
  /** A phone card's content instead of the title and the labelled values (the actions and detail follow). */
  card?: (row: T) => ReactNode;
}

/** Read by screen readers, not shown (a narrow column's header). */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', width: '1px', margin: '-1px', padding: 0, overflow: 'hidden', position: 'absolute', whiteSpace: 'nowrap' } as const;

/**
 * Class names of the body's plain `<tr>`/`<td>` elements. The orders list's 50 rows had 450 MUI
 * `TableCell`s and 50 `TableRow`s, each a styled component (most with an `sx`) whose styles emotion
 * serialised on every render; the body now draws them as `TableRow`/`TableCell` (size small, body
 * variant) would, with these classes, styled once by `tableStyles` on the `Table`. The MUI class
 * names stay on the elements as MUI sets them.
 */
const CELL = `${tableCellClasses.root} ${tableCellClasses.body} ${tableCellClasses.sizeSmall}`;
const NARROW = tableCellClasses.paddingCheckbox;
const ALIGN = { left: tableCellClasses.alignLeft, right: tableCellClasses.alignRight, center: tableCellClasses.alignCenter } as const;
const ROW = `${tableRowClasses.root} ${tableRowClasses.hover}`;
const SELECTED = tableRowClasses.selected;
const EXPANDED = 'DataTable-expanded';
const PINNED = 'DataTable-pinned';
const SHRINK = 'DataTable-shrink';
const ACTIONS = 'DataTable-actions';
const DETAIL = 'DataTable-detail';
const hideClass = (bp: SpecBreakpoint) => `DataTable-hideBelow-${bp}`;

const cellClass = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The table's one style set: the header's `dense` padding as before, and the body rows and cells as
 * MUI's `TableRow` (hover, selected) and small `TableCell` (body typography, divider line, padding,
 * `padding="checkbox"`, align) draw them; columns that give way below a breakpoint (header and body).
 * Only the table's own rows (`> tbody > tr > td`): tables inside an expanded row keep their own look.
 * What the cells hold is drawn likewise: the row parts (`row-parts.tsx`) with `rowPartStyles`.
 */
const tableStyles = (dense: boolean | undefined, compact: boolean | undefined): SxProps<Theme> => (theme) => {
  const px = dense ? 8 : 16;
  const py = compact ? 2 : 6;
  const { fontFamily, fontWeight, fontSize, lineHeight, letterSpacing } = theme.typography.body2;
  return {
    ...rowPartStyles(theme),
    ...(dense ? { '& th, & td': { px: 1 } } : {}),
    '& > tbody > tr': { color: 'inherit', display: 'table-row', verticalAlign: 'middle', outline: 0 },
    [`& > tbody > tr.${tableRowClasses.hover}:hover`]: { backgroundColor: theme.palette.action.hover },
    [`& > tbody > tr.${SELECTED}`]: {
      backgroundColor: theme.alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
      '&:hover': { backgroundColor: theme.alpha(theme.palette.primary.main, `${theme.palette.action.selectedOpacity} + ${theme.palette.action.hoverOpacity}`) },
    },
    '& > tbody > tr > td': {
      fontFamily,
      fontWeight,
      fontSize,
      // Compact: two lines of 20 px a cell (a value over its caption, or a chip over a caption), each kept on its line.
      lineHeight: compact ? '20px' : lineHeight,
      ...(compact ? { whiteSpace: 'nowrap' } : {}),
      letterSpacing,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)}`,
      textAlign: 'left',
      padding: `${py}px ${px}px`,
      color: theme.palette.text.primary,
    },
    // Compact: control columns give their room to the values.
    [`& > tbody > tr > td.${NARROW}`]: { width: 24, padding: compact ? '0 4px 0 12px' : '0 12px 0 16px', '& > *': { padding: 0 } },
    [`& > tbody > tr > td.${ALIGN.center}`]: { textAlign: 'center' },
    [`& > tbody > tr > td.${ALIGN.right}`]: { textAlign: 'right', flexDirection: 'row-reverse' },
    [`& > tbody > tr > td.${ACTIONS}`]: { whiteSpace: 'nowrap' },
    [`& > tbody > tr.${EXPANDED} > td`]: { borderBottom: 'unset' },
    [`& > tbody > tr.${PINNED}`]: {
      backgroundColor: theme.alpha(theme.palette.warning.main, 0.16),
      boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}`,
      '&:hover': { backgroundColor: theme.alpha(theme.palette.warning.main, 0.24) },
    },
    // An expanded row's content wraps as usual, also in compact rows.
    [`& > tbody > tr > td.${DETAIL}`]: { py: 1, whiteSpace: 'normal' },
    ...Object.fromEntries(
      (Object.keys(SPEC_BREAKPOINTS) as SpecBreakpoint[]).map((bp) => [
        `& > thead > tr > th.${hideClass(bp)}, & > tbody > tr > td.${hideClass(bp)}`,
        { display: 'none', [`@media (min-width: ${SPEC_BREAKPOINTS[bp]}px)`]: { display: 'table-cell' } },
      ]),
    ),
    // Compact rows: what the cells hold, and the columns that give way.
    ...(compact
      ? {
          ...compactRowPartStyles('& > tbody > tr > td'),
          '& > thead > tr > th': { whiteSpace: 'nowrap' },
          // `max-width: 0` lets a column give way to the others' content; its lines end in an ellipsis.
          [`& > thead > tr > th.${SHRINK}, & > tbody > tr > td.${SHRINK}`]: { maxWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' },
        }
      : {}),
  };
};

/**
 * The list of every master-data and administration screen: sortable headers, the spec's empty
 * and loading texts, pagination with 'x - y von N Datensätzen' (or 'von mehr als N' for a capped
 * count) and 'Zeilen', columns that give way on small screens and, below 601 px, one card per row
 * so nothing runs off a phone's screen.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  count,
  countCapped,
  rowKey,
  list,
  loading,
  error,
  onRetry,
  actions,
  cardTitle,
  highlight,
  emptyText,
  toolbar,
  detail,
  dense,
  compact,
  pinned,
  card,
}: DataTableProps<T>) {
  const cards = useMediaQuery(`(max-width: ${SPEC_BREAKPOINTS.small - 0.05}px)`);
  // One tooltip for the row parts of every row (their `data-tooltip`), instead of one per button.
  const { handlers: tooltipHandlers, tooltip } = useRowTooltip();
  const pinnedRows = pinned?.rows ?? [];
  const pinnedKeys = new Set(pinnedRows.map(rowKey));
  const data = pinnedKeys.size > 0 ? (rows ?? []).filter((row) => !pinnedKeys.has(rowKey(row))) : (rows ?? []);

  const renderRow = (row: T, pin: boolean) => {
    const expanded = detail?.(row);
    return (
      <Fragment key={rowKey(row)}>
        <tr className={cellClass(ROW, highlight?.(row) && SELECTED, !!expanded && EXPANDED, pin && PINNED)}>
          {columns.map((c) => (
            <td key={c.id} className={cellClass(CELL, c.narrow && NARROW, c.align && ALIGN[c.align], c.hideBelow && hideClass(c.hideBelow), compact && c.shrink !== undefined && SHRINK)}>
              {c.cell(row)}
            </td>
          ))}
          {actions && <td className={cellClass(CELL, ALIGN.right, ACTIONS)}>{actions(row)}</td>}
        </tr>
        {expanded && (
          <tr className={tableRowClasses.root}>
            <td colSpan={columns.length + (actions ? 1 : 0)} className={cellClass(CELL, DETAIL)}>
              {expanded}
            </td>
          </tr>
        )}
      </Fragment>
    );
  };

  let body: ReactNode;
  if (error && !rows) body = <ErrorPanel message={UI_MESSAGES.loadFailed} onRetry={onRetry} />;
  else if (loading && !rows && pinnedRows.length === 0) body = <LoadingState />;
  else if (data.length === 0 && pinnedRows.length === 0) body = <EmptyState text={emptyText ?? (list.filtered ? UI_MESSAGES.noSearchResults : UI_MESSAGES.empty)} />;
  else if (cards)
    body = (
      <Cards
        label={label}
        columns={columns}
        rows={data}
        rowKey={rowKey}
        actions={actions}
        cardTitle={cardTitle}
        card={card}
        highlight={highlight}
        detail={detail}
        pinned={pinned && pinnedRows.length > 0 ? pinned : undefined}
        tooltipHandlers={tooltipHandlers}
      />
    );
  else
    body = (
      <TableContainer {...tooltipHandlers}>
        <Table size="small" aria-label={label} aria-busy={loading || undefined} sx={tableStyles(dense, compact)}>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const active = c.sortKey !== undefined && list.sort.replace(/^-/, '') === c.sortKey;
                const direction = active && list.sort.startsWith('-') ? 'desc' : 'asc';
                return (
                  <TableCell
                    key={c.id}
                    align={c.align}
                    padding={c.narrow ? 'checkbox' : undefined}
                    className={cellClass(c.hideBelow && hideClass(c.hideBelow), compact && c.shrink !== undefined && SHRINK) || undefined}
                    sortDirection={active ? direction : false}
                    style={compact && c.shrink !== undefined ? { width: `${c.shrink}%` } : undefined}
                  >
                    {c.narrow ? (
                      <Box component="span" sx={visuallyHidden}>
                        {c.label}
                      </Box>
                    ) : c.sortKey ? (
                      <TableSortLabel active={active} direction={direction} onClick={() => list.toggleSort(c.sortKey!)}>
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                );
              })}
              {actions && <TableCell align="right">{UI_MESSAGES.actions}</TableCell>}
            </TableRow>
          </TableHead>
          {pinnedRows.length > 0 && <TableBody aria-label={pinned!.label}>{pinnedRows.map((row) => renderRow(row, true))}</TableBody>}
          <TableBody>{data.map((row) => renderRow(row, false))}</TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Paper variant="outlined">
      {toolbar}
      {body}
      {tooltip}
      {count > 0 && (
        <ListPagination
          count={count}
          page={list.page}
          rowsPerPage={list.pageSize}
          rowsPerPageOptions={list.pageSizes}
          onPageChange={list.setPage}
          onRowsPerPageChange={list.setPageSize}
          labelRowsPerPage={UI_MESSAGES.rows}
          labelDisplayedRows={countCapped ? UI_MESSAGES.recordsRangeCapped : UI_MESSAGES.recordsRange}
        />
      )}
    </Paper>
  );
}

type CardsProps<T> = Pick<DataTableProps<T>, 'label' | 'columns' | 'rowKey' | 'actions' | 'cardTitle' | 'card' | 'highlight' | 'detail' | 'pinned'> & {
  rows: T[];
  tooltipHandlers: ReturnType<typeof useRowTooltip>['handlers'];
};

const cardsStyles: SxProps<Theme> = (theme) => ({ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1, ...rowPartStyles(theme) });

/** Phone layout: one card per row, values with their column labels (or `card`), the actions at the foot; pinned cards first. */
function Cards<T>({ label, columns, rows, rowKey, actions, cardTitle, card, highlight, detail, pinned, tooltipHandlers }: CardsProps<T>) {
  const [first, ...rest] = columns;
  const title = cardTitle ?? ((row: T) => first?.cell(row));
  const fields = cardTitle ? columns : rest;
  const content = (row: T) =>
    card ? (
      card(row)
    ) : (
      <>
        <Typography component="div" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {title(row)}
        </Typography>
        {/* Labels take at most half the card; values wrap between words and break a word only when it cannot fit a line. */}
        <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.25 }}>
          {fields
            .filter((c) => !c.hideOnCard)
            .map((c) => [c, c.cell(row)] as const)
            // A label without a value says nothing (e.g. "Arzt" of an order without a doctor).
            .filter(([, value]) => value !== '' && value !== null && value !== undefined && value !== false)
            .map(([c, value]) => (
              <Box key={c.id} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
                  {c.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'break-word' }}>
                  {value}
                </Typography>
              </Box>
            ))}
        </Box>
      </>
    );
  const renderCard = (row: T, pin: boolean) => (
    <Box
      component="li"
      key={rowKey(row)}
      sx={{
        border: 1,
        borderColor: pin ? 'warning.main' : highlight?.(row) ? 'primary.main' : 'divider',
        borderLeftWidth: pin ? 4 : 1,
        bgcolor: pin ? (theme) => theme.alpha(theme.palette.warning.main, 0.16) : undefined,
        borderRadius: 1,
        p: card ? 1 : 1.5,
        minWidth: 0,
      }}
    >
      {pin && (
        <Typography variant="caption" component="div" sx={{ fontWeight: 500, color: 'text.secondary' }}>
          {pinned!.label}
        </Typography>
      )}
      {content(row)}
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: card ? 0.5 : 1 }}>{actions(row)}</Box>}
      {detail?.(row) || null}
    </Box>
  );
  return (
    <Box component="ul" aria-label={label} sx={cardsStyles} {...tooltipHandlers}>
      {pinned?.rows.map((row) => renderCard(row, true))}
      {rows.map((row) => renderCard(row, false))}
    </Box>
  );
}
