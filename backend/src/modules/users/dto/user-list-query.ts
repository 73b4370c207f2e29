import { isRole, type Role, USER_SORT_FIELDS, type UserSortField, type UserStatusFilter } from '@mediport/contracts';
import { AppError } from '../../../core/errors/app-error.js';

export interface ParsedUserListQuery {
  text?: string;
  roles?: Role[];
  home?: string;
  doctor?: string;
  status: UserStatusFilter;
  notSeen: boolean;
  sort: { field: UserSortField; desc: boolean };
  offset: number;
  /** null = all rows (limit -1). */
  limit: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 999_999;

function invalid(path: string): AppError {
  return AppError.badRequest([{ path, code: 'invalid', message: 'Ungültiger Filter- oder Seitenparameter.' }]);
}

function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return single(value[0]);
  return typeof value === 'string' ? value : undefined;
}

/** `filter[x]` arrives flat (simple query parser) or nested (extended parser); both are read. */
function filterValue(query: Record<string, unknown>, key: string): unknown {
  const nested = query.filter;
  if (nested && typeof nested === 'object' && !Array.isArray(nested) && key in nested) return (nested as Record<string, unknown>)[key];
  return query[`filter[${key}]`] ?? query[`filter[${key}][]`];
}

function integer(value: string | undefined, path: string, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d+$/.test(value)) throw invalid(path);
  const n = Number(value);
  if (n < min) throw invalid(path);
  return n;
}

/** Reads offset, limit, sort and filter[text|roles|home|doctor|status|notSeen] of GET /api/users. */
export function parseUserListQuery(query: Record<string, unknown>): ParsedUserListQuery {
  const offset = integer(single(query.offset), 'offset', 0, 0);
  const rawLimit = integer(single(query.limit), 'limit', DEFAULT_LIMIT, -1);
  const limit = rawLimit === -1 ? null : Math.min(rawLimit, MAX_LIMIT);

  const rawSort = single(query.sort) ?? 'username';
  const desc = rawSort.startsWith('-');
  const field = (desc ? rawSort.slice(1) : rawSort) as UserSortField;
  if (!(USER_SORT_FIELDS as readonly string[]).includes(field)) throw invalid('sort');

  const text = single(filterValue(query, 'text'))?.trim() || undefined;

  const rawRoles = filterValue(query, 'roles');
  const roleList = (Array.isArray(rawRoles) ? rawRoles : typeof rawRoles === 'string' ? rawRoles.split(',') : [])
    .map((r) => String(r).trim())
    .filter(Boolean);
  if (!roleList.every(isRole)) throw invalid('filter.roles');

  const home = single(filterValue(query, 'home')) || undefined;
  if (home && !UUID.test(home)) throw invalid('filter.home');
  const doctor = single(filterValue(query, 'doctor')) || undefined;
  if (doctor && !UUID.test(doctor)) throw invalid('filter.doctor');

  const status = single(filterValue(query, 'status')) ?? '';
  if (!['', 'removed', 'all'].includes(status)) throw invalid('filter.status');

  const notSeenRaw = single(filterValue(query, 'notSeen'));
  const notSeen = notSeenRaw === '1' || notSeenRaw === 'true';

  return {
    text,
    roles: roleList.length ? (roleList as Role[]) : undefined,
    home,
    doctor,
    status: status as UserStatusFilter,
    notSeen,
    sort: { field, desc },
    offset,
    limit,
  };
}
