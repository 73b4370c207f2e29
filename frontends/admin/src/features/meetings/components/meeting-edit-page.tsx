import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { MEETING_SAVED_MESSAGE, PRODUCT_NAME, type MeetingUpdateRequest } from '@mediport/contracts';
import { ApiError, toast } from '@mediport/api-client';
import { ErrorPanel, LoadingState, PageHeader } from '@mediport/ui';
import { MEETING_MESSAGES, MEETING_SYSTEMS, validateMeeting } from '@mediport/validation';
import { useMeetingOption, useSaveMeeting } from '../api/meetings-api';

type Values = Required<MeetingUpdateRequest>;
const EMPTY: Values = { date: '', time: '', system: '', url: '', info: '' };

/** /v3/termine/{contractId}/{option}/bearbeiten: date, time, system, url, info. */
export function MeetingEditPage() {
  const { contractId = '', option = '' } = useParams();
  const meeting = useMeetingOption(contractId, option);
  const save = useSaveMeeting(contractId, option);
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [invalid, setInvalid] = useState<Record<string, string>>({});

  useEffect(() => {
    const m = meeting.data;
    if (m) setValues({ date: m.date ?? '', time: m.time ?? '', system: m.system ?? '', url: m.url, info: m.info });
  }, [meeting.data]);

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setInvalid((i) => ({ ...i, [key]: '' }));
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const errors = validateMeeting(values);
    if (errors.length) {
      setInvalid(Object.fromEntries(errors.map((x) => [x.path, x.message])));
      toast(MEETING_MESSAGES.incomplete, 'error');
      return;
    }
    save.mutate(
      { ...values, url: values.url.trim() },
      {
        onSuccess: (saved) => {
          toast(MEETING_SAVED_MESSAGE, 'success');
          navigate(`/v3/termine/${saved._id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError) setInvalid(error.fieldErrors());
        },
      },
    );
  };

  const title = meeting.data?.title ?? 'Termin bearbeiten';
  const crumbs = [{ label: PRODUCT_NAME, to: '/' }, { label: 'Termine', to: '/v3/termine' }, { label: 'Bearbeiten' }];
  if (meeting.isLoading) return <LoadingState />;
  if (!meeting.data) return <ErrorPanel message="Der Termin wurde nicht gefunden." />;
  const err = (key: keyof Values) => !!invalid[key];
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <Paper component="form" noValidate onSubmit={onSubmit} sx={{ p: 3 }} aria-label="Termin bearbeiten">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField label="Datum" placeholder="TT.MM.JJJJ" required fullWidth value={values.date} onChange={set('date')} error={err('date')} helperText={invalid.date || 'Format: TT.MM.JJJJ'} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField label="Uhrzeit" placeholder="HH:MM" required fullWidth value={values.time} onChange={set('time')} error={err('time')} helperText={invalid.time || 'Format: HH:MM'} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField select label="System" required fullWidth value={values.system} onChange={set('system')} error={err('system')} helperText={invalid.system || ' '}>
              {MEETING_SYSTEMS.map((s) => (
                <MenuItem key={s} value={s}>
                  {s}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField label="URL" placeholder="https://" fullWidth value={values.url} onChange={set('url')} error={err('url')} helperText={invalid.url || ' '} />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField label="Info" fullWidth multiline minRows={3} value={values.info} onChange={set('info')} error={err('info')} helperText={invalid.info || ' '} />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
          <Button onClick={() => navigate(-1)}>Abbrechen</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Speichern
          </Button>
        </Box>
      </Paper>
    </>
  );
}
