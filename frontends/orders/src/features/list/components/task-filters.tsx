import { type ReactNode, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { TASK_STATUSES, TASK_STATUS_LABELS, type TaskStatus } from '@mediport/contracts';
import { callApi } from '@mediport/api-client';
import { formatGermanDate, parseGermanDate } from '@mediport/validation';
import { FilterBar, FilterSwitch, useDebouncedInput, type ListState } from '@mediport/ui';
import { LIST_TEXTS as T } from '../messages';
import type { TaskRights } from './task-rights';
import { TASK_FILTER_DELAY_MS, type TaskFilterName } from '../list-request';

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

function OptionFilter({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
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
      sx={{ minWidth: 160, maxWidth: 260 }}
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
  selected: number;
  onMarkSelectedRead: () => void;
  onMarkAllRead: () => void;
  marking: boolean;
  refresh: ReactNode;
}

/** The filter panel of spec §2 Orders list, with the mark-as-read actions and the refresh button. */
export function TaskFilters({ list, rights, selected, onMarkSelectedRead, onMarkAllRead, marking, refresh }: TaskFiltersProps) {
  const { doctors, homes } = useFilterOptions(rights);
  const statuses = list.filters.status ? (list.filters.status.split(',') as TaskStatus[]) : [];
  const setFilter = list.setFilter;
  return (
    <FilterBar
      search={list.search}
      onSearch={list.setSearch}
      searchLabel={T.search}
      activeFilters={Object.values(list.filters).filter((v) => v !== '').length}
      actions={
        <>
          <Button variant="outlined" size="small" onClick={onMarkSelectedRead} disabled={selected === 0 || marking}>
            {T.markSelectedRead}
          </Button>
          <Button variant="outlined" size="small" onClick={onMarkAllRead} disabled={marking}>
            {T.markAllRead}
          </Button>
          {refresh}
        </>
      }
    >
      <TextField
        select
        label={T.statusFilter}
        size="small"
        margin="none"
        fullWidth={false}
        value={statuses}
        onChange={(e) => {
          const value = e.target.value as unknown as string[] | string;
          const chosen = typeof value === 'string' ? value.split(',') : value;
          setFilter('status', TASK_STATUSES.filter((s) => chosen.includes(s)).join(','));
        }}
        slotProps={{
          select: { multiple: true, displayEmpty: true, renderValue: (v) => ((v as string[]).length ? (v as TaskStatus[]).map((s) => TASK_STATUS_LABELS[s]).join(', ') : T.all) },
          inputLabel: { shrink: true },
        }}
        sx={{ minWidth: 160, maxWidth: 260 }}
      >
        {TASK_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {TASK_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <DateField label={T.latestDelivery} value={list.filters.latestDelivery} onChange={(v) => setFilter('latestDelivery', v)} />
      {rights.doctorFilter && <OptionFilter label={T.doctorFilter} value={list.filters.doctor} options={doctors} onChange={(v) => setFilter('doctor', v)} />}
      <SettledTextField label={T.medicineFilter} value={list.filters.medicine} onChange={(v) => setFilter('medicine', v)} />
      {rights.homeFilter && <OptionFilter label={T.homeFilter} value={list.filters.home} options={homes} onChange={(v) => setFilter('home', v)} />}
      <FilterSwitch label={T.onlyNew} value={list.filters.notSeen} onChange={(v) => setFilter('notSeen', v)} />
      <FilterSwitch label={T.onlyUnreadMessages} value={list.filters.notSeenEvents} onChange={(v) => setFilter('notSeenEvents', v)} />
      <OptionFilter
        label={T.dateType}
        value={list.filters.filter_date_type}
        options={[
          { value: 'created', label: T.created },
          { value: 'modified', label: T.modified },
        ]}
        onChange={(v) => setFilter('filter_date_type', v)}
      />
      <DateField label={T.from} value={list.filters.from} onChange={(v) => setFilter('from', v)} />
      <DateField label={T.to} value={list.filters.to} onChange={(v) => setFilter('to', v)} />
    </FilterBar>
  );
}
