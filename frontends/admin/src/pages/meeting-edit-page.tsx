import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { PRODUCT_NAME, type MeetingDto } from '@mediport/contracts';
import { ApiError, toast } from '@mediport/api-client';
import { ErrorPanel, LoadingState, PageHeader, useUnsavedChangesGuard } from '@mediport/ui';
import { MEETING_SYSTEMS, normalizeMeetingDate, normalizeMeetingTime } from '@mediport/validation';
import { ADMIN_AREA, COMMON_TEXT, MEETING_TEXT } from '../messages';
import { useMeetingOption, useSaveMeeting } from '../features/meetings/api/meetings-api';
import { meetingFormErrors, meetingToast, type MeetingFormValues } from '../features/meetings/meeting-form-rules';
import { PickerField } from '../features/meetings/components/date-time-fields';

type Values = MeetingFormValues;
const EMPTY: Values = { date: '', time: '', system: '', url: '', info: '' };

const valuesOf = (m: MeetingDto): Values => ({ date: m.date ?? '', time: m.time ?? '', system: m.system ?? '', url: m.url, info: m.info });
const same = (a: Values, b: Values) => (Object.keys(EMPTY) as Array<keyof Values>).every((k) => a[k] === b[k]);

/** /v3/termine/{contractId}/{option}/bearbeiten: date, time, system, url, info. */
export function MeetingEditPage() {
  const { contractId = '', option = '' } = useParams();
  const meeting = useMeetingOption(contractId, option);
  const save = useSaveMeeting(contractId, option);
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState<Partial<Record<keyof Values, string>>>({});
  const stored = useMemo(() => (meeting.data ? valuesOf(meeting.data) : EMPTY), [meeting.data]);
  // What the user typed; until then the stored meeting.
  const [edited, setEdited] = useState<Values | null>(null);
  const values = edited ?? stored;
  const guard = useUnsavedChangesGuard(!same(values, stored));

  const set = (key: keyof Values) => (value: string) => {
    setEdited((v) => ({ ...(v ?? stored), [key]: value }));
    setInvalid((i) => ({ ...i, [key]: '' }));
  };
  const fromEvent = (key: keyof Values) => (e: { target: { value: string } }) => set(key)(e.target.value);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const errors = meetingFormErrors(values);
    if (Object.keys(errors).length) {
      setInvalid(errors);
      toast(meetingToast(errors), 'error');
      return;
    }
    const body = { ...values, date: normalizeMeetingDate(values.date)!, time: normalizeMeetingTime(values.time)!, url: values.url.trim() };
    save.mutate(body, {
      onSuccess: (saved) => {
        toast(MEETING_TEXT.saved, 'success');
        guard.leave(() => navigate(`/v3/termine/${saved._id}`));
      },
      onError: (error) => {
        if (error instanceof ApiError) setInvalid(error.fieldErrors());
      },
    });
  };

  const m = meeting.data;
  const title = m?.title ?? MEETING_TEXT.editTitle;
  const crumbs = [
    { label: PRODUCT_NAME, to: '/' },
    { label: ADMIN_AREA },
    { label: MEETING_TEXT.title, to: '/v3/termine' },
    ...(m ? [{ label: m.title, to: `/v3/termine/${m._id}` }] : []),
    { label: COMMON_TEXT.edit },
  ];
  if (meeting.isLoading) return <LoadingState />;
  if (!m) return <ErrorPanel message={MEETING_TEXT.notFound} />;
  const F = MEETING_TEXT.fields;
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <Paper component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }} aria-label={MEETING_TEXT.editTitle}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <PickerField kind="date" label={F.date} value={values.date} onChange={set('date')} error={invalid.date} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <PickerField kind="time" label={F.time} value={values.time} onChange={set('time')} error={invalid.time} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select label={F.system} required fullWidth value={values.system} onChange={fromEvent('system')} error={!!invalid.system} helperText={invalid.system || ' '}>
              {MEETING_SYSTEMS.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField label={F.url} placeholder={MEETING_TEXT.urlPlaceholder} fullWidth value={values.url} onChange={fromEvent('url')} error={!!invalid.url} helperText={invalid.url || ' '} />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField label={F.info} fullWidth multiline minRows={3} value={values.info} onChange={fromEvent('info')} error={!!invalid.info} helperText={invalid.info || ' '} />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Button onClick={() => navigate(-1)}>{COMMON_TEXT.cancel}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {COMMON_TEXT.save}
          </Button>
        </Box>
      </Paper>
      {guard.dialog}
    </>
  );
}
