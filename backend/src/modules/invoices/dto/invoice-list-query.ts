import { API_MESSAGES } from '@mediport/contracts';
import { INVOICE_MESSAGES, INVOICE_MONTH_PATTERN, INVOICE_ROLES, INVOICE_STATUSES, type InvoiceStatus } from '@mediport/contracts/invoices';
import { AppError } from '../../../core/errors/app-error.js';
import { defineListQuery, type FilterParser, listFilter, type ListQueryOf, ListQueryPipe, oneOfFilter, textFilter, uuidFilter } from '../../../core/http/list-query.js';
import { INVOICE_SORT_FIELDS } from '../invoices.repository.js';

const isStatus = (value: string): value is InvoiceStatus | 'payed' => value === 'payed' || (INVOICE_STATUSES as readonly string[]).includes(value);

/** `filter[status]`: stored states, comma-separated or repeated; the old spelling payed means paid. */
const statusFilter: FilterParser<InvoiceStatus[] | undefined> = (value) => {
  const values = listFilter(isStatus)(value);
  return values ? [...new Set(values.map((v) => (v === 'payed' ? 'paid' : v)))] : undefined;
};

/** `filter[month]` (YYYY-MM) → the first day of that month, as invoices store their period. */
const monthFilter: FilterParser<string | undefined> = (value) => {
  const month = textFilter({ maxLength: 7 })(value);
  if (month === undefined) return undefined;
  if (!INVOICE_MONTH_PATTERN.test(month)) throw AppError.badRequest([{ path: 'filter[month]', code: 'invalid', message: INVOICE_MESSAGES.month }]);
  return `${month}-01`;
};

/**
 * GET /api/invoices and /api/invoice/list: offset, limit (25), sort (number, createdAt, price,
 * status, name, month, dueDate; default newest number first) and filter[text|status|month|role|home|doctor|kind].
 */
export const INVOICE_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: INVOICE_SORT_FIELDS,
  defaultSort: '-number',
  filters: {
    text: textFilter({ maxLength: 200 }),
    status: statusFilter,
    month: monthFilter,
    role: oneOfFilter(INVOICE_ROLES),
    home: uuidFilter,
    doctor: uuidFilter,
    kind: oneOfFilter(['invoice', 'credit_note'] as const),
  },
  messages: { page: API_MESSAGES.invalidInput, sort: API_MESSAGES.invalidInput, filter: API_MESSAGES.invalidInput },
});

export type InvoiceListQuery = ListQueryOf<typeof INVOICE_LIST_QUERY>;

export const invoiceListQueryPipe = new ListQueryPipe(INVOICE_LIST_QUERY);

/** GET /api/invoices/proof: offset, limit (25), filter[month] and filter[text] (the billed party's name). */
export const PROOF_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: ['number'] as const,
  defaultSort: '-number',
  filters: { month: monthFilter, text: textFilter({ maxLength: 200 }) },
  messages: { page: API_MESSAGES.invalidInput, sort: API_MESSAGES.invalidInput, filter: API_MESSAGES.invalidInput },
});

export type ProofListQuery = ListQueryOf<typeof PROOF_LIST_QUERY>;

export const proofListQueryPipe = new ListQueryPipe(PROOF_LIST_QUERY);
