import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { TASK_STATUSES, TASK_STATUS_LABELS, type TaskStatus } from '@mediport/contracts';
import { REQUEST_STATE_LABELS, REQUEST_STATES, type RequestState } from '@mediport/contracts/documents';
import { callApi } from '@mediport/api-client';
import { formatGermanDate, parseGermanDate } from '@mediport/validation';
import { FilterBar, FilterSwitch, useDebouncedInput, type FilterChip, type ListState } from '@mediport/ui';
import { LIST_TEXTS as T } from '../messages';
import type { TaskRights } from './task-rights';
import { TASK_FILTER_DELAY_MS, type TaskFilterName } from '../list-request';
import { TRACKER_TEXTS } from '../../documents/messages';

/** The states of a prescription request to filter the orders by. */
const REQUEST_OPTIONS: FilterOption[] = REQUEST_STATES.map((s) => ({ value: s, label: REQUEST_STATE_LABELS[s] }));

/** The status select's "Alle" entry (no status chosen). */
const ALL = 'all';

/** A text filter that writes into the URL once the typing has settled. */
function SettledTextField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useDebouncedInput(value, onChange, TASK_FILTER_DELAY_MS);
  return <TextField label={label} size="small" margin="none" fullWidth={false} value={text} onChange={(e) => setText(e.target.value)} sx={{ width: 200 }} />;
}

/**
 * A day typed as TT.MM.JJJJ (the browser's own date field would show its language's format, e.g.
 * mm/dd/yyyy); the URL keeps it as YYYY-MM-DD once the typed day is complete and valid.
 */
function DateField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(() => (value ? formatGermanDate(value) : ''));
  // Follows the URL when it changes from elsewhere (back button, a reset).
  useEffect(() => {
    setText((typed) => ((parseGermanDate(typed) ?? '') === value ? typed : value ? formatGermanDate(value) : ''));
  }, [value]);
  const parsed = parseGermanDate(text.trim());
  const invalid = text.trim() !== '' && !parsed;
  return (
    <TextField
      label={label}
      size="small"
      margin="none"
      fullWidth={false}
      value={text}
      placeholder={T.datePlaceholder}
      error={invalid}
      helperText={invalid ? T.datePlaceholder : undefined}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const iso = parseGermanDate(next.trim());
        if (next.trim() === '') onChange('');
        else if (iso) onChange(iso);
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      sx={{ width: 170 }}
    />
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface OptionFilterProps {
  label: string;
  value: string;
  options: FilterOption[];
  onChange: (value: string) => void;
  sx?: SxProps<Theme>;
}

/** A filter picking one of `options`, or 'Alle' (''); a value no longer among the options shows as 'Alle'. */
export function OptionFilter({ label, value, options, onChange, sx = { minWidth: 160, maxWidth: 260 } }: OptionFilterProps) {
  return (
    <TextField
      select
      label={label}
      size="small"
      margin="none"
      fullWidth={false}
      value={options.some((o) => o.value === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={sx}
    >
      <MenuItem value="">{T.all}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The doctors and homes to filter by; asked for only when the user may choose among all of them. */
function useFilterOptions(rights: Pick<TaskRights, 'doctorFilter' | 'homeFilter'>) {
  const doctors = useQuery({
    queryKey: ['/api/doctors', 'task-filter'],
    queryFn: ({ signal }) => callApi('GET /api/doctors', { query: { limit: -1, sort: 'lastname' }, signal }),
    enabled: rights.doctorFilter,
  });
  const homes = useQuery({
    queryKey: ['/api/homes', 'task-filter'],
    queryFn: ({ signal }) => callApi('GET /api/homes', { query: { limit: -1, sort: 'name' }, signal }),
    enabled: rights.homeFilter,
  });
  return {
    doctors: (doctors.data?.data ?? []).map((d) => ({ value: d._id, label: [d.title, d.firstname, d.lastname].filter(Boolean).join(' ') })),
    homes: (homes.data?.data ?? []).map((h) => ({ value: h._id, label: h.name })),
  };
}

export interface TaskFiltersProps {
  list: ListState<TaskFilterName>;
  rights: TaskRights;
  /** Chips besides the filters' own (e.g. "Neu angelegt" of the order just saved). */
  extraChips?: FilterChip[];
}

/** Filters behind "Weitere Filter" (the bar shows search, status, "Nur neue", "Ungelesene Nachrichten"). */
const MORE: readonly TaskFilterName[] = ['latestDelivery', 'doctor', 'medicine', 'home', 'request', 'filter_date_type', 'from', 'to'];

/**
 * The orders list's filter bar: search, status, "Nur neue" and "Ungelesene Nachrichten"
 * at hand; latest delivery, doctor, medicine, home, the prescription request's state, date type,
 * from and to behind "Weitere Filter";
 * what is set as removable chips.
 */
export function TaskFilters({ list, rights, extraChips = [] }: TaskFiltersProps) {
  const { doctors, homes } = useFilterOptions(rights);
  const { filters, setFilter } = list;
  const statuses = filters.status ? (filters.status.split(',') as TaskStatus[]) : [];
  const nameOf = (options: { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;
  const day = (iso: string) => (parseGermanDate(formatGermanDate(iso)) ? formatGermanDate(iso) : iso);
  const chip = (name: TaskFilterName | 'text', label: string, value: string): FilterChip => ({
    key: name,
    label: T.chip(label, value),
    onDelete: () => (name === 'text' ? list.setSearch('') : setFilter(name, '')),
  });
  const chips: FilterChip[] = [...extraChips];
  if (filters.text) chips.push(chip('text', T.search, filters.text));
  if (statuses.length) chips.push(chip('status', T.statusFilter, statuses.map((st) => TASK_STATUS_LABELS[st] ?? st).join(', ')));
  if (filters.notSeen) chips.push({ key: 'notSeen', label: T.onlyNew, onDelete: () => setFilter('notSeen', '') });
  if (filters.notSeenEvents) chips.push({ key: 'notSeenEvents', label: T.onlyUnreadMessages, onDelete: () => setFilter('notSeenEvents', '') });
  if (filters.latestDelivery) chips.push(chip('latestDelivery', T.latestDelivery, day(filters.latestDelivery)));
  if (filters.doctor) chips.push(chip('doctor', T.doctorFilter, nameOf(doctors, filters.doctor)));
  if (filters.medicine) chips.push(chip('medicine', T.medicineFilter, filters.medicine));
  if (filters.home) chips.push(chip('home', T.homeFilter, nameOf(homes, filters.home)));
  if (filters.request) chips.push(chip('request', TRACKER_TEXTS.requestFilter, REQUEST_STATE_LABELS[filters.request as RequestState] ?? filters.request));
  if (filters.filter_date_type) chips.push(chip('filter_date_type', T.dateType, filters.filter_date_type === 'modified' ? T.modified : T.createdDate));
  if (filters.from) chips.push(chip('from', T.from, day(filters.from)));
  if (filters.to) chips.push(chip('to', T.to, day(filters.to)));

  return (
    <FilterBar
      search={list.search}
      onSearch={list.setSearch}
      searchLabel={T.search}
      activeFilters={Object.entries(filters).filter(([name, v]) => name !== 'text' && v !== '').length}
      moreActive={MORE.filter((name) => filters[name] !== '').length}
      chips={chips}
      more={
        <>
          <DateField label={T.latestDelivery} value={filters.latestDelivery} onChange={(v) => setFilter('latestDelivery', v)} />
          {rights.doctorFilter && <OptionFilter label={T.doctorFilter} value={filters.doctor} options={doctors} onChange={(v) => setFilter('doctor', v)} />}
          <SettledTextField label={T.medicineFilter} value={filters.medicine} onChange={(v) => setFilter('medicine', v)} />
          {rights.homeFilter && <OptionFilter label={T.homeFilter} value={filters.home} options={homes} onChange={(v) => setFilter('home', v)} />}
          <OptionFilter label={TRACKER_TEXTS.requestFilter} value={filters.request} options={REQUEST_OPTIONS} onChange={(v) => setFilter('request', v)} />
          <OptionFilter
            label={T.dateType}
            value={filters.filter_date_type}
            options={[
              { value: 'created', label: T.createdDate },
              { value: 'modified', label: T.modified },
            ]}
            onChange={(v) => setFilter('filter_date_type', v)}
          />
          <DateField label={T.from} value={filters.from} onChange={(v) => setFilter('from', v)} />
          <DateField label={T.to} value={filters.to} onChange={(v) => setFilter('to', v)} />
        </>
      }
    >
      <TextField
        select
        label={T.statusFilter}
        size="small"
        margin="none"
        fullWidth={false}
        value={statuses.length ? statuses : [ALL]}
        onChange={(e) => {
          const value = e.target.value as unknown as string[] | string;
          const chosen = typeof value === 'string' ? value.split(',') : value;
          // "Alle" clears the choice; picking a status while "Alle" stood replaces it.
          const all = chosen.at(-1) === ALL;
          setFilter('status', all ? '' : TASK_STATUSES.filter((st) => chosen.includes(st)).join(','));
        }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (v) => {
              const picked = (v as string[]).filter((x) => x !== ALL) as TaskStatus[];
              return picked.length ? picked.map((st) => TASK_STATUS_LABELS[st]).join(', ') : T.all;
            },
          },
          inputLabel: { shrink: true },
        }}
        sx={{ width: 170 }}
      >
        <MenuItem value={ALL}>{T.all}</MenuItem>
        {TASK_STATUSES.map((st) => (
          <MenuItem key={st} value={st}>
            {TASK_STATUS_LABELS[st]}
          </MenuItem>
        ))}
      </TextField>
      <FilterSwitch size="small" label={T.onlyNew} value={filters.notSeen} onChange={(v) => setFilter('notSeen', v)} />
      <FilterSwitch size="small" label={T.onlyUnreadMessages} value={filters.notSeenEvents} onChange={(v) => setFilter('notSeenEvents', v)} />
    </FilterBar>
  );
}
